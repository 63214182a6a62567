import { CHORE_SKIP_REASON_MAX_LENGTH, type Chore } from '@household/contracts';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/toasts';
import { useSkipChore } from '../api/mutations';

/**
 * Skip a turn (docs/chores.md "When the next one is due"): asks why, as the household sees it in
 * the history; nobody is credited and the chore moves on to its next turn.
 */
export function SkipChoreModal({
  opened,
  chore,
  onClose,
}: {
  opened: boolean;
  chore: Chore;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const skip = useSkipChore();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  const close = () => {
    setReason('');
    setError(undefined);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (trimmed === '') {
      setError(t('chores.skip.reasonRequired'));
      return;
    }
    skip.mutate(
      { chore, reason: trimmed },
      {
        onSuccess: () => {
          notify({ type: 'success', message: t('chores.skip.done', { name: chore.name }) });
          close();
        },
        onError: () => notify({ type: 'error', message: t('chores.skip.failed') }),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t('chores.skip.title', { name: chore.name })}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">{t('chores.skip.explain')}</Text>
          <TextInput
            label={t('chores.skip.reason')}
            required
            data-autofocus
            maxLength={CHORE_SKIP_REASON_MAX_LENGTH}
            value={reason}
            error={error}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(undefined);
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('app.cancel')}
            </Button>
            <Button type="submit" loading={skip.isPending}>
              {t('chores.skip.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
