import { Alert, Button, Text } from '@mantine/core';
import { IconArchiveOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/toasts';
import { useListTransition } from '../api/list-mutations';

/** An archived list is read-only; this says so where items would be added, and undoes it. */
export function ArchivedListNotice({ listId }: { listId: number }) {
  const { t } = useTranslation();
  const transition = useListTransition();
  const unarchive = () =>
    transition.mutate(
      { id: listId, transition: 'unarchive' },
      {
        onSuccess: () => notify({ type: 'success', message: t('lists.actions.unarchived') }),
        onError: () => notify({ type: 'error', message: t('lists.actions.failed') }),
      },
    );

  return (
    <Alert color="gray" title={t('lists.detail.archivedTitle')}>
      <Text size="sm">{t('lists.detail.archivedText')}</Text>
      <Button
        mt="sm"
        size="xs"
        variant="light"
        leftSection={<IconArchiveOff size={14} aria-hidden />}
        onClick={unarchive}
        loading={transition.isPending}
      >
        {t('lists.actions.unarchive')}
      </Button>
    </Alert>
  );
}
