import {
  ZCategory,
  ZCostSummary,
  ZGroupSummary,
  ZImportResult,
  ZItem,
  ZList,
  ZListDetail,
  ZListStatus,
  type Category,
  type CreateCategoryBody,
  type CreateItemBody,
  type CreateListBody,
  type DuplicateListBody,
  type ImportListBody,
  type Item,
  type List,
  type ListDetail,
  type PersonRef,
  type UpdateCategoryBody,
  type UpdateItemBody,
  type UpdateListBody,
} from '@household/contracts';
import {
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import { z } from 'zod';
import type { ApiClient } from '../../lib/api-client';
import { useApi } from '../../lib/api-context';
import type { TranslationKey } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { apiPaths } from '../../paths';
import { inAisleOrder } from './grouping';
import { withItems } from './items-cache';
import { categoryKeys, listKeys, MY_GROUPS_KEY } from './keys';
import { activeOutbox, outboxFor, type ItemOutbox } from './outbox';

export { categoryKeys, listKeys } from './keys';

// ---------------------------------------------------------------------------------------------
// Queries

/** GET /lists: my active and completed lists, personal and of all my groups. */
export const listsQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: listKeys.index(null),
    queryFn: ({ signal }) => api.get(apiPaths.lists, { schema: z.array(ZList), signal }),
  });

/** GET /groups/{id}/lists: one group's active and completed lists. */
export const groupListsQueryOptions = (api: ApiClient, groupId: number) =>
  queryOptions({
    queryKey: listKeys.groupLists(groupId),
    queryFn: ({ signal }) =>
      api.get(apiPaths.groupLists(groupId), { schema: z.array(ZList), signal }),
  });

/** The cards of the lists page: mine, or one group's. */
export const activeListsQueryOptions = (api: ApiClient, groupId: number | null) =>
  queryOptions({
    queryKey: (groupId === null ? listKeys.index(null) : listKeys.groupLists(groupId)) as QueryKey,
    queryFn: ({ signal }) =>
      api.get(groupId === null ? apiPaths.lists : apiPaths.groupLists(groupId), {
        schema: z.array(ZList),
        signal,
      }),
  });

/** GET /lists/archived[?group_id=]. */
export const archivedListsQueryOptions = (api: ApiClient, groupId: number | null) =>
  queryOptions({
    queryKey: listKeys.archived(groupId),
    queryFn: ({ signal }) =>
      api.get(apiPaths.archivedLists, {
        query: { group_id: groupId },
        schema: z.array(ZList),
        signal,
      }),
  });

/**
 * GET /lists/{id}: the list with its items. Changes still waiting in the outbox (offline) are
 * laid over every answer, so a refetch never makes them disappear from the screen.
 */
export const listQueryOptions = (api: ApiClient, id: number) =>
  queryOptions({
    queryKey: listKeys.detail(id),
    queryFn: async ({ signal, client }) => {
      const detail = await api.get(apiPaths.list(id), { schema: ZListDetail, signal });
      return activeOutbox(client)?.overlay(detail) ?? detail;
    },
  });

export const fetchItem = (api: ApiClient, id: number) =>
  api.get(apiPaths.item(id), { schema: ZItem });

export const fetchListStatus = (api: ApiClient, id: number) =>
  api.get(apiPaths.listStatus(id), { schema: ZListStatus });

/** docs/lists.md "Catch-up": unknown or invisible ids are left out of the answer. */
export const fetchListStatuses = (api: ApiClient, ids: readonly number[]) =>
  api.get(apiPaths.listStatuses, { query: { ids }, schema: z.array(ZListStatus) });

/** A group's categories for its lists, my own for my personal lists; in aisle order. */
export const categoriesQueryOptions = (api: ApiClient, groupId: number | null) =>
  queryOptions({
    queryKey: categoryKeys.of(groupId),
    queryFn: ({ signal }) =>
      api.get(apiPaths.categories, {
        query: { group_id: groupId },
        schema: z.array(ZCategory),
        signal,
      }),
    select: (categories: Category[]) => inAisleOrder(categories),
    staleTime: 60_000,
  });

export const costSummaryQueryOptions = (api: ApiClient, id: number) =>
  queryOptions({
    queryKey: listKeys.costSummary(id),
    queryFn: ({ signal }) =>
      api.get(apiPaths.listCostSummary(id), { schema: ZCostSummary, signal }),
  });

/** My groups, to create or share a list into one (the groups feature caches the same answer). */
export const myGroupsQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: MY_GROUPS_KEY,
    queryFn: ({ signal }) => api.get(apiPaths.groups, { schema: z.array(ZGroupSummary), signal }),
  });

// ---------------------------------------------------------------------------------------------
// List mutations

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

export type ExportFormat = 'csv' | 'json';

