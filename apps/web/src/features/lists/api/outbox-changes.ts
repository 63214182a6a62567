import type {
  CreateItemBody,
  Item,
  ListDetail,
  PersonRef,
  UpdateItemBody,
} from '@household/contracts';
import type { TranslationKey } from '../../../lib/i18n';
import { draftItem, patchItem, removeItem, withItems } from './items-cache';

/** One change of an item, as the person made it. */
export type ItemChange =
  | { op: 'add'; listId: number; itemId: number; body: CreateItemBody }
  | { op: 'update'; listId: number; itemId: number; body: UpdateItemBody }
  | { op: 'delete'; listId: number; itemId: number };

/** A change waiting in the outbox, as it is kept in IndexedDB. */
export interface OutboxEntry {
  /** Sent as the `Idempotency-Key`: a replay of a change the server already applied is a no-op. */
  key: string;
  change: ItemChange;
  /** The item before the change, to put back when the server refuses it. */
  previous: Item | null;
  /** What to tell the person when the server refuses the change. */
  failureKey: TranslationKey;
  queuedAt: string;
}

let draftCounter = 0;

/** A temporary id for an item the server has not numbered yet (negative: see `isDraftId`). */
export const nextDraftId = () => -(Date.now() * 1000 + (draftCounter++ % 1000));

/** The list with one waiting change shown on it, as if the server had taken it already. */
export function applyChange(
  detail: ListDetail,
  { change, queuedAt }: OutboxEntry,
  me: PersonRef | null,
): ListDetail {
  switch (change.op) {
    case 'add': {
      if (detail.items.some((item) => item.id === change.itemId)) return detail;
      const position = detail.items.reduce((max, item) => Math.max(max, item.position), 0) + 1;
      const draft = draftItem({
        listId: detail.id,
        tempId: change.itemId,
        body: change.body,
        position,
        me,
        now: queuedAt,
      });
      return withItems(detail, [...detail.items, draft]);
    }
    case 'update': {
      const item = detail.items.find((cached) => cached.id === change.itemId);
      if (!item) return detail;
      const patched = patchItem(item, change.body, me, new Date().toISOString());
      return withItems(
        detail,
        detail.items.map((cached) => (cached.id === item.id ? patched : cached)),
      );
    }
    case 'delete':
      return removeItem(detail, change.itemId);
  }
}

/** A list as the server sent it, with the changes still waiting for it on top. */
export function overlayDetail(
  entries: readonly OutboxEntry[],
  detail: ListDetail,
  me: PersonRef | null,
): ListDetail {
  return entries
    .filter((entry) => entry.change.listId === detail.id)
    .reduce((current, entry) => applyChange(current, entry, me), detail);
}

/** An item from the server, with the changes still waiting for it on top. */
export function overlayItem(
  entries: readonly OutboxEntry[],
  item: Item,
  me: PersonRef | null,
): Item {
  const now = new Date().toISOString();
  return entries.reduce(
    (current, { change }) =>
      change.op === 'update' && change.itemId === item.id
        ? patchItem(current, change.body, me, now)
        : current,
    item,
  );
}

/**
 * After the server's answer, the waiting changes of the item name its id (a draft's becomes the
 * real one) and its new version; whether any changed.
 */
export function rebaseEntries(
  entries: readonly OutboxEntry[],
  itemId: number,
  baseVersion: number | null,
  item: Item,
): boolean {
  let changed = false;
  for (const entry of entries) {
    const { change } = entry;
    if (change.itemId !== itemId) continue;
    changed = true;
    change.itemId = item.id;
    if (change.op === 'update' && (baseVersion === null || change.body.version === baseVersion)) {
      change.body = { ...change.body, version: item.version };
    }
  }
  return changed;
}
