import type { Assignment } from '@household/contracts';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/toasts';
import { useCompleteAssignment } from '../api/mutations';
import { choreErrorKey } from '../errors';

/** Mark Complete and Undo for my turns, each with its toast (spec §8). */
export function useAssignmentCompletion() {
  const { t } = useTranslation();
  const complete = useCompleteAssignment();

  const change = (assignment: Assignment, completed: boolean) =>
    complete.mutate(
      { assignment, completed },
      {
        onSuccess: () =>
          notify({
            type: 'success',
            message: t(completed ? 'chores.status.done' : 'chores.status.notDone'),
          }),
        onError: (error) =>
          notify({
            type: 'error',
            message: t(choreErrorKey(error, 'assignments.completeFailed')),
          }),
      },
    );

  return {
    change,
    isCompleting: (assignment: Assignment) =>
      complete.isPending && complete.variables?.assignment.id === assignment.id,
  };
}
