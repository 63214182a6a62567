import { groupByBucket } from '@household/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/api-context';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toasts';
import { myAssignmentsQueryOptions } from '../api/queries';
import { useChoresLive } from '../live';
import { todayForUser } from './chore-format';

/**
 * My assigned turns, kept live, in the domain's timeline buckets for today in my time zone; a
 * failed load says so in a toast (spec §8).
 */
export function useMyAssignments() {
  const { t } = useTranslation();
  const { user } = useSession();
  useChoresLive();
  const assignments = useQuery(myAssignmentsQueryOptions(useApi()));
  const today = todayForUser(user?.timezone);
  const failed = assignments.isError && !assignments.data;

  useEffect(() => {
    if (failed) {
      notify({ id: 'assignments-load', type: 'error', message: t('assignments.loadFailed') });
    }
  }, [failed, t]);

  const buckets = groupByBucket(
    (assignments.data?.items ?? []).map((assignment) => ({
      assignment,
      dueDate: assignment.due_date,
      completed: assignment.completed_on !== null,
      completedOn: assignment.completed_on,
    })),
    today,
  );
  return { assignments, buckets };
}
