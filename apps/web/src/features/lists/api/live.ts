import {
  LIST_STATUSES_QUERY_MAX_IDS,
  type ListDetail,
  type RealtimeEvent,
} from '@household/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isApiError, type ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { onRealtimeResync, subscribeRealtime } from '../../../lib/realtime-events';
import { fetchItem, fetchListStatuses } from './queries';
import { refreshListIndexes } from './list-mutations';
import { useItemOutbox } from './item-mutations';
import { mergeItem, removeItem } from './items-cache';
import { listKeys } from './keys';
import type { ItemOutbox } from './outbox';
import { applyOcrEvent, refreshOcrJobs } from './ocr-live';

/**
 * docs/lists.md "Catch-up and live updates": an item someone else adds or ticks shows on every
 * open copy of the list within a moment, and a reconnect catches up on what was missed.
 */
export function useListsLive() {
  const api = useApi();
  const queryClient = useQueryClient();
  const outbox = useItemOutbox();

  useEffect(() => {
    const stopEvents = subscribeRealtime(
      (event) => void applyEvent(api, queryClient, outbox, event),
    );
    const stopResync = onRealtimeResync(() => {
      void outbox.flush();
      void catchUp(api, queryClient);
      refreshOcrJobs(queryClient);
    });
    // The browser's own signal: waiting changes go out as soon as the connection is back.
    const onOnline = () => void outbox.flush();
    window.addEventListener('online', onOnline);
    return () => {
      stopEvents();
      stopResync();
      window.removeEventListener('online', onOnline);
    };
  }, [api, queryClient, outbox]);
}

export async function applyEvent(
  api: ApiClient,
  queryClient: QueryClient,
  outbox: ItemOutbox,
  event: RealtimeEvent,
) {
  if (event.entity === 'ocr_job') {
    applyOcrEvent(queryClient, event);
    return;
  }
  if (event.entity === 'list') {
    const id = event.list_id ?? event.id;
    refreshListIndexes(queryClient);
    // A deleted list (or one moved out of my sight) answers 404 on its refetch.
    void queryClient.invalidateQueries({ queryKey: listKeys.detail(id) });
    return;
  }
  if (event.entity !== 'item' || event.list_id === null) return;
  const key = listKeys.detail(event.list_id);
  const detail = queryClient.getQueryData<ListDetail>(key);
  if (!detail) return;

  if (event.action === 'deleted') {
    queryClient.setQueryData<ListDetail>(key, (cached) => cached && removeItem(cached, event.id));
  } else {
    const cached = detail.items.find((item) => item.id === event.id);
    // Our own change, already merged from its answer, comes back as an event too.
    if (cached && event.version !== null && cached.version >= event.version) return;
    try {
      const item = await fetchItem(api, event.id);
      queryClient.setQueryData<ListDetail>(
        key,
        (current) => current && mergeItem(current, outbox.overlayItem(item)),
      );
    } catch (error) {
      if (isApiError(error, 'not_found')) {
        queryClient.setQueryData<ListDetail>(
          key,
          (current) => current && removeItem(current, event.id),
        );
      } else {
        void queryClient.invalidateQueries({ queryKey: key });
      }
      return;
    }
  }
  void queryClient.invalidateQueries({ queryKey: listKeys.indexes, refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: listKeys.costSummary(event.list_id) });
}

/**
 * After a reconnect: ask for the versions of the cached lists and refetch those that moved on.
 * The cards are refetched in any case: a list created meanwhile has no cached version to compare.
 */
export async function catchUp(api: ApiClient, queryClient: QueryClient) {
  refreshListIndexes(queryClient);
  const known = new Map<number, number>();
  for (const [, detail] of queryClient.getQueriesData<ListDetail>({ queryKey: listKeys.details })) {
    if (detail) known.set(detail.id, detail.version);
  }
  const ids = [...known.keys()];
  for (let start = 0; start < ids.length; start += LIST_STATUSES_QUERY_MAX_IDS) {
    const batch = ids.slice(start, start + LIST_STATUSES_QUERY_MAX_IDS);
    let statuses;
    try {
      statuses = await fetchListStatuses(api, batch);
    } catch {
      // Without an answer, refetch what is shown: correctness over one saved request.
      void queryClient.invalidateQueries({ queryKey: listKeys.details });
      return;
    }
    const answered = new Map(statuses.map((status) => [status.id, status.version]));
    for (const id of batch) {
      // A list left out of the answer is gone or out of sight: its refetch shows that.
      if (answered.get(id) !== known.get(id)) {
        void queryClient.invalidateQueries({ queryKey: listKeys.detail(id) });
      }
    }
  }
}
