import {
  ZChore,
  type Chore,
  type CreateChoreBody,
  type UpdateChoreBody,
  ZAssignment,
  ZCalendarFeed,
  ZScheduleResult,
  ZTimeEntry,
  type Assignment,
  type CreateAwayPeriodBody,
  ZMemberAwayPeriod,
  type CreateTimeEntryBody,
  type GenerateScheduleBody,
  type SkipChoreBody,
  type SnoozeChoreBody,
  type TimeEntry,
} from '@household/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import { apiPaths } from './paths';
import { choreKeys } from './keys';

// Every change refreshes everything under ['chores']: lists, assignments, history (keys.ts).

export const refreshChores = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: choreKeys.all });

/**
 * Puts a chore as the server answered it into every cached list that shows it, at once: a chore
 * just marked done must not offer "Mark done" again with its old version while the lists refetch.
 */
export function showSavedChore(queryClient: QueryClient, chore: Chore) {
  queryClient.setQueryData(choreKeys.chore(chore.id), chore);
  queryClient.setQueriesData<Chore[]>({ queryKey: ['chores', 'list'] }, (list) =>
    list?.map((item) => (item.id === chore.id ? chore : item)),
  );
}

export function useCreateChore() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateChoreBody) =>
      api.post(apiPaths.chores, { json: body, schema: ZChore }),
    onSuccess: (chore) => {
      queryClient.setQueryData(choreKeys.chore(chore.id), chore);
      void refreshChores(queryClient);
    },
  });
}

/** PATCH /chores/{id} with the version the person saw; a stale one answers 409 `conflict`. */
export function useUpdateChore() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateChoreBody }) =>
      api.patch(apiPaths.chore(id), { json: body, schema: ZChore }),
    onSuccess: (chore) => showSavedChore(queryClient, chore),
    // A stale version refreshes too, so what is shown is the latest.
    onSettled: () => void refreshChores(queryClient),
  });
}

export function useDeleteChore() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chore: Pick<Chore, 'id' | 'version'>) =>
      api.delete(apiPaths.chore(chore.id), { query: { version: chore.version } }),
    onSuccess: (_answer, chore) => {
      queryClient.removeQueries({ queryKey: choreKeys.chore(chore.id) });
      queryClient.setQueriesData<Chore[]>({ queryKey: ['chores', 'list'] }, (list) =>
        list?.filter((item) => item.id !== chore.id),
      );
    },
    onSettled: () => void refreshChores(queryClient),
  });
}

/**
 * POST /chores/{id}/complete or /undo with the version shown (spec §4: mark done or not done).
 * Done, a one-time chore is completed; a recurring one moves to its next due date.
 */
function useChoreStatusChange(path: (id: number) => string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chore: Pick<Chore, 'id' | 'version'>) =>
      api.post(path(chore.id), { json: { version: chore.version }, schema: ZChore }),
    onSuccess: (chore) => showSavedChore(queryClient, chore),
    onSettled: () => void refreshChores(queryClient),
  });
}

export const useCompleteChore = () => useChoreStatusChange(apiPaths.choreComplete);

export const useUndoChore = () => useChoreStatusChange(apiPaths.choreUndo);

/** PATCH /chores/assignments/{id}: Mark Complete (or take it back) with the version shown. */
export function useCompleteAssignment() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ assignment, completed }: { assignment: Assignment; completed: boolean }) =>
      api.patch(apiPaths.assignment(assignment.id), {
        json: { version: assignment.version, completed },
        schema: ZAssignment,
      }),
    onSuccess: (saved) =>
      queryClient.setQueryData(
        choreKeys.myAssignments,
        (list: { items: Assignment[] } | undefined) =>
          list ? { items: list.items.map((item) => (item.id === saved.id ? saved : item)) } : list,
      ),
    onSettled: () => void refreshChores(queryClient),
  });
}

/** POST /groups/{id}/chores/generate-schedule: a preview, or the same choices saved. */
export function useGenerateSchedule(groupId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GenerateScheduleBody) =>
      api.post(apiPaths.generateSchedule(groupId), { json: body, schema: ZScheduleResult }),
    onSuccess: (result) => {
      if (result.saved) void refreshChores(queryClient);
    },
  });
}

