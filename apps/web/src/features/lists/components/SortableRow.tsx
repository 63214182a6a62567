import { useCallback, type KeyboardEvent, type PointerEvent } from 'react';
import { DragHandle, type SortableRowProps } from './DragHandle';
import { loadDragAndDrop, useSorting, type DragStart } from './SortableItems';

/**
 * A row that can be dragged by its handle, placed at `top` by the list's virtualizer. Until the
 * first drag it is a plain row whose handle asks for drag and drop's code (SortableItems); from
 * then on, dnd-kit's sortable row.
 */
export function SortableRow(props: SortableRowProps) {
  const sorting = useSorting();
  if (sorting.Row) return <sorting.Row {...props} />;
  return <WaitingRow {...props} start={sorting.start} describedBy={sorting.describedBy} />;
}

/** The row before drag and drop is loaded: looks and reads the same, and hands a drag on. */
function WaitingRow({
  item,
  index,
  measure,
  top,
  children,
  start,
  describedBy,
}: SortableRowProps & { start: (drag: DragStart) => void; describedBy: string }) {
  // The same functions from render to render, so that the row (ItemRow) need not draw again.
  const onPointerDown = useCallback(
    (event: PointerEvent<HTMLButtonElement>) => {
      if (!event.isPrimary || event.button !== 0) return;
      start({ kind: 'pointer', itemId: item.id, init: pointerInit(event) });
    },
    [start, item.id],
  );
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLButtonElement>) => {
      if (event.code !== 'Space' && event.code !== 'Enter') return;
      // Enter would click the button; the drag starts once its code is in.
      event.preventDefault();
      start({ kind: 'key', itemId: item.id, init: { code: event.code, key: event.key } });
    },
    [start, item.id],
  );
  const handle = (
    <DragHandle
      itemId={item.id}
      name={item.name}
      // What dnd-kit's sortable handle says, so a screen reader hears the same before and after.
      aria-roledescription="sortable"
      aria-describedby={describedBy}
      // The code is fetched as soon as a drag looks likely: a pointer over the handle or focus on it.
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
    />
  );
  return (
    <div
      ref={measure}
      data-index={index}
      role="listitem"
      style={{ position: 'absolute', top, left: 0, width: '100%' }}
    >
      {children(handle)}
    </div>
  );
}

const prefetch = () => void loadDragAndDrop().catch(() => undefined);

function pointerInit(event: PointerEvent): PointerEventInit {
  return {
    pointerId: event.pointerId,
    pointerType: event.pointerType,
    isPrimary: event.isPrimary,
    button: event.button,
    buttons: event.buttons,
    clientX: event.clientX,
    clientY: event.clientY,
    screenX: event.screenX,
    screenY: event.screenY,
    width: event.width,
    height: event.height,
    pressure: event.pressure,
  };
}
