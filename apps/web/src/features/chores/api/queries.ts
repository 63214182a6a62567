import {
  CHORE_PAGE_MAX,
  ZChore,
  ZChoreHistoryPage,
  ZChorePage,
  ZMemberAwayPeriod,
  type Chore,
  type ChorePage,
  ZAssignmentList,
  ZCalendarFeed,
  ZTimeEntryList,
} from '@household/contracts';
import { queryOptions, infiniteQueryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { isApiError, type ApiClient } from '../../../lib/api-client';
import { apiPaths } from './paths';
import { choreKeys, type ChoreScope } from './keys';

/**
 * A household's chores come in one answer of up to 1000; the cursor is followed past that, but
 * never for ever: a server that kept answering with a cursor would otherwise hold the page.
 */
const MAX_CHORE_PAGES = 20;

const scopeRequest = (scope: ChoreScope) =>
  scope.kind === 'group'
    ? { path: apiPaths.groupChores(scope.groupId), query: {} }
    : { path: apiPaths.chores, query: scope.kind === 'personal' ? { personal: 'true' } : {} };

/** GET /chores (everything I see), /chores?personal=true or /groups/{id}/chores, every page. */
export async function fetchChores(
  api: ApiClient,
  scope: ChoreScope,
  signal?: AbortSignal,
): Promise<Chore[]> {
  const { path, query } = scopeRequest(scope);
  const chores: Chore[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_CHORE_PAGES; page += 1) {
    const answer: ChorePage = await api.get(path, {
      query: { ...query, limit: CHORE_PAGE_MAX, cursor },
      schema: ZChorePage,
      signal,
    });
    chores.push(...answer.items);
    cursor = answer.next_cursor;
    if (cursor === null) break;
  }
  return chores;
}

export const choresQueryOptions = (api: ApiClient, scope: ChoreScope) =>
  queryOptions({
    queryKey: choreKeys.list(scope),
    queryFn: ({ signal }) => fetchChores(api, scope, signal),
  });

export const fetchChore = (api: ApiClient, id: number) =>
  api.get(apiPaths.chore(id), { schema: ZChore });

export const choreQueryOptions = (api: ApiClient, id: number) =>
  queryOptions({ queryKey: choreKeys.chore(id), queryFn: () => fetchChore(api, id) });

/** GET /chores/{id}/history: what happened to one chore, newest first, with per-member totals. */
export const choreHistoryQueryOptions = (api: ApiClient, id: number) =>
  queryOptions({
    queryKey: choreKeys.choreHistory(id),
    queryFn: ({ signal }) =>
      api.get(apiPaths.choreHistory(id), { schema: ZChoreHistoryPage, signal }),
  });

/** GET /chores/assignments: mine, open ones and those done in the last 30 days. */
export const myAssignmentsQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: choreKeys.myAssignments,
    queryFn: ({ signal }) => api.get(apiPaths.myAssignments, { schema: ZAssignmentList, signal }),
  });

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

export const timeEntriesQueryOptions = (api: ApiClient, assignmentId: number) =>
  queryOptions({
    queryKey: choreKeys.timeEntries(assignmentId),
    queryFn: ({ signal }) =>
      api.get(apiPaths.assignmentTimeEntries(assignmentId), { schema: ZTimeEntryList, signal }),
  });

/** GET /chores/calendar-feed: my address, or null until I make one (the server's 404). */
export const calendarFeedQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: choreKeys.calendarFeed,
    queryFn: () =>
      api.get(apiPaths.calendarFeed, { schema: ZCalendarFeed }).catch((error: unknown) => {
        if (isApiError(error, 'not_found')) return null;
        throw error;
      }),
    staleTime: Infinity,
  });

/** GET /groups/{id}/away-periods: who is away now or later, soonest first. */
export const awayPeriodsQueryOptions = (api: ApiClient, groupId: number) =>
  queryOptions({
    queryKey: choreKeys.awayPeriods(groupId),
    queryFn: ({ signal }) =>
      api.get(apiPaths.groupAwayPeriods(groupId), { schema: z.array(ZMemberAwayPeriod), signal }),
  });
