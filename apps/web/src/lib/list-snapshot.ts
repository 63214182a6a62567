import type { ListDetail } from '@household/contracts';
import { useEffect } from 'react';

/**
 * The list this device drew last, as the outline shows it when that list is opened again: its
 * name and its first rows' names, read by public/first-paint.js before the app's code has run
 * (an installed app reopened shows them at once, and the app's own rows take their place). One
 * list only, kept as the offline reads are: for the person signed in, and forgotten when the
 * session ends (lib/session.tsx).
 */
export const LIST_SNAPSHOT_KEY = 'firstPaintList';
/** The outline's rows (build/first-paint-outline.ts ROWS): those a phone's screen shows. */
export const LIST_SNAPSHOT_ROWS = 8;

export interface ListSnapshot {
  list: number;
  name: string;
  items: { name: string; done: boolean }[];
}

function listSnapshot(list: ListDetail): ListSnapshot {
  return {
    list: list.id,
    name: list.name,
    items: list.items
      .slice(0, LIST_SNAPSHOT_ROWS)
      .map((item) => ({ name: item.name, done: item.done })),
  };
}

function storeListSnapshot(snapshot: string | null): void {
  try {
    if (snapshot !== null) window.localStorage.setItem(LIST_SNAPSHOT_KEY, snapshot);
    else window.localStorage.removeItem(LIST_SNAPSHOT_KEY);
  } catch {
    // Storage full or off (a private window): the outline shows grey rows instead.
  }
}

export const forgetListSnapshot = (): void => storeListSnapshot(null);

/**
 * Keeps the list drawn in manual order as the outline's snapshot. Grouped by category, the page
 * draws headers between the rows that the outline has no place for: no snapshot then, and the
 * outline shows grey rows.
 */
export function useListSnapshot(list: ListDetail, grouped: boolean): void {
  // As a string, so that the effect writes only when what the outline would show has changed.
  const snapshot = grouped ? null : JSON.stringify(listSnapshot(list));
  useEffect(() => storeListSnapshot(snapshot), [snapshot]);
}
