import type { Item } from '@household/contracts';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A row that can be dragged by its handle, placed at `top` by the list's virtualizer. */
export function SortableRow({
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
