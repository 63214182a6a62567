import type { Category, Item } from '@household/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { groupByCategory } from '../grouping';

/** One line of the items view: a category's header (when grouped) or an item. */
export type ItemEntry =
  | { kind: 'header'; key: string; title: string; count: number }
  | { kind: 'item'; key: string; item: Item };

/** The items in manual order, or grouped by category with a header before each group. */
export function useItemEntries({
  items,
  categories,
  grouped,
}: {
  items: Item[];
  categories: Category[];
  grouped: boolean;
}): ItemEntry[] {
  const { t } = useTranslation();
  return useMemo<ItemEntry[]>(() => {
    if (!grouped) return items.map((item) => ({ kind: 'item', key: `item-${item.id}`, item }));
    return groupByCategory(items, categories).flatMap(({ category, items: groupItems }) => [
      {
        kind: 'header' as const,
        key: `category-${category?.id ?? 'none'}`,
        title: category?.name ?? t('lists.noCategory'),
        count: groupItems.length,
      },
      ...groupItems.map((item) => ({ kind: 'item' as const, key: `item-${item.id}`, item })),
    ]);
  }, [items, categories, grouped, t]);
}
