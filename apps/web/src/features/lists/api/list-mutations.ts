import {
  ZImportResult,
  ZList,
  ZListDetail,
  type CreateListBody,
  type DuplicateListBody,
  type ImportListBody,
  type List,
  type ListDetail,
  type UpdateListBody,
} from '@household/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import { apiPaths } from './paths';
import { withItems } from './items-cache';
import { listKeys } from './keys';

/** The cards and the archive may all show this list: they are refetched. */
export function refreshListIndexes(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: listKeys.indexes });
  void queryClient.invalidateQueries({ queryKey: listKeys.archivedAll });
  void queryClient.invalidateQueries({ queryKey: listKeys.groupListsAll });
}

/** A list answer (without items) updates the cached detail and keeps its items. */
function storeList(queryClient: QueryClient, list: List) {
  queryClient.setQueryData<ListDetail>(listKeys.detail(list.id), (detail) =>
    detail ? withItems({ ...detail, ...list }, detail.items) : detail,
  );
  refreshListIndexes(queryClient);
}

export function useCreateList() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateListBody) =>
      api.post(apiPaths.lists, { json: body, schema: ZListDetail }),
    onSuccess: (list) => {
      queryClient.setQueryData(listKeys.detail(list.id), list);
      refreshListIndexes(queryClient);
    },
  });
}

export function useUpdateList(id: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateListBody) =>
      api.patch(apiPaths.list(id), { json: body, schema: ZList }),
    onSuccess: (list) => storeList(queryClient, list),
    // A stale version (409) refreshes, so the next try starts from the latest list.
    onError: () => void queryClient.invalidateQueries({ queryKey: listKeys.detail(id) }),
  });
}

export function useDeleteList(id: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(apiPaths.list(id)),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: listKeys.detail(id) });
      refreshListIndexes(queryClient);
    },
  });
}

export type ListTransition = 'complete' | 'reopen' | 'archive' | 'unarchive';

const TRANSITION_PATHS: Record<ListTransition, (id: number) => string> = {
  complete: apiPaths.listComplete,
  reopen: apiPaths.listReopen,
  archive: apiPaths.listArchive,
  unarchive: apiPaths.listUnarchive,
};

/** spec §4 / docs/lists.md lifecycle: active ⇄ completed, either → archived → active. */
export function useListTransition() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, transition }: { id: number; transition: ListTransition }) =>
      api.post(TRANSITION_PATHS[transition](id), { schema: ZList }),
    onSuccess: (list) => storeList(queryClient, list),
    onError: (_error, { id }) =>
      void queryClient.invalidateQueries({ queryKey: listKeys.detail(id) }),
  });
}

export function useDuplicateList(id: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DuplicateListBody = {}) =>
      api.post(apiPaths.listDuplicate(id), { json: body, schema: ZListDetail }),
    onSuccess: (copy) => {
      queryClient.setQueryData(listKeys.detail(copy.id), copy);
      refreshListIndexes(queryClient);
    },
  });
}

/** Moves a personal list into one of my groups. */
export function useShareList(id: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupId: number) =>
      api.post(apiPaths.listShare(id), { json: { group_id: groupId }, schema: ZList }),
    onSuccess: (list) => {
      storeList(queryClient, list);
      // Its categories are now the group's.
      void queryClient.invalidateQueries({ queryKey: listKeys.detail(id) });
    },
  });
}

/** Makes a group list personal again (its creator, or an owner or admin of the group). */
export function useUnshareList(id: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(apiPaths.listUnshare(id), { schema: ZList }),
    onSuccess: (list) => {
      storeList(queryClient, list);
      void queryClient.invalidateQueries({ queryKey: listKeys.detail(id) });
    },
  });
}

export function useImportList() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportListBody) =>
      api.post(apiPaths.listImport, { json: body, schema: ZImportResult }),
    onSuccess: ({ list }) => {
      queryClient.setQueryData(listKeys.detail(list.id), list);
      refreshListIndexes(queryClient);
    },
  });
}
