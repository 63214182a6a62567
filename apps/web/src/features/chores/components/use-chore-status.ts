import type { Chore } from '@household/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../lib/i18n';
import { notify } from '../../../lib/toasts';
import { useCompleteChore, useUndoChore } from '../api/mutations';
import { choreErrorKey } from '../errors';

/**
 * Mark done and Mark not done (spec §4), each with its toast (spec §8). Several chores may be
 * ticked off in a row, so each one's progress is tracked by its id: the promise of every call
 * settles, where a mutation's own callbacks would report only the last one.
 */
export function useChoreStatus() {
  const { t } = useTranslation();
  const complete = useCompleteChore();
  const undo = useUndoChore();
  const [busy, setBusy] = useState<ReadonlySet<number>>(() => new Set());

  const run = (change: typeof complete, chore: Chore, success: TranslationKey): Promise<void> => {
    setBusy((ids) => new Set(ids).add(chore.id));
    return change
      .mutateAsync({ id: chore.id, version: chore.version })
      .then(
        () => notify({ type: 'success', message: t(success) }),
        (error: unknown) =>
          notify({ type: 'error', message: t(choreErrorKey(error, 'chores.status.failed')) }),
      )
      .finally(() =>
        setBusy((ids) => {
          const next = new Set(ids);
          next.delete(chore.id);
          return next;
        }),
      );
  };

  return {
    onComplete: (chore: Chore) => void run(complete, chore, 'chores.status.done'),
    onUndo: (chore: Chore) => void run(undo, chore, 'chores.status.notDone'),
    isBusy: (chore: Chore) => busy.has(chore.id),
  };
}