/** GET /lists/{id}/export as a file the browser saves. */
export async function downloadListExport(api: ApiClient, list: List, format: ExportFormat) {
  const body = await api.get<unknown>(apiPaths.listExport(list.id), { query: { format } });
  const text = typeof body === 'string' ? body : JSON.stringify(body, null, 2);
  const type = format === 'csv' ? 'text/csv' : 'application/json';
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${list.name.replace(/[\\/:*?"<>|]+/g, '_') || 'list'}.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// ---------------------------------------------------------------------------------------------
// Items: every change goes through the outbox (optimistic, versioned, queued offline)

/** The signed-in user's outbox of item changes. */
export function useItemOutbox(): ItemOutbox {
  const api = useApi();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const userId = user?.id ?? 0;
  const me = useMemo<PersonRef | null>(
    () =>
      user
        ? { id: user.id, name: user.name, avatar_url: user.avatar_url, is_guest: user.is_guest }
        : null,
    [user],
  );
  return useMemo(() => outboxFor(queryClient, api, userId, me), [queryClient, api, userId, me]);
}

// Item changes run whatever the browser says about the connection: the outbox queues them.
const ITEM_MUTATION = { networkMode: 'always' } as const;

export function useAddItem(listId: number) {
  const outbox = useItemOutbox();
  return useMutation({
    ...ITEM_MUTATION,
    mutationFn: (body: CreateItemBody) => outbox.add(listId, body, 'lists.item.addFailed'),
  });
}

export interface ItemUpdate {
  item: Item;
  changes: Omit<UpdateItemBody, 'version'>;
  /** The text of the toast when the server refuses it; "Failed to update item" unless said. */
  failureKey?: TranslationKey;
}

/** Sends the item's version with the change; on 409 the server's current item is shown. */
export function useUpdateItem(listId: number) {
  const outbox = useItemOutbox();
  return useMutation({
    ...ITEM_MUTATION,
    mutationFn: ({ item, changes, failureKey = 'lists.item.updateFailed' }: ItemUpdate) =>
      outbox.update(listId, item, changes, failureKey),
  });
}

export function useDeleteItem(listId: number) {
  const outbox = useItemOutbox();
  return useMutation({
    ...ITEM_MUTATION,
    mutationFn: (item: Item) => outbox.remove(listId, item, 'lists.item.deleteFailed'),
  });
}

/** PUT /lists/{id}/items/order: shown at once, put back if the server refuses it. */
export function useReorderItems(listId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  const key = listKeys.detail(listId);
  return useMutation({
    mutationFn: (itemIds: number[]) =>
      api.put(apiPaths.listItemsOrder(listId), {
        json: { item_ids: itemIds },
        schema: z.array(ZItem),
      }),
    onMutate: async (itemIds) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<ListDetail>(key);
      queryClient.setQueryData<ListDetail>(key, (detail) => {
        if (!detail) return detail;
        const byId = new Map(detail.items.map((item) => [item.id, item]));
        const items = itemIds.flatMap((id, index) => {
          const item = byId.get(id);
          return item ? [{ ...item, position: index + 1 }] : [];
        });
        return withItems(detail, items);
      });
      return { before };
    },
    onSuccess: (items) =>
      queryClient.setQueryData<ListDetail>(key, (detail) => {
        if (!detail) return detail;
        const overlaid = activeOutbox(queryClient)?.overlay(withItems(detail, items));
        return overlaid ?? withItems(detail, items);
      }),
    onError: (_error, _ids, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Categories: a group's for its lists, mine for my personal lists (groupId null)

/**
 * After any change to the categories they are refetched, and so is the open list: grouping by
 * category follows the categories' positions, and a deleted category leaves its items without one.
 */
function refreshCategories(queryClient: QueryClient, groupId: number | null) {
  void queryClient.invalidateQueries({ queryKey: categoryKeys.of(groupId) });
  void queryClient.invalidateQueries({ queryKey: listKeys.details });
}

export function useCreateCategory(groupId: number | null) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CreateCategoryBody, 'group_id'>) =>
      api.post(apiPaths.categories, {
        json: groupId === null ? body : { ...body, group_id: groupId },
        schema: ZCategory,
      }),
    onSuccess: (category) => {
      queryClient.setQueryData<Category[]>(categoryKeys.of(groupId), (categories) =>
        categories ? [...categories.filter(({ id }) => id !== category.id), category] : categories,
      );
    },
    onSettled: () => refreshCategories(queryClient, groupId),
  });
}

export type CategoryUpdate = Omit<UpdateCategoryBody, 'position'> & { id: number };

/** PATCH /categories/{id}: a new name or colour. */
export function useUpdateCategory(groupId: number | null) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: CategoryUpdate) =>
      api.patch(apiPaths.category(id), { json: body, schema: ZCategory }),
    onSuccess: (category) => {
      queryClient.setQueryData<Category[]>(categoryKeys.of(groupId), (categories) =>
        categories?.map((known) => (known.id === category.id ? category : known)),
      );
    },
    onSettled: () => refreshCategories(queryClient, groupId),
  });
}

/**
 * PATCH /categories/{id} {position}: the category moves to that index of the aisle order and the
 * server renumbers the rest. Shown at once, put back if the server refuses it.
 */
export function useMoveCategory(groupId: number | null) {
  const api = useApi();
  const queryClient = useQueryClient();
  const key = categoryKeys.of(groupId);
  return useMutation({
    mutationFn: ({ id, position }: { id: number; position: number }) =>
      api.patch(apiPaths.category(id), { json: { position }, schema: ZCategory }),
    onMutate: async ({ id, position }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Category[]>(key);
      queryClient.setQueryData<Category[]>(key, (categories) => {
        if (!categories) return categories;
        const ordered = inAisleOrder(categories);
        const from = ordered.findIndex((category) => category.id === id);
        if (from < 0) return categories;
        const [moved] = ordered.splice(from, 1);
        ordered.splice(Math.min(position, ordered.length), 0, moved!);
        return ordered.map((category, index) => ({ ...category, position: index }));
      });
      return { before };
    },
    onError: (_error, _move, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => refreshCategories(queryClient, groupId),
  });
}

/** DELETE /categories/{id}: its items are shown under "No Category" from then on. */
export function useDeleteCategory(groupId: number | null) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(apiPaths.category(id)),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<Category[]>(categoryKeys.of(groupId), (categories) =>
        categories?.filter((category) => category.id !== id),
      );
    },
    onSettled: () => refreshCategories(queryClient, groupId),
  });
}
