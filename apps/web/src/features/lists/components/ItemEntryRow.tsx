import type { Category, Item } from '@household/contracts';
import type { ReactNode } from 'react';
import { ItemRow, type ItemActions } from './ItemRow';
import classes from './rows.module.css';
import { SortableRow } from './SortableRow';
import type { ItemEntry } from './use-item-entries';

/** One line of the virtualized items view, placed at `top`: a category header or an item's row. */
export function ItemEntryRow({
  entry,
  index,
  top,
  measure,
  currency,
  categoryOf,
  readOnly,
  sortable,
  actions,
}: {
  entry: ItemEntry;
  index: number;
  top: number;
  measure: (element: Element | null) => void;
  currency: string;
  /** The category an item's row names, or null when it names none. */
  categoryOf: (item: Item) => Category | null;
  readOnly: boolean;
  sortable: boolean;
  actions: ItemActions;
}) {
  // Rows are placed with `top`, not a transform: dnd-kit measures droppables without their
  // transforms, so translated rows would all seem to sit at the top and the keyboard could not
  // move an item past its neighbour.
  const style = { position: 'absolute' as const, top, left: 0, width: '100%' };
  if (entry.kind === 'header') {
    return (
      <div data-index={index} ref={measure} style={style}>
        <h3 className={classes.header}>
          {entry.title} <span className={classes.headerCount}>({entry.count})</span>
        </h3>
      </div>
    );
  }
  const row = (handle?: ReactNode) => (
    <ItemRow
      item={entry.item}
      currency={currency}
      category={categoryOf(entry.item)}
      readOnly={readOnly}
      handle={handle}
      actions={actions}
    />
  );
  if (!sortable) {
    return (
      <div data-index={index} ref={measure} role="listitem" style={style}>
        {row()}
      </div>
    );
  }
  return (
    <SortableRow item={entry.item} index={index} measure={measure} top={top}>
      {row}
    </SortableRow>
  );
}
