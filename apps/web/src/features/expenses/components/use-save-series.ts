import type {
  CreateExpenseSeriesBody,
  ExpenseSeries,
  UpdateExpenseSeriesBody,
} from '@household/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toasts';
import { useCreateSeries, useUpdateSeries } from '../api/series-mutations';
import { saveFailureMessage, serverMessages } from './expense-form-values';
import { sameRule } from './repeat-values';
import type { SeriesToSave } from './use-expense-form';

/**
 * Saves the form's recurring bill: adds a new one under the form's idempotency key, or changes
 * the edited one from its next occurrence on (PATCH without `from_date`: the expenses already made
 * stay as they were). The rule is sent only when it changed, so an edit of the amount leaves the
 * dates as they are.
 */
export function useSaveSeries({
  series,
  groupId,
  idempotencyKey,
  onConflict,
  onClose,
}: {
  series: ExpenseSeries | undefined;
  groupId: number | null;
  idempotencyKey: string;
  onConflict: (current: unknown) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateSeries();
  const update = useUpdateSeries();
  const [serverErrors, setServerErrors] = useState<string[]>([]);

  const onError = (cause: unknown) => {
    if (isApiError(cause, 'conflict') && series) {
      void onConflict(cause.problem.current);
      return;
    }
    if (isApiError(cause, 'already_applied')) {
      notify({ type: 'success', message: t('expenses.series.added') });
      onClose();
      return;
    }
    const messages = serverMessages(t, cause);
    const message = saveFailureMessage(t, cause, series !== undefined, {
      gone: t('expenses.series.gone'),
      saveFailed: t('expenses.series.saveFailed'),
    });
    setServerErrors(messages.length > 0 ? messages : [message]);
    if (messages.length === 0) notify({ type: 'error', message });
  };

  const save = ({ fields, rule }: SeriesToSave) => {
    if (series) {
      const body: UpdateExpenseSeriesBody = {
        version: series.version,
        ...fields,
        ...(sameRule(rule, series.rule) ? {} : { rule }),
      };
      update.mutate(
        { id: series.id, body },
        {
          onSuccess: () => {
            notify({ type: 'success', message: t('expenses.series.updated') });
            onClose();
          },
          onError,
        },
      );
    } else {
      const body: CreateExpenseSeriesBody = { ...fields, group_id: groupId, rule };
      create.mutate(
        { body, idempotencyKey },
        {
          onSuccess: () => {
            notify({ type: 'success', message: t('expenses.series.added') });
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
