import type { Category, Item } from '@household/contracts';
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
import { ActionIcon, Text, Title } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { useWindowVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { groupByCategory } from '../grouping';
import { isDraftId } from '../api/items-cache';
import { ItemRow, type ItemActions } from './ItemRow';

type Entry =
  | { kind: 'header'; key: string; title: string; count: number }
  | { kind: 'item'; key: string; item: Item };

const HEADER_HEIGHT = 44;
const ROW_HEIGHT = 60;

/** Where the list starts on the page: the window virtualizer counts from the document's top. */
export function useOffsetTop<T extends HTMLElement>(dependency: unknown) {
  const ref = useRef<T | null>(null);
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const top = element.getBoundingClientRect().top + window.scrollY;
    setOffset((current) => (Math.abs(current - top) > 1 ? top : current));
  }, [dependency]);
  return [ref, offset] as const;
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
  const categoryById = useMemo(
    () => new Map(categories.map((category) => [category.id, category])),
    [categories],
  );
  const entries = useMemo<Entry[]>(() => {
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

  const [listRef, offsetTop] = useOffsetTop<HTMLDivElement>(entries.length);
  const virtualizer = useWindowVirtualizer({
    count: entries.length,
    estimateSize: (index) => (entries[index]?.kind === 'header' ? HEADER_HEIGHT : ROW_HEIGHT),
    overscan: 12,
    scrollMargin: offsetTop,
    getItemKey: (index) => entries[index]?.key ?? index,
  });

  const sortable = !grouped && !readOnly;
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

  const renderEntry = (virtual: VirtualItem): ReactNode => {
    const entry = entries[virtual.index];
    if (!entry) return null;
    // Rows are placed with `top`, not a transform: dnd-kit measures droppables without their
    // transforms, so translated rows would all seem to sit at the top and the keyboard could not
    // move an item past its neighbour.
    const style = {
      position: 'absolute' as const,
      top: virtual.start - virtualizer.options.scrollMargin,
      left: 0,
      width: '100%',
    };
    if (entry.kind === 'header') {
      return (
        <div
          key={entry.key}
          data-index={virtual.index}
          ref={virtualizer.measureElement}
          style={style}
        >
          <Title order={3} size="h5" pt="md" pb={4} px="xs">
            {entry.title}{' '}
            <Text span c="dimmed" size="sm">
              ({entry.count})
            </Text>
          </Title>
        </div>
      );
    }
    const row = (handle?: ReactNode) => (
      <ItemRow
        item={entry.item}
        currency={currency}
        category={
          grouped || entry.item.category_id === null
            ? null
            : (categoryById.get(entry.item.category_id) ?? null)
        }
        readOnly={readOnly}
        handle={handle}
        actions={actions}
      />
    );
    if (!sortable) {
      return (
        <div
          key={entry.key}
          data-index={virtual.index}
          ref={virtualizer.measureElement}
          role="listitem"
          style={style}
        >
          {row()}
        </div>
      );
    }
    return (
      <SortableRow
        key={entry.key}
        item={entry.item}
        index={virtual.index}
        measure={virtualizer.measureElement}
        top={style.top}
      >
        {row}
      </SortableRow>
    );
  };

  const body = (
    <div
      ref={listRef}
      role="list"
      aria-label={t('lists.items.label')}
      style={{ position: 'relative', height: virtualizer.getTotalSize(), width: '100%' }}
    >
      {virtualizer.getVirtualItems().map(renderEntry)}
    </div>
  );

  if (!sortable) return body;
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
        {body}
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({
  item,
  index,
  measure,
  top,
  children,
}: {
  item: Item;
  index: number;
  measure: (element: Element | null) => void;
  top: number;
  children: (handle: ReactNode) => ReactNode;
}) {
  const { t } = useTranslation();
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
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      aria-label={t('lists.reorder.handle', { name: item.name })}
      style={{ cursor: 'grab', touchAction: 'none' }}
      {...attributes}
      {...listeners}
    >
      <IconGripVertical size={16} aria-hidden />
    </ActionIcon>
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
