import type { Item } from '@household/contracts';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import plainClasses from '../../../components/plain/plain.module.css';
import type * as SortableDnd from './SortableDnd';
import type { SortableRowProps } from './DragHandle';

type DragAndDrop = typeof SortableDnd;

let loaded: DragAndDrop | null = null;
let loading: Promise<DragAndDrop> | null = null;

/**
 * Drag and drop's code (dnd-kit and the sortable list around it), fetched once: most visits to a
 * list never reorder it, so its first paint does without (docs/decisions.md "First load").
 */
export function loadDragAndDrop(): Promise<DragAndDrop> {
  loading ??= import('./SortableDnd').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null; // offline with an old cache, say: the next drag tries again
      throw error;
    },
  );
  return loading;
}

/** A drag begun on a row before dnd-kit was loaded, to be handed to it once it is. */
export type DragStart =
  | { kind: 'key'; itemId: number; init: KeyboardEventInit }
  | { kind: 'pointer'; itemId: number; init: PointerEventInit };

interface Sorting {
  /** dnd-kit's sortable row, once loaded and in charge; null until the first drag. */
  Row: ComponentType<SortableRowProps> | null;
  start: (drag: DragStart) => void;
  /** The id of the instructions for screen readers, until dnd-kit gives its own. */
  describedBy: string;
}

const SortingContext = createContext<Sorting | null>(null);

export function useSorting(): Sorting {
  const sorting = useContext(SortingContext);
  if (!sorting) throw new Error('SortableRow must be inside SortableItems');
  return sorting;
}

/**
 * Lets the items inside be put in order by drag, or by keyboard (space, arrows, space), with what
 * happens said to screen readers; hands the new order to `onReorder`. The rows are plain until
 * the first drag: then dnd-kit loads, takes over the rows, and the drag that asked for it
 * (pointer, touch or keyboard) is handed to it, on the same handle.
 */
export function SortableItems({
  items,
  onReorder,
  children,
}: {
  items: Item[];
  onReorder: (itemIds: number[]) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const describedBy = useId();
  const [dnd, setDnd] = useState<DragAndDrop | null>(loaded);
  const pending = useRef<{ drag: DragStart; ended: boolean } | null>(null);

  const start = useCallback((drag: DragStart) => {
    const waiting = { drag, ended: false };
    pending.current = waiting;
    if (drag.kind === 'pointer') {
      // Let go before the code arrived: a press, not a drag.
      const end = () => {
        waiting.ended = true;
        document.removeEventListener('pointerup', end, true);
        document.removeEventListener('pointercancel', end, true);
      };
      document.addEventListener('pointerup', end, true);
      document.addEventListener('pointercancel', end, true);
    }
    loadDragAndDrop().then(setDnd, () => {
      pending.current = null;
    });
  }, []);

  useEffect(() => {
    const waiting = pending.current;
    if (!dnd || !waiting) return;
    pending.current = null;
    // dnd-kit's rows have mounted and registered their handles (their effects ran before this).
    const handle = document.querySelector<HTMLElement>(
      `[data-drag-handle="${waiting.drag.itemId}"]`,
    );
    if (!handle) return;
    handle.focus({ preventScroll: true });
    const { drag } = waiting;
    if (drag.kind === 'key') {
      handle.dispatchEvent(
        new KeyboardEvent('keydown', { ...drag.init, bubbles: true, cancelable: true }),
      );
    } else if (!waiting.ended) {
      handle.dispatchEvent(
        new PointerEvent('pointerdown', { ...drag.init, bubbles: true, cancelable: true }),
      );
    }
  }, [dnd]);

  const sorting = useMemo<Sorting>(
    () => ({ Row: dnd?.DndSortableRow ?? null, start, describedBy }),
    [dnd, start, describedBy],
  );

  return (
    <SortingContext.Provider value={sorting}>
      {dnd ? (
        <dnd.DndSortableItems items={items} onReorder={onReorder}>
          {children}
        </dnd.DndSortableItems>
      ) : (
        <>
          {children}
          <span id={describedBy} className={plainClasses.visuallyHidden}>
            {t('lists.reorder.instructions')}
          </span>
        </>
      )}
    </SortingContext.Provider>
  );
}
