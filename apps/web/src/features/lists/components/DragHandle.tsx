import type { Item } from '@household/contracts';
import { ActionIcon } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What a sortable row is given, before drag and drop is loaded and after (SortableDnd). */
export interface SortableRowProps {
  item: Item;
  index: number;
  measure: (element: Element | null) => void;
  top: number;
  children: (handle: ReactNode) => ReactNode;
}

/** The grip a row is dragged by, found again by `data-drag-handle` when dnd-kit takes over. */
export function DragHandle({
  itemId,
  name,
  style,
  ...props
}: { itemId: number; name: string } & ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation();
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={t('lists.reorder.handle', { name })}
      data-drag-handle={itemId}
      style={{ cursor: 'grab', touchAction: 'none', ...style }}
      {...props}
    >
      <IconGripVertical size={16} aria-hidden />
    </ActionIcon>
  );
}
