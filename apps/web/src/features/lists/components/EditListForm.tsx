import { LIST_DESCRIPTION_MAX_LENGTH, LIST_NAME_MAX_LENGTH, type List } from '@household/contracts';
import { Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/toasts';
import { useUpdateList } from '../api/list-mutations';
import { listActionFailureKey } from './list-action-failure';

/** The list's name and description, sent with the version the person saw. */
export function EditListForm({ list, onDone }: { list: List; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateList(list.id);
  const [name, setName] = useState(list.name);
  const [description, setDescription] = useState(list.description);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setError(t('lists.create.nameRequired'));
      return;
    }
    update.mutate(
      { version: list.version, name: name.trim(), description: description.trim() },
      {
        onSuccess: () => {
          notify({ type: 'success', message: t('lists.actions.saved') });
          onDone();
        },
        onError: (cause) => notify({ type: 'error', message: t(listActionFailureKey(cause)) }),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <TextInput
          label={t('lists.fields.name')}
          required
          data-autofocus
          maxLength={LIST_NAME_MAX_LENGTH}
          value={name}
          error={error}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Textarea
          label={t('lists.fields.description')}
          autosize
          minRows={2}
          maxLength={LIST_DESCRIPTION_MAX_LENGTH}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('app.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
