import {
  CHORE_PAGE_MAX,
  ZChore,
  ZChoreHistoryPage,
  ZChorePage,
  ZGroupSummary,
  type Chore,
  type ChorePage,
  type CreateChoreBody,
  type UpdateChoreBody,
} from '@household/contracts';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../lib/api-client';
import { useApi } from '../../lib/api-context';
import { apiPaths } from '../../paths';
import { choreKeys, MY_GROUPS_KEY, type ChoreScope } from './keys';

export { choreKeys, type ChoreScope } from './keys';

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

/** My groups, for the scope control and the group picker (the groups feature caches the same). */
export const myGroupsQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: MY_GROUPS_KEY,
    queryFn: () => api.get(apiPaths.groups, { schema: z.array(ZGroupSummary) }),
  });

// ---------------------------------------------------------------------------------------------
// Mutations: every change refreshes everything under ['chores'] (lists, assignments, history)

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
