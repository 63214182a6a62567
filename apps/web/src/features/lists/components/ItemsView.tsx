import type { Category, Item } from '@household/contracts';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemEntryRow } from './ItemEntryRow';
import type { ItemActions } from './ItemRow';
import { SortableItems } from './SortableItems';
import { useItemEntries } from './use-item-entries';
import { useOffsetTop } from './use-offset-top';

const HEADER_HEIGHT = 44;
const ROW_HEIGHT = 60;

/**
 * The items of a list, in manual order (drag, or keyboard: space, arrows, space) or grouped by
 * category. Only the rows on screen are rendered, so a list of a thousand items stays smooth.
 */
export function ItemsView({
  items,
  categories,
  currency,
  grouped,
  readOnly,
  actions,
  onReorder,
}: {
  items: Item[];
  categories: Category[];
  currency: string;
  grouped: boolean;
  readOnly: boolean;
  actions: ItemActions;
  onReorder: (itemIds: number[]) => void;
}) {
  const { t } = useTranslation();
  const categoryById = useMemo(
    () => new Map(categories.map((category) => [category.id, category])),
    [categories],
  );
  const entries = useItemEntries({ items, categories, grouped });

  const [listRef, offsetTop] = useOffsetTop<HTMLDivElement>(entries.length);
  const virtualizer = useWindowVirtualizer({
    count: entries.length,
    estimateSize: (index) => (entries[index]?.kind === 'header' ? HEADER_HEIGHT : ROW_HEIGHT),
    overscan: 12,
    scrollMargin: offsetTop,
    getItemKey: (index) => entries[index]?.key ?? index,
  });

  const sortable = !grouped && !readOnly;
  // Grouped rows sit under their category's header already.
  const categoryOf = (item: Item) =>
    grouped || item.category_id === null ? null : (categoryById.get(item.category_id) ?? null);

  const body = (
    <div
      ref={listRef}
      role="list"
      aria-label={t('lists.items.label')}
      style={{ position: 'relative', height: virtualizer.getTotalSize(), width: '100%' }}
    >
      {virtualizer.getVirtualItems().map((virtual) => {
        const entry = entries[virtual.index];
        if (!entry) return null;
        return (
          <ItemEntryRow
            key={entry.key}
            entry={entry}
            index={virtual.index}
            top={virtual.start - virtualizer.options.scrollMargin}
            measure={virtualizer.measureElement}
            currency={currency}
            categoryOf={categoryOf}
            readOnly={readOnly}
            sortable={sortable}
            actions={actions}
          />
        );
      })}
    </div>
  );

  if (!sortable) return body;
  return (
    <SortableItems items={items} onReorder={onReorder}>
      {body}
    </SortableItems>
  );
}
