import type { Item } from '@household/contracts';
import { IconGripVertical } from '@tabler/icons-react';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from './RowButtons';

/*
 * What the plain row (SortableRow) and dnd-kit's row (SortableDnd) share, in a file of its own:
 * drag and drop's code, loaded on the first drag, must not import the rows that load it.
 */

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
    <IconButton
      tint="gray"
      aria-label={t('lists.reorder.handle', { name })}
      data-drag-handle={itemId}
      style={{ cursor: 'grab', touchAction: 'none', ...style }}
      {...props}
    >
      <IconGripVertical size={16} aria-hidden />
    </IconButton>
  );
}
