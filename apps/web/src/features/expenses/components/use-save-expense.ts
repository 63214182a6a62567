import type {
  CreateExpenseBody,
  Expense,
  ListDetail,
  UpdateExpenseBody,
} from '@household/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toasts';
import { useCreateExpense, useUpdateExpense } from '../api/mutations';
import { saveFailureMessage, serverMessages } from './expense-form-values';
import type { ExpenseFieldsToSave } from './use-expense-form';

/**
 * Saves the form's expense: changes the edited one, or adds a new one under the form's
 * idempotency key; keeps what the server refused to show it beside the form.
 */
export function useSaveExpense({
  expense,
  groupId,
  list,
  idempotencyKey,
  onConflict,
  onClose,
}: {
  expense: Expense | undefined;
  groupId: number | null;
  list: ListDetail | null;
  idempotencyKey: string;
  onConflict: (current: unknown) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateExpense();
  const update = useUpdateExpense();
  const [serverErrors, setServerErrors] = useState<string[]>([]);

  const onError = (cause: unknown) => {
    if (isApiError(cause, 'conflict') && expense) {
      void onConflict(cause.problem.current);
      return;
    }
    if (isApiError(cause, 'already_applied')) {
      notify({ type: 'success', message: t('expenses.form.added') });
      void onClose();
      return;
    }
    const messages = serverMessages(t, cause);
    const message = saveFailureMessage(t, cause, expense !== undefined, {
      gone: t('expenses.form.gone'),
      saveFailed: t('expenses.form.saveFailed'),
    });
    setServerErrors(messages.length > 0 ? messages : [message]);
    if (messages.length === 0) notify({ type: 'error', message });
  };

  const save = (fields: ExpenseFieldsToSave) => {
    if (expense) {
      const body: UpdateExpenseBody = { version: expense.version, ...fields };
      update.mutate(
        { id: expense.id, body },
        {
          onSuccess: () => {
            notify({ type: 'success', message: t('expenses.form.updated') });
            onClose();
          },
          onError,
        },
      );
    } else {
      const body: CreateExpenseBody = {
        ...fields,
        group_id: groupId,
        ...(list ? { list_id: list.id } : {}),
      };
      create.mutate(
        { body, idempotencyKey },
        {
          onSuccess: () => {
            notify({ type: 'success', message: t('expenses.form.added') });
            onClose();
          },
          onError,
        },
      );
    }
  };

  return {
    save,
    serverErrors,
    clearServerErrors: () => setServerErrors([]),
    isPending: create.isPending || update.isPending,
  };
}
