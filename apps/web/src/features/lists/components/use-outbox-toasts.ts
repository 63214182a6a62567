import i18next from 'i18next';
import { useEffect } from 'react';
import { notify } from '../../../lib/toasts';
import { useItemOutbox } from '../api/item-mutations';
import type { OutboxProblem } from '../api/outbox-outcomes';

/** A refused change as a toast, in the language shown when the server refused it. */
function toastProblem(problem: OutboxProblem) {
  if (problem.kind === 'conflict') {
    notify({
      type: 'warning',
      message: i18next.t('lists.item.conflict', { name: problem.itemName }),
      duration: 10_000,
    });
  } else {
    notify({ type: 'error', message: i18next.t(problem.messageKey) });
  }
}

/**
 * docs/lists.md "never lose an edit": the person is told of every change the server refused, as a
 * toast. The outbox keeps reporting there once the page is left, since a change queued here may be
 * refused later on another page: nothing is undone when the page unmounts.
 */
export function useOutboxToasts() {
  const outbox = useItemOutbox();
  useEffect(() => {
    outbox.reportProblemsTo(toastProblem);
  }, [outbox]);
}
