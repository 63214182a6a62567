import {
  ZCategory,
  ZCostSummary,
  ZItem,
  ZList,
  ZListDetail,
  ZListStatus,
  ZSuggestions,
  ZWalkingOrder,
  type Category,
} from '@household/contracts';
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../../lib/api-client';
import { apiPaths } from './paths';
import { inAisleOrder } from '../grouping';
import { categoryKeys, listKeys } from './keys';
import { activeOutbox } from './outbox-registry';

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

/**
 * GET /lists/{id}/walking-order: the order learned from the household's trips to the list's shop.
 * Asked for when supermarket mode opens (or just before: the list page prefetches it), but not
 * again while it is open: rows moving under the person's thumb because a tick taught the server
 * something would be worse than an order one trip old.
 */
export const walkingOrderQueryOptions = (api: ApiClient, id: number, shop: string) =>
  queryOptions({
    queryKey: listKeys.walkingOrder(id, shop),
    queryFn: ({ signal }) =>
      api.get(apiPaths.listWalkingOrder(id), { schema: ZWalkingOrder, signal }),
    staleTime: 10_000,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: 1,
  });

/** GET /lists/{id}/suggestions?item=: what usually goes with the item just added, and what is due. */
export const suggestionsQueryOptions = (api: ApiClient, id: number, item: string) =>
  queryOptions({
    queryKey: listKeys.suggestions(id, item),
    queryFn: ({ signal }) =>
      api.get(apiPaths.listSuggestions(id), { query: { item }, schema: ZSuggestions, signal }),
    staleTime: 60_000,
    refetchOnWindowFocus: false,
    retry: false,
  });
