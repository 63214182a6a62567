import {
  ZItem,
  type CreateItemBody,
  type Item,
  type ListDetail,
  type PersonRef,
  type UpdateItemBody,
} from '@household/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { z } from 'zod';
import { useApi } from '../../../lib/api-context';
import type { TranslationKey } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { apiPaths } from './paths';
import { withItems } from './items-cache';
import { listKeys } from './keys';
import type { ItemOutbox } from './outbox';
import { activeOutbox, outboxFor } from './outbox-registry';

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
