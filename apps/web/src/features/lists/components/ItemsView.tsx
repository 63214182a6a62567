import type { Category, Item } from '@household/contracts';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemEntryRow } from './ItemEntryRow';
import { ITEM_HEADER_HEIGHT, ITEM_ROW_HEIGHT } from './row-heights';
import type { ItemActions } from './ItemRow';
import { SortableItems } from './SortableItems';
import { useItemEntries } from './use-item-entries';
import { useOffsetTop } from './use-offset-top';

/**
 * Rows drawn beyond the screen's edge: few for the first paint, which waits for every row drawn,
 * and more from the first scroll on, so that a fast swipe does not outrun them.
 */
const FIRST_OVERSCAN = 4;
const OVERSCAN = 12;

/** Whether the window has scrolled since the list appeared. */
function useScrolledOnce(): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    if (scrolled) return;
    const onScroll = () => setScrolled(true);
    window.addEventListener('scroll', onScroll, { once: true, passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [scrolled]);
  return scrolled;
}

/**
 * The page's `actions` as one object for the life of the list, calling whatever it passed last:
 * the page makes them afresh on every render, and rows (ItemRow) draw again only on a change.
 */
function useStableActions(actions: ItemActions): ItemActions {
  const latest = useRef(actions);
  useLayoutEffect(() => {
    latest.current = actions;
  });
  return useMemo<ItemActions>(
    () => ({
      onToggle: (item) => latest.current.onToggle(item),
      onEdit: (item) => latest.current.onEdit(item),
      onDelete: (item) => latest.current.onDelete(item),
      onPrice: (item, priceCents) => latest.current.onPrice(item, priceCents),
    }),
    [],
  );
}

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
  const rowActions = useStableActions(actions);
  const scrolled = useScrolledOnce();
  const categoryById = useMemo(
    () => new Map(categories.map((category) => [category.id, category])),
    [categories],
  );
  const entries = useItemEntries({ items, categories, grouped });

  const [listRef, offsetTop] = useOffsetTop<HTMLDivElement>(entries.length);
  // The window's size from the start: with none, the first render has no rows, and they are
  // drawn by the virtualizer's measuring right after mounting, in one piece React cannot split.
  // Read once: reading it makes the browser lay the page out first if anything has changed.
  const [initialRect] = useState(() => ({ width: window.innerWidth, height: window.innerHeight }));
  const virtualizer = useWindowVirtualizer({
    count: entries.length,
    estimateSize: (index) =>
      entries[index]?.kind === 'header' ? ITEM_HEADER_HEIGHT : ITEM_ROW_HEIGHT,
    overscan: scrolled ? OVERSCAN : FIRST_OVERSCAN,
    scrollMargin: offsetTop,
    initialRect,
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
            actions={rowActions}
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
