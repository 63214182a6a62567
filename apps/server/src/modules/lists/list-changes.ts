import type { ActivityVerb, RealtimeEvent } from '@household/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { lists, type ListRow } from '../../db/schema';
import { recordActivity } from '../groups/activity';
import { notifyListChange } from '../notifications/record';

/** Changes of items that the list's other members are notified of (batched per list). */
const ITEM_CHANGE_VERBS: ReadonlySet<ActivityVerb> = new Set([
  'item_added',
  'item_updated',
  'item_checked',
  'item_unchecked',
  'item_deleted',
  'items_merged',
]);

export interface ListActivityOptions {
  list: Pick<ListRow, 'id' | 'name' | 'groupId'>;
  actorId: number;
  verb: ActivityVerb;
  /** Added to the list's own details; `item_name` names the item in the notification. */
  details?: Record<string, unknown>;
}

/** One activity entry for a change of a group list (personal lists have no log). */
export async function recordListActivity(
  tx: Tx,
  { list, actorId, verb, details = {} }: ListActivityOptions,
): Promise<void> {
  if (list.groupId === null) return;
  await recordActivity(tx, {
    groupId: list.groupId,
    actorId,
    verb,
    details: { list_id: list.id, list_name: list.name, ...details },
  });
  if (ITEM_CHANGE_VERBS.has(verb)) {
    const name = typeof details.item_name === 'string' ? details.item_name : null;
    const count =
      verb === 'items_merged' ? Number(details.added ?? 0) + Number(details.updated ?? 0) : 1;
    if (count > 0) await notifyListChange(tx, { list, actorId, itemName: name, count });
  }
}

export interface ListEventOptions {
  /** What changed: the list itself, or one of its items (`id` is then the item's). */
  entity: 'list' | 'item';
  id: number;
  action: RealtimeEvent['action'];
  actorId: number | null;
}

/** The realtime event of a list change: to the group's members, or to the owner alone. */
export function listEvent(
  list: Pick<ListRow, 'id' | 'groupId' | 'ownerId' | 'version'>,
  { entity, id, action, actorId }: ListEventOptions,
): RealtimeEvent {
  return {
    entity,
    id,
    action,
    list_id: list.id,
    group_id: list.groupId,
    user_id: list.groupId === null ? list.ownerId : null,
    version: list.version,
    actor: actorId,
  };
}

/** Every change of a list or its items moves the list's version on (GET /lists/statuses). */
export async function bumpList(tx: Tx, listId: number): Promise<ListRow> {
  const [row] = await tx
    .update(lists)
    .set({ version: sql`${lists.version} + 1`, updatedAt: sql`now()` })
    .where(eq(lists.id, listId))
    .returning();
  return row!;
}
