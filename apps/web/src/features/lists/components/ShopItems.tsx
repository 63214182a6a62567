import type { Item } from '@household/contracts';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useUpdateItem } from '../api/item-mutations';
import { SHOP_HEADER_HEIGHT, SHOP_ROW_HEIGHT } from './row-heights';
import classes from './rows.module.css';
import { ShopRow } from './ShopRow';
import type { ItemEntry } from './use-item-entries';
import { useOffsetTop } from './use-offset-top';

/**
 * The items of supermarket mode under their headers, one tap to tick; an archived list only
 * shows them. Only the rows on screen are rendered.
 */
export function ShopItems({
  listId,
  currency,
  entries,
  items,
  readOnly,
  above = '',
}: {
  listId: number;
  currency: string;
  /** The rows' order; it may lag behind `items` while a tick's row moves under Done. */
  entries: ItemEntry[];
  /** The list's newest items: each row shows its own, so a tick is drawn before the rows move. */
  items: Item[];
  readOnly: boolean;
  /** Names what the page shows above the rows; when it changes, where they start is measured again. */
  above?: string;
}) {
  const updateItem = useUpdateItem(listId);
  // Measured again when what shows above the rows may have changed: the all-done line comes with
  // the entries, the order's switch with `above`.
  const [listRef, offsetTop] = useOffsetTop<HTMLDivElement>(`${entries.length}:${above}`);
  const virtualizer = useWindowVirtualizer({
    count: entries.length,
    estimateSize: (index) =>
      entries[index]?.kind === 'header' ? SHOP_HEADER_HEIGHT : SHOP_ROW_HEIGHT,
    overscan: 12,
    scrollMargin: offsetTop,
    getItemKey: (index) => entries[index]?.key ?? index,
  });

  // The same two functions for the life of the page (a mutation's `mutate` keeps its identity):
  // a tick draws again only the row it changed, not every row on screen (ShopRow is memoised).
  const { mutate } = updateItem;
  const tick = useCallback(
    (item: Item, priceCents: number | null | undefined) =>
      mutate({
        item,
        // Issue 25: a tick in the shop joins the trip the walking order is learned from.
        changes: {
          done: true,
          in_shop: true,
          ...(priceCents === undefined ? {} : { price_cents: priceCents }),
        },
      }),
    [mutate],
  );
  const undo = useCallback((item: Item) => mutate({ item, changes: { done: false } }), [mutate]);

  const newest = useMemo(() => new Map(items.map((item) => [item.id, item])), [items]);

  const renderEntry = (entry: ItemEntry): ReactNode =>
    entry.kind === 'header' ? (
      <h2 className={classes.shopHeader}>
        {entry.title} <span className={classes.shopHeaderCount}>({entry.count})</span>
      </h2>
    ) : readOnly ? (
      <p
        className={classes.shopReadOnly}
        data-testid="shop-row"
        data-done={String(entry.item.done)}
      >
        {entry.item.name}
      </p>
    ) : (
      <ShopRow
        item={newest.get(entry.item.id) ?? entry.item}
        currency={currency}
        onTick={tick}
        onUndo={undo}
      />
    );

  return (
    <div
      ref={listRef}
      style={{ position: 'relative', height: virtualizer.getTotalSize(), width: '100%' }}
    >
      {virtualizer.getVirtualItems().map((virtual) => {
        const entry = entries[virtual.index];
        if (!entry) return null;
        return (
          <div
            key={entry.key}
            data-index={virtual.index}
            ref={virtualizer.measureElement}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              transform: `translateY(${virtual.start - virtualizer.options.scrollMargin}px)`,
            }}
          >
            {renderEntry(entry)}
          </div>
        );
      })}
    </div>
  );
}
