import type { Item, ListDetail } from '@household/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { listKeys } from './keys';

/** The cached page of one list, as the outbox changes it before and after the server answers. */

export function cachedItem(queryClient: QueryClient, listId: number, itemId: number): Item | null {
  const detail = queryClient.getQueryData<ListDetail>(listKeys.detail(listId));
  return detail?.items.find((item) => item.id === itemId) ?? null;
}

/** Changes the cached list, if it is cached: a list nobody opened stays unfetched. */
export function updateDetail(
  queryClient: QueryClient,
  listId: number,
  update: (detail: ListDetail) => ListDetail,
) {
  queryClient.setQueryData<ListDetail>(listKeys.detail(listId), (detail) =>
    detail ? update(detail) : detail,
  );
}

/** After the server answered a change of the list's items. */
export function afterItemChange(queryClient: QueryClient, listId: number) {
  // A refetch that started before this answer may carry the change as it was waiting: ask again.
  const key = listKeys.detail(listId);
  if (queryClient.isFetching({ queryKey: key }) > 0) {
    void queryClient.invalidateQueries({ queryKey: key });
  }
  // The cards' counts and the cost summary follow the items; refetched when next shown.
  void queryClient.invalidateQueries({ queryKey: listKeys.indexes, refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: listKeys.groupListsAll, refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: listKeys.costSummary(listId) });
}
