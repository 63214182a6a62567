import type {
  CreateItemBody,
  Item,
  ListDetail,
  PersonRef,
  UpdateItemBody,
} from '@household/contracts';

/** The counts and total a list card shows follow from its items. */
export function withItems(detail: ListDetail, items: Item[]): ListDetail {
  return {
    ...detail,
    items,
    item_count: items.length,
    done_count: items.filter((item) => item.done).length,
    total_cents: items.reduce((sum, item) => sum + (item.price_cents ?? 0), 0),
  };
}

/**
 * Puts an item answered by the server into the list, by id; an answer older than what is cached
 * (a late refetch after a newer realtime change) is ignored.
 */
export function mergeItem(detail: ListDetail, item: Item): ListDetail {
  const index = detail.items.findIndex((cached) => cached.id === item.id);
  if (index === -1) {
    const items = [...detail.items, item].sort((a, b) => a.position - b.position);
    return withItems(detail, items);
  }
  const cached = detail.items[index]!;
  if (cached.version > item.version) return detail;
  const items = detail.items.slice();
  items[index] = item;
  return withItems(detail, items);
}

/** Replaces the item with this id (whatever its version): a rollback or the server's current one. */
export function replaceItem(detail: ListDetail, id: number, item: Item | null): ListDetail {
  const exists = detail.items.some((cached) => cached.id === id);
  if (!exists) return item === null ? detail : mergeItem(detail, item);
  const items = detail.items.flatMap((cached) =>
    cached.id !== id ? [cached] : item === null ? [] : [item],
  );
  return withItems(detail, dedupe(items));
}

export function removeItem(detail: ListDetail, id: number): ListDetail {
  if (!detail.items.some((item) => item.id === id)) return detail;
  return withItems(
    detail,
    detail.items.filter((item) => item.id !== id),
  );
}

/** An item that reappears after a failed delete goes back to where it was. */
export function restoreItem(detail: ListDetail, item: Item): ListDetail {
  if (detail.items.some((cached) => cached.id === item.id)) return detail;
  const items = [...detail.items, item].sort((a, b) => a.position - b.position);
  return withItems(detail, items);
}

function dedupe(items: Item[]): Item[] {
  const seen = new Set<number>();
  return items.filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true)));
}

/** How an edit looks before the server confirms it; ticking records who did it (docs/lists.md). */
export function patchItem(
  item: Item,
  body: Omit<UpdateItemBody, 'version'>,
  me: PersonRef | null,
  now: string,
): Item {
  const next: Item = { ...item, updated_at: now };
  if (body.name !== undefined) next.name = body.name.trim();
  if (body.quantity !== undefined) next.quantity = body.quantity;
  if (body.unit !== undefined) next.unit = body.unit === null ? null : body.unit.trim() || null;
  if (body.price_cents !== undefined) next.price_cents = body.price_cents;
  if (body.category_id !== undefined) next.category_id = toId(body.category_id);
  if (body.notes !== undefined) next.notes = body.notes;
  if (body.done !== undefined && body.done !== item.done) {
    next.done = body.done;
    next.completed_by = body.done ? me : null;
    next.completed_at = body.done ? now : null;
  }
  return next;
}

export interface DraftItemOptions {
  listId: number;
  /** The temporary, negative id the item carries until the server numbers it. */
  tempId: number;
  body: CreateItemBody;
  position: number;
  me: PersonRef | null;
  now: string;
}

/** A new item as it shows until the server has answered with its id. */
export function draftItem({ listId, tempId, body, position, me, now }: DraftItemOptions): Item {
  return {
    id: tempId,
    list_id: listId,
    name: body.name.trim(),
    quantity: body.quantity ?? 1,
    unit: body.unit ?? null,
    price_cents: body.price_cents ?? null,
    category_id: toId(body.category_id),
    notes: body.notes ?? '',
    position,
    added_by: me,
    done: false,
    completed_by: null,
    completed_at: null,
    created_at: now,
    updated_at: now,
    version: 0,
  };
}

/** Ids in request bodies are typed loosely (the contract coerces them); the cache holds numbers. */
function toId(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/** Items not yet known to the server have negative ids. */
export const isDraftId = (id: number) => id < 0;
