import { TIME_ENTRY_MAX_MINUTES, type Assignment, type TimeEntry } from '@household/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/api-context';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toasts';
import { useTimeEntryChanges } from '../api/mutations';
import { timeEntriesQueryOptions } from '../api/queries';

/**
 * The time entries of one assignment (loaded while the dialog is open), my running timer among
 * them, and the changes I can make: start or stop my timer, add minutes, delete an entry of mine.
 */
export function useTimeEntries({
  opened,
  assignment,
}: {
  opened: boolean;
  assignment: Assignment | null;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const assignmentId = assignment?.id ?? 0;
  const entries = useQuery({
    ...timeEntriesQueryOptions(useApi(), assignmentId),
    enabled: opened && assignment !== null,
  });
  const { create, stop, remove } = useTimeEntryChanges(assignmentId);
  const [minutes, setMinutes] = useState<number | string>('');
  const isMine = (entry: TimeEntry) => entry.user?.id === user?.id;
  const running = entries.data?.items.find((entry) => entry.ended_at === null && isMine(entry));
  const failed = () => notify({ type: 'error', message: t('assignments.time.failed') });
  const validMinutes =
    typeof minutes === 'number' &&
    Number.isInteger(minutes) &&
    minutes >= 1 &&
    minutes <= TIME_ENTRY_MAX_MINUTES;

  return {
    entries: entries.data?.items,
    running,
    isMine,
    minutes,
    setMinutes,
    validMinutes,
    isStarting: create.isPending,
    isStopping: stop.isPending,
    startTimer: () => create.mutate({ start: true }, { onError: failed }),
    stopTimer: (entry: TimeEntry) => stop.mutate(entry, { onError: failed }),
    addMinutes: () => {
      if (!validMinutes) return;
      create.mutate({ minutes }, { onSuccess: () => setMinutes(''), onError: failed });
    },
    deleteEntry: (entry: TimeEntry) => remove.mutate(entry, { onError: failed }),
  };
}

export type TimeEntries = ReturnType<typeof useTimeEntries>;
