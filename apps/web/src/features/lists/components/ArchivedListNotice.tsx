import { IconArchiveOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/plain/Alert';
import { Button } from '../../../components/plain/Button';
import { notify } from '../../../lib/toasts';
import { useListTransition } from '../api/list-mutations';
import classes from './list-page.module.css';

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
    <Alert colour="gray" role="status" title={t('lists.detail.archivedTitle')}>
      {t('lists.detail.archivedText')}
      <div className={classes.archivedButton}>
        <Button
          compact
          variant="light"
          leftSection={<IconArchiveOff size={14} aria-hidden />}
          onClick={unarchive}
          loading={transition.isPending}
        >
          {t('lists.actions.unarchive')}
        </Button>
      </div>
    </Alert>
  );
}
