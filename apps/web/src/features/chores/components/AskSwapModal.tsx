import { CHORE_SWAP_NOTE_MAX_LENGTH, type Assignment } from '@household/contracts';
import { Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { NAME_RULES, personName } from '../../../lib/people';
import { groupQueryOptions } from '../../../lib/shared-queries';
import { notify } from '../../../lib/toasts';
import { useAskSwap } from '../api/swaps';

/**
 * "Ask someone to take it" (docs/chores.md "Swaps"): one of my open turns, a housemate to ask and
 * an optional note. Loaded when first opened.
 */
export function AskSwapModal({
  opened,
  assignment,
  onClose,
}: {
  opened: boolean;
  assignment: Assignment | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const groupId = assignment?.group_id ?? null;
  const group = useQuery({
    ...groupQueryOptions(useApi(), groupId ?? 0),
    enabled: opened && groupId !== null,
  });
  const others = (group.data?.members ?? []).filter((member) => member.id !== assignment?.user?.id);
  const [chosen, setChosen] = useState('');
  const [note, setNote] = useState('');
  const ask = useAskSwap();
  const to = chosen || String(others[0]?.id ?? '');

  const close = () => {
    setChosen('');
    setNote('');
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!assignment || !to) return;
    ask.mutate(
      { assignmentId: assignment.id, body: { to_user_id: Number(to), note: note.trim() } },
      {
        onSuccess: () => {
          notify({ type: 'success', message: t('swaps.asked') });
          close();
        },
        onError: (error) =>
          notify({
            type: 'error',
            message: t(
              isApiError(error, 'swap_pending') ? 'swaps.alreadyPending' : 'swaps.askFailed',
            ),
          }),
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('swaps.askTitle', { name: assignment?.chore_name ?? '' })}
    >
      <form onSubmit={submit}>
        <Stack>
          <NativeSelect
            label={t('swaps.whom')}
            value={to}
            onChange={(event) => setChosen(event.currentTarget.value)}
            data={others.map((member) => ({
              value: String(member.id),
              label: personName(t, member, NAME_RULES.chores),
            }))}
            disabled={others.length === 0}
            description={others.length === 0 && group.data ? t('swaps.nobody') : undefined}
          />
          <TextInput
            label={t('swaps.note')}
            value={note}
            maxLength={CHORE_SWAP_NOTE_MAX_LENGTH}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('app.cancel')}
            </Button>
            <Button type="submit" loading={ask.isPending} disabled={!to}>
              {t('swaps.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
