import type { RealtimeEvent } from '@household/contracts';
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { groupMembers } from '../../db/schema';
import type { RealtimeHub } from './connection';

/** The groups of each user, read together; a user in no group has an empty list. */
export async function loadGroups(
  ctx: AppContext,
  userIds: number[],
): Promise<Map<number, number[]>> {
  const byUser = new Map<number, number[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = await ctx.db
    .select({ userId: groupMembers.userId, groupId: groupMembers.groupId })
    .from(groupMembers)
    .where(inArray(groupMembers.userId, userIds));
  for (const row of rows) byUser.get(row.userId)?.push(row.groupId);
  return byUser;
}

/**
 * A membership event applies at once (registry.deliver); reading the user's groups again then
 * also catches changes whose events this process missed.
 */
async function reloadGroups(hub: RealtimeHub, userId: number): Promise<void> {
  const groups = await loadGroups(hub.ctx, [userId]);
  hub.registry.setGroups(userId, groups.get(userId) ?? []);
}

/** Sends an event to the connections that may see it. */
export function deliverEvent(hub: RealtimeHub, event: RealtimeEvent): void {
  hub.registry.deliver(event);
  if (event.entity === 'membership' && event.user_id !== null) {
    const userId = event.user_id;
    if (hub.registry.connections(userId).size === 0) return;
    reloadGroups(hub, userId).catch((error: unknown) =>
      hub.log.warn({ err: error, userId }, 'reloading groups for realtime delivery failed'),
    );
  }
}
