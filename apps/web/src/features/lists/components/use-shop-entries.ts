import type { Category, Item } from '@household/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { groupByCategory } from '../grouping';
import type { ItemEntry } from './use-item-entries';

/**
 * Supermarket order: the open items by category (aisle order), then the ticked ones under Done.
 * `categories` is undefined while they load.
 */
export function useShopEntries(items: Item[], categories: Category[] | undefined): ItemEntry[] {
  const { t } = useTranslation();
  return useMemo<ItemEntry[]>(() => {
    const open = items.filter((item) => !item.done);
    // The last one ticked comes first under Done, next to where the person's thumb is.
    const done = items
      .filter((item) => item.done)
      .sort((a, b) => (b.completed_at ?? '').localeCompare(a.completed_at ?? ''));
    const sections: ItemEntry[] = groupByCategory(open, categories ?? []).flatMap(
      ({ category, items: groupItems }) => [
        {
          kind: 'header' as const,
          key: `category-${category?.id ?? 'none'}`,
          title: category?.name ?? t('lists.noCategory'),
          count: groupItems.length,
        },
        ...groupItems.map((item) => ({ kind: 'item' as const, key: `item-${item.id}`, item })),
      ],
    );
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
  }, [items, categories, t]);
}
