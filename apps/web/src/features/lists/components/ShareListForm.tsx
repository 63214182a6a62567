import type { List } from '@household/contracts';
import { Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/api-context';
import { myGroupsQueryOptions } from '../../../lib/shared-queries';
import { notify } from '../../../lib/toasts';
import { useShareList } from '../api/list-mutations';
import { listActionFailureKey } from './list-action-failure';

/** docs/lists.md: a personal list moves into one of my groups. */
export function ShareListForm({ list, onDone }: { list: List; onDone: () => void }) {
  const { t } = useTranslation();
  const groups = useQuery(myGroupsQueryOptions(useApi()));
  const share = useShareList(list.id);
  const [groupId, setGroupId] = useState('');
  const options = groups.data ?? [];
  const chosen = groupId || (options[0] ? String(options[0].id) : '');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    const group = options.find((candidate) => String(candidate.id) === chosen);
    share.mutate(Number(chosen), {
      onSuccess: () => {
        notify({
          type: 'success',
          message: t('lists.share.success', { name: group?.name ?? chosen }),
        });
        onDone();
      },
      onError: (cause) => notify({ type: 'error', message: t(listActionFailureKey(cause)) }),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        {options.length === 0 && !groups.isPending ? (
          <TextInput readOnly label={t('lists.share.group')} value={t('lists.share.noGroups')} />
        ) : (
          <NativeSelect
            label={t('lists.share.group')}
            value={chosen}
            onChange={(event) => setGroupId(event.currentTarget.value)}
            data={options.map((group) => ({ value: String(group.id), label: group.name }))}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" disabled={!chosen} loading={share.isPending}>
            {t('lists.share.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
