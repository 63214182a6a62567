import type { Expense, ExpenseSplit } from '@household/contracts';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { LoadWhenOpened } from '../../../components/LoadWhenOpened';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toasts';
import { useDeleteExpense } from '../api/mutations';
import type { ExpenseActions } from './ExpenseCard';
import type { ExpenseFormTarget } from './ExpenseFormModal';

// The form and the settle dialog load when first opened: showing expenses does not need them.
const ExpenseFormModal = lazy(() =>
  import('./ExpenseFormModal').then((m) => ({ default: m.ExpenseFormModal })),
);
const SettleShareModal = lazy(() =>
  import('./SettleShareModal').then((m) => ({ default: m.SettleShareModal })),
);

/**
 * The dialogs of a screen that shows expenses: add or edit, delete with a confirmation, settle a
 * share. Returns the card actions, a way to open the add form, and the dialogs to render.
 */
export function useExpenseDialogs({
  myId,
  canChange,
}: {
  myId: number | undefined;
  canChange: (expense: Expense) => boolean;
}) {
  const { t } = useTranslation();
  const [formTarget, setFormTarget] = useState<ExpenseFormTarget | null>(null);
  const [settling, setSettling] = useState<{ expense: Expense; split: ExpenseSplit } | null>(null);
  const [deleting, setDeleting] = useState<Expense | null>(null);
  const remove = useDeleteExpense();

  const actions: ExpenseActions = {
    canChange,
    onEdit: (expense) => setFormTarget({ expense }),
    onDelete: setDeleting,
    onSettle: (expense, split) => setSettling({ expense, split }),
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting, {
      onSuccess: () => notify({ type: 'success', message: t('expenses.delete.success') }),
      onError: (cause) =>
        notify({
          type: 'error',
          message: isApiError(cause, 'conflict')
            ? t('expenses.delete.conflict')
            : isApiError(cause, 'forbidden')
              ? t('errors.forbidden')
              : t('expenses.delete.failed'),
        }),
      onSettled: () => setDeleting(null),
    });
  };

  const dialogs = (
    <>
      <LoadWhenOpened opened={formTarget !== null}>
        {(opened) => (
          <ExpenseFormModal
            opened={opened}
            target={formTarget}
            onClose={() => setFormTarget(null)}
          />
        )}
      </LoadWhenOpened>
      <LoadWhenOpened opened={settling !== null}>
        {(opened) => (
          <SettleShareModal
            opened={opened}
            expense={settling?.expense ?? null}
            split={settling?.split ?? null}
            myId={myId}
            onClose={() => setSettling(null)}
          />
        )}
      </LoadWhenOpened>
      <ConfirmModal
        opened={deleting !== null}
        title={t('expenses.delete.title')}
        text={deleting ? t('expenses.delete.text', { description: deleting.description }) : ''}
        confirmLabel={t('expenses.delete.confirm')}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </>
  );

  return { actions, openForm: setFormTarget, dialogs };
}
