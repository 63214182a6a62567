import type { ActivityVerb, ListDetail, ListStatusName } from '@household/contracts';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { lists, type UserRow } from '../../db/schema';
import { AppError } from '../../http/problem';
import { listEvent, recordListActivity } from './list-changes';
import { presentListDetail } from './list-reads';
import { requireVisibleList } from './lists.policy';

/** spec §4: the lifecycle transitions and the states each may start from. */
const TRANSITIONS = {
  complete: { from: ['active'], to: 'completed', verb: 'list_completed' },
  reopen: { from: ['completed'], to: 'active', verb: 'list_reopened' },
  archive: { from: ['active', 'completed'], to: 'archived', verb: 'list_archived' },
  unarchive: { from: ['archived'], to: 'active', verb: 'list_unarchived' },
} as const satisfies Record<
  string,
  { from: readonly ListStatusName[]; to: ListStatusName; verb: ActivityVerb }
>;
export type ListTransition = keyof typeof TRANSITIONS;

export async function transitionList(
  ctx: AppContext,
  actor: UserRow,
  listId: number,
  transition: ListTransition,
): Promise<ListDetail> {
  const rule = TRANSITIONS[transition];
  const updated = await ctx.db.transaction(async (tx) => {
    const { list } = await requireVisibleList(tx, listId, actor.id, { lock: true });
    if (!(rule.from as readonly string[]).includes(list.status)) {
      throw new AppError(409, 'conflict', `A list that is ${list.status} cannot be ${rule.to}`);
    }
    const [row] = await tx
      .update(lists)
      .set({ status: rule.to, version: list.version + 1, updatedAt: sql`now()` })
      .where(eq(lists.id, listId))
      .returning();
    await recordListActivity(tx, { list: row!, actorId: actor.id, verb: rule.verb });
    return row!;
  });
  await ctx.events.publish(
    listEvent(updated, { entity: 'list', id: listId, action: 'updated', actorId: actor.id }),
  );
  return presentListDetail(ctx, listId);
}