/** Start a timer or record minutes; stop a timer; delete an entry of mine. */
export function useTimeEntryChanges(assignmentId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  const settled = () => void refreshChores(queryClient);
  const create = useMutation({
    mutationFn: (body: CreateTimeEntryBody) =>
      api.post(apiPaths.assignmentTimeEntries(assignmentId), { json: body, schema: ZTimeEntry }),
    onSettled: settled,
  });
  const stop = useMutation({
    mutationFn: (entry: TimeEntry) =>
      api.patch(apiPaths.timeEntry(entry.id), {
        json: { version: entry.version, stop: true },
        schema: ZTimeEntry,
      }),
    onSettled: settled,
  });
  const remove = useMutation({
    mutationFn: (entry: TimeEntry) =>
      api.delete(apiPaths.timeEntry(entry.id), { query: { version: entry.version } }),
    onSettled: settled,
  });
  return { create, stop, remove };
}

/** The body of a new calendar address: the password only when the server asked for it. */
const reauthBody = (currentPassword?: string) =>
  currentPassword ? { current_password: currentPassword } : undefined;

/** POST /chores/calendar-feed: makes my address (the login must be fresh, or the password given). */
export function useCreateCalendarFeed() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (currentPassword?: string) =>
      api.post(apiPaths.calendarFeed, { json: reauthBody(currentPassword), schema: ZCalendarFeed }),
    onSuccess: (feed) => queryClient.setQueryData(choreKeys.calendarFeed, feed),
  });
}

/** POST /chores/calendar-feed/reset: a new address in place of the old one, like making one. */
export function useResetCalendarFeed() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (currentPassword?: string) =>
      api.post(apiPaths.calendarFeedReset, {
        json: reauthBody(currentPassword),
        schema: ZCalendarFeed,
      }),
    onSuccess: (feed) => queryClient.setQueryData(choreKeys.calendarFeed, feed),
  });
}

/** POST /chores/{id}/assignments for myself: "Take it" on a claimable chore's open turn. */
export function useTakeTurn() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chore, userId }: { chore: Pick<Chore, 'id' | 'due_date'>; userId: number }) =>
      api.post(apiPaths.choreAssignments(chore.id), {
        json: { user_id: userId, due_date: chore.due_date },
        schema: ZAssignment,
      }),
    onSettled: () => void refreshChores(queryClient),
  });
}

/** POST and DELETE /groups/{id}/away-periods: the next turns change, so every chore refreshes. */
export function useAwayPeriods(groupId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  const settled = () => void refreshChores(queryClient);
  const add = useMutation({
    mutationFn: (body: CreateAwayPeriodBody) =>
      api.post(apiPaths.groupAwayPeriods(groupId), { json: body, schema: ZMemberAwayPeriod }),
    onSettled: settled,
  });
  const remove = useMutation({
    mutationFn: (periodId: number) => api.delete(apiPaths.groupAwayPeriod(groupId, periodId)),
    onSettled: settled,
  });
  return { add, remove };
}

/** POST /chores/{id}/skip: the turn passes without credit, for a reason (with the version shown). */
export function useSkipChore() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chore, reason }: { chore: Pick<Chore, 'id' | 'version'>; reason: string }) =>
      api.post(apiPaths.choreSkip(chore.id), {
        json: { reason, version: chore.version } satisfies SkipChoreBody,
        schema: ZChore,
      }),
    onSuccess: (chore) => showSavedChore(queryClient, chore),
    onSettled: () => void refreshChores(queryClient),
  });
}

/** POST /chores/{id}/snooze: the turn waits a day or a week. */
export function useSnoozeChore() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chore, days }: { chore: Pick<Chore, 'id' | 'version'>; days: 1 | 7 }) =>
      api.post(apiPaths.choreSnooze(chore.id), {
        json: { days, version: chore.version } satisfies SnoozeChoreBody,
        schema: ZChore,
      }),
    onSuccess: (chore) => showSavedChore(queryClient, chore),
    onSettled: () => void refreshChores(queryClient),
  });
}
