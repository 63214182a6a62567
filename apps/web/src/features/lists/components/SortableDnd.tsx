import type { Item } from '@household/contracts';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isDraftId } from '../api/items-cache';
import { DragHandle, type SortableRowProps } from './DragHandle';

/**
 * Drag and drop of a list's rows with dnd-kit, loaded on the first drag (SortableItems): the
 * context that sorts them, with what happens said to screen readers, and the rows it moves.
 */
export function DndSortableItems({
  items,
  onReorder,
  children,
}: {
  items: Item[];
  onReorder: (itemIds: number[]) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const sortableIds = useMemo(() => items.map((item) => item.id), [items]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = useCallback(
    (id: UniqueIdentifier) => items.find((item) => item.id === id)?.name ?? '',
    [items],
  );
  const positionOf = (id: UniqueIdentifier) => sortableIds.indexOf(Number(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('lists.reorder.pickedUp', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('lists.reorder.movedTo', { name: nameOf(active.id), position: positionOf(over.id) })
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('lists.reorder.dropped', { name: nameOf(active.id), position: positionOf(over.id) })
        : undefined,
    onDragCancel: ({ active }) => t('lists.reorder.cancelled', { name: nameOf(active.id) }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = sortableIds.indexOf(Number(active.id));
    const to = sortableIds.indexOf(Number(over.id));
    if (from === -1 || to === -1) return;
    // Items still on their way to the server are not in its list yet.
    onReorder(arrayMove(sortableIds, from, to).filter((id) => !isDraftId(id)));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('lists.reorder.instructions') },
      }}
    >
      <SortableContext items={sortableIds} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** A row that can be dragged by its handle, placed at `top` by the list's virtualizer. */
export function DndSortableRow({ item, index, measure, top, children }: SortableRowProps) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: item.id });
  const ref = useCallback(
    (element: HTMLDivElement | null) => {
      setNodeRef(element);
      measure(element);
    },
    [setNodeRef, measure],
  );
  const handle = (
    <DragHandle
      ref={setActivatorNodeRef}
      itemId={item.id}
      name={item.name}
      {...attributes}
      {...listeners}
    />
  );
  return (
    <div
      ref={ref}
      data-index={index}
      role="listitem"
      style={{
        position: 'absolute',
        top,
        left: 0,
        width: '100%',
        transform: CSS.Translate.toString(transform),
        transition,
        zIndex: isDragging ? 2 : undefined,
        background: isDragging ? 'var(--mantine-color-body)' : undefined,
        boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined,
      }}
    >
      {children(handle)}
    </div>
  );
}
