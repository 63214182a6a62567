import type { ListDetail } from '@household/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { categories, items, lists, type UserRow } from '../../db/schema';
import { AppError } from '../../http/problem';
import { requireMembership } from '../groups/membership';
import { listEvent, recordListActivity } from './list-changes';
import { presentListDetail } from './list-reads';
import { assertCanManageList, requireVisibleList } from './lists.policy';

/**
 * Moves one of my personal lists into a group I belong to. Its items keep their category only if
 * the category is the group's; my personal categories mean nothing to the others.
 */
export async function shareList(
  ctx: AppContext,
  actor: UserRow,
  listId: number,
  groupId: number,
): Promise<ListDetail> {
  const { before, after } = await ctx.db.transaction(async (tx) => {
    const visible = await requireVisibleList(tx, listId, actor.id, { lock: true });
    if (visible.list.groupId !== null) {
      throw new AppError(409, 'conflict', 'The list is in a group already');
    }
    await requireMembership(tx, groupId, actor.id);
    await clearForeignCategories(tx, listId, { groupId });
    const [row] = await tx
      .update(lists)
      .set({ groupId, version: visible.list.version + 1, updatedAt: sql`now()` })
      .where(eq(lists.id, listId))
      .returning();
    await recordListActivity(tx, { list: row!, actorId: actor.id, verb: 'list_shared' });
    return { before: visible.list, after: row! };
  });
  await ctx.events.publish(
    listEvent(before, { entity: 'list', id: listId, action: 'deleted', actorId: actor.id }),
  );
  await ctx.events.publish(
    listEvent(after, { entity: 'list', id: listId, action: 'created', actorId: actor.id }),
  );
  return presentListDetail(ctx, listId);
}

/** Makes a group list personal again, for its creator; the group's members lose it. */
export async function unshareList(
  ctx: AppContext,
  actor: UserRow,
  listId: number,
): Promise<ListDetail> {
  const { before, after } = await ctx.db.transaction(async (tx) => {
    const visible = await requireVisibleList(tx, listId, actor.id, { lock: true });
    if (visible.list.groupId === null) {
      throw new AppError(409, 'conflict', 'The list is personal already');
    }
    assertCanManageList(visible, actor.id);
    const ownerId = visible.list.ownerId ?? actor.id;
    await clearForeignCategories(tx, listId, { userId: ownerId });
    await recordListActivity(tx, { list: visible.list, actorId: actor.id, verb: 'list_unshared' });
    const [row] = await tx
      .update(lists)
      .set({
        groupId: null,
        ownerId,
        version: visible.list.version + 1,
        updatedAt: sql`now()`,
      })
      .where(eq(lists.id, listId))
      .returning();
    return { before: visible.list, after: row! };
  });
  await ctx.events.publish(
    listEvent(before, { entity: 'list', id: listId, action: 'deleted', actorId: actor.id }),
  );
  await ctx.events.publish(
    listEvent(after, { entity: 'list', id: listId, action: 'created', actorId: actor.id }),
  );
  return presentListDetail(ctx, listId);
}

async function clearForeignCategories(
  tx: Tx,
  listId: number,
  owner: { groupId: number } | { userId: number },
) {
  const own =
    'groupId' in owner
      ? eq(categories.groupId, owner.groupId)
      : eq(categories.userId, owner.userId);
  const keep = tx.select({ id: categories.id }).from(categories).where(own);
  await tx
    .update(items)
    .set({ categoryId: null })
    .where(
      and(
        eq(items.listId, listId),
        sql`${items.categoryId} is not null`,
        sql`${items.categoryId} not in ${keep}`,
      ),
    );
}
