import {
  ZAssignment,
  ZAssignmentList,
  ZCalendarFeed,
  ZChoreHistoryPage,
  ZScheduleResult,
  ZTimeEntry,
  ZTimeEntryList,
  type Assignment,
  type CreateTimeEntryBody,
  type GenerateScheduleBody,
  type TimeEntry,
} from '@household/contracts';
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api-client';
import { useApi } from '../../lib/api-context';
import { apiPaths } from '../../paths';
import { refreshChores } from './api';
import { choreKeys } from './keys';

/**
 * Assignments ("My assigned chores"), time entries, the group's chore history, schedule
 * generation and the calendar feed. Every change refreshes everything under ['chores'].
 */

/** GET /chores/assignments: mine, open ones and those done in the last 30 days. */
export const myAssignmentsQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: choreKeys.myAssignments,
    queryFn: ({ signal }) => api.get(apiPaths.myAssignments, { schema: ZAssignmentList, signal }),
  });

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

/** GET /groups/{id}/chores/history: newest first, a page at a time, with per-member totals. */
export const groupChoreHistoryQueryOptions = (api: ApiClient, groupId: number) =>
  infiniteQueryOptions({
    queryKey: choreKeys.groupHistory(groupId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api.get(apiPaths.groupChoreHistory(groupId), {
        query: { limit: 20, cursor: pageParam },
        schema: ZChoreHistoryPage,
        signal,
      }),
    getNextPageParam: (page) => page.next_cursor,
  });

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

export const timeEntriesQueryOptions = (api: ApiClient, assignmentId: number) =>
  queryOptions({
    queryKey: choreKeys.timeEntries(assignmentId),
    queryFn: ({ signal }) =>
      api.get(apiPaths.assignmentTimeEntries(assignmentId), { schema: ZTimeEntryList, signal }),
  });

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

export const calendarFeedQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: choreKeys.calendarFeed,
    queryFn: () => api.get(apiPaths.calendarFeed, { schema: ZCalendarFeed }),
    staleTime: Infinity,
  });

export function useResetCalendarFeed() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(apiPaths.calendarFeedReset, { schema: ZCalendarFeed }),
    onSuccess: (feed) => queryClient.setQueryData(choreKeys.calendarFeed, feed),
  });
}
