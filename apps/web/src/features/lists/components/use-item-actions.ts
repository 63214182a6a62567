import type { Item, UpdateItemBody } from '@household/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/toasts';
import { useDeleteItem, useUpdateItem } from '../api/item-mutations';
import type { ItemActions } from './ItemRow';

/**
 * What a list's item rows do, with a toast once the server took a change: ticking asks first
 * (`toggling` is the item asked about), editing opens the item's dialog (`editing`).
 */
export function useItemActions(listId: number, items: Item[]) {
  const { t } = useTranslation();
  const updateItem = useUpdateItem(listId);
  const deleteItem = useDeleteItem(listId);
  const [togglingId, setTogglingId] = useState<number | null>(null);
  const [editing, setEditing] = useState<Item | null>(null);
  const toggling = items.find((item) => item.id === togglingId) ?? null;

  const updated = (outcome: { status: string }) => {
    if (outcome.status === 'sent') notify({ type: 'success', message: t('lists.item.updated') });
  };
  const actions: ItemActions = {
    onToggle: (item) => setTogglingId(item.id),
    onEdit: setEditing,
    onDelete: (item) =>
      deleteItem.mutate(item, {
        onSuccess: (outcome) => {
          if (outcome.status === 'sent')
            notify({ type: 'success', message: t('lists.item.deleted') });
        },
      }),
    onPrice: (item, priceCents) =>
      updateItem.mutate(
        { item, changes: { price_cents: priceCents }, failureKey: 'lists.item.priceFailed' },
        { onSuccess: updated },
      ),
  };

  const confirmToggle = () => {
    if (toggling) {
      updateItem.mutate(
        { item: toggling, changes: { done: !toggling.done } },
        { onSuccess: updated },
      );
    }
    setTogglingId(null);
  };

  return {
    actions,
    toggling,
    confirmToggle,
    cancelToggle: () => setTogglingId(null),
    editing,
    // The version the person saw goes with the change: a concurrent edit answers 409.
    saveEdit: (item: Item, changes: Omit<UpdateItemBody, 'version'>) =>
      updateItem.mutate({ item, changes }, { onSuccess: updated }),
    closeEdit: () => setEditing(null),
  };
}
