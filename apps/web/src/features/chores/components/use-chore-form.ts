import { zodResolver } from '@hookform/resolvers/zod';
import type { Chore } from '@household/contracts';
import type { CalendarDate } from '@household/domain';
import { useLayoutEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toasts';
import { useCreateChore, useUpdateChore } from '../api/mutations';
import { choreErrorKey, choreFieldErrors } from '../errors';
import {
  choreFormDefaults,
  choreFormSchema,
  createChoreBody,
  FORM_FIELD_OF,
  updateChoreBody,
  type ChoreFormValues,
  type NewChoreDefaults,
} from './chore-form-values';

/**
 * The chore form's values and how they are saved: a new chore is created, an edit updates the
 * chore at the version it started from. The server's field errors land on their fields; a stale
 * version or a deleted chore goes to the caller, anything else is shown as a failure.
 */
export function useChoreForm({
  chore,
  defaults,
  today,
  onDirtyChange,
  onSaved,
  onConflict,
  onGone,
}: {
  chore: Chore | undefined;
  defaults: NewChoreDefaults | undefined;
  today: CalendarDate;
  onDirtyChange: (dirty: boolean) => void;
  onSaved: () => void;
  onConflict: (current: unknown) => void;
  onGone: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateChore();
  const update = useUpdateChore();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ChoreFormValues>({
    resolver: zodResolver(choreFormSchema),
    defaultValues: choreFormDefaults(chore, defaults, today),
  });
  const {
    setError,
    formState: { errors, isDirty, isSubmitted },
  } = form;
  // Before the browser's next event: Escape pressed right after typing must already ask first.
  useLayoutEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const onError = (cause: unknown) => {
    if (isApiError(cause, 'conflict') && chore) return onConflict(cause.problem.current);
    if (isApiError(cause, 'not_found') && chore) return onGone();
    const fields = Object.entries(choreFieldErrors(cause));
    for (const [path, message] of fields) {
      setError(FORM_FIELD_OF[path as keyof typeof FORM_FIELD_OF], { type: 'server', message });
    }
    if (fields.length > 0) return;
    // spec §8: "Failed to save or delete the chore", or the cause when a person can act on it.
    const message = t(choreErrorKey(cause, 'chores.form.saveFailed'));
    setFailure(message);
    notify({ type: 'error', message });
  };

  const onSubmit = (values: ChoreFormValues) => {
    setFailure(null);
    if (chore) {
      update.mutate(
        { id: chore.id, body: updateChoreBody(values, chore.version, chore) },
        {
          onSuccess: () => {
            notify({ type: 'success', message: t('chores.form.updated') });
            onSaved();
          },
          onError,
        },
      );
    } else {
      create.mutate(createChoreBody(values), {
        onSuccess: () => {
          notify({ type: 'success', message: t('chores.form.created') });
          onSaved();
        },
        onError,
      });
    }
  };

  return {
    form,
    errors,
    failure,
    isSaving: create.isPending || update.isPending,
    submit: form.handleSubmit(onSubmit),
    setDueDate: (date: CalendarDate) =>
      form.setValue('dueDate', date, { shouldDirty: true, shouldValidate: isSubmitted }),
  };
}
