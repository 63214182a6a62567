import type { Category, Item, WalkingOrder } from '@household/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { groupByCategory, groupByWalkingOrder } from '../grouping';
import type { ItemEntry } from './use-item-entries';

/**
 * Supermarket order: the open items by category, then the ticked ones under Done. The categories
 * follow the walking order learned from the household's trips when `order` is given, else the
 * aisle order (and the items the list's own order). `categories` is undefined while they load.
 */
export function useShopEntries(
  items: Item[],
  categories: Category[] | undefined,
  order: WalkingOrder | null,
): ItemEntry[] {
  const { t } = useTranslation();
  return useMemo<ItemEntry[]>(() => {
    const open = items.filter((item) => !item.done);
    // The last one ticked comes first under Done, next to where the person's thumb is.
    const done = items
      .filter((item) => item.done)
      .sort((a, b) => (b.completed_at ?? '').localeCompare(a.completed_at ?? ''));
    const groups =
      order === null
        ? groupByCategory(open, categories ?? [])
        : groupByWalkingOrder(open, categories ?? [], order);
    const sections: ItemEntry[] = groups.flatMap(({ category, items: groupItems }) => [
      {
        kind: 'header' as const,
        key: `category-${category?.id ?? 'none'}`,
        title: category?.name ?? t('lists.noCategory'),
        count: groupItems.length,
      },
      ...groupItems.map((item) => ({ kind: 'item' as const, key: `item-${item.id}`, item })),
    ]);
    if (done.length > 0) {
      sections.push({
        kind: 'header',
        key: 'done',
        title: t('lists.shop.done'),
        count: done.length,
      });
      sections.push(
        ...done.map((item) => ({ kind: 'item' as const, key: `item-${item.id}`, item })),
      );
    }
    return sections;
  }, [items, categories, order, t]);
}
