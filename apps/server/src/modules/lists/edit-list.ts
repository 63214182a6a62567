import type { CreateListBody, ListDetail, UpdateListBody } from '@household/contracts';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { items, lists, type UserRow } from '../../db/schema';
import { AppError } from '../../http/problem';
import { requireMembership } from '../groups/membership';
import { listEvent, recordListActivity } from './list-changes';
import { presentListDetail } from './list-reads';
import { assertCanManageList, assertEditable, requireVisibleList } from './lists.policy';

export async function createList(
  ctx: AppContext,
  actor: UserRow,
  body: CreateListBody,
): Promise<ListDetail> {
  const created = await ctx.db.transaction(async (tx) => {
    if (body.group_id) await requireMembership(tx, Number(body.group_id), actor.id);
    const [list] = await tx
      .insert(lists)
      .values({
        name: body.name,
        description: body.description ?? '',
        shop: body.shop ?? '',
        groupId: body.group_id ? Number(body.group_id) : null,
        ownerId: actor.id,
      })
      .returning();
    await recordListActivity(tx, { list: list!, actorId: actor.id, verb: 'list_created' });
    return list!;
  });
  await ctx.events.publish(
    listEvent(created, { entity: 'list', id: created.id, action: 'created', actorId: actor.id }),
  );
  return presentListDetail(ctx, created.id);
}

/** A copy with every item undone, in the same group or personal space, active. */
export async function duplicateList(
  ctx: AppContext,
  actor: UserRow,
  listId: number,
  name: string | undefined,
): Promise<ListDetail> {
  const copy = await ctx.db.transaction(async (tx) => {
    const { list } = await requireVisibleList(tx, listId, actor.id);
    const [created] = await tx
      .insert(lists)
      .values({
        name: name ?? `${list.name} (copy)`.slice(0, 100),
        description: list.description,
        shop: list.shop,
        groupId: list.groupId,
        ownerId: actor.id,
      })
      .returning();
    await tx.execute(sql`
      insert into ${items} (list_id, name, quantity, unit, price_cents, category_id, notes, position, added_by)
      select ${created!.id}, name, quantity, unit, price_cents, category_id, notes, position, ${actor.id}
      from ${items} where list_id = ${listId} order by position, id`);
    await recordListActivity(tx, {
      list: created!,
      actorId: actor.id,
      verb: 'list_duplicated',
      details: {
        from_list_id: list.id,
        from_list_name: list.name,
      },
    });
    return created!;
  });
  await ctx.events.publish(
    listEvent(copy, { entity: 'list', id: copy.id, action: 'created', actorId: actor.id }),
  );
  return presentListDetail(ctx, copy.id);
}

const staleVersion = () =>
  new AppError(409, 'conflict', 'The list was changed meanwhile; reload it and try again');

export async function deleteList(ctx: AppContext, actor: UserRow, listId: number) {
  const deleted = await ctx.db.transaction(async (tx) => {
    const visible = await requireVisibleList(tx, listId, actor.id, { lock: true });
    assertCanManageList(visible, actor.id);
    await tx.delete(lists).where(eq(lists.id, listId));
    await recordListActivity(tx, { list: visible.list, actorId: actor.id, verb: 'list_deleted' });
    return visible.list;
  });
  await ctx.events.publish(
    listEvent(deleted, { entity: 'list', id: listId, action: 'deleted', actorId: actor.id }),
  );
}

export async function updateList(
  ctx: AppContext,
  actor: UserRow,
  listId: number,
  body: UpdateListBody,
): Promise<ListDetail> {
  const updated = await ctx.db.transaction(async (tx) => {
    const { list } = await requireVisibleList(tx, listId, actor.id, { lock: true });
    assertEditable(list);
    if (body.version !== list.version) throw staleVersion();
    const changes: Record<string, { from: string; to: string }> = {};
    if (body.name !== undefined && body.name !== list.name) {
      changes.name = { from: list.name, to: body.name };
    }
    if (body.description !== undefined && body.description !== list.description) {
      changes.description = { from: list.description, to: body.description };
    }
    if (body.shop !== undefined && body.shop !== list.shop) {
      changes.shop = { from: list.shop, to: body.shop };
    }
    if (Object.keys(changes).length === 0) return null;
    const [row] = await tx
      .update(lists)
      .set({
        name: body.name ?? list.name,
        description: body.description ?? list.description,
        shop: body.shop ?? list.shop,
        version: list.version + 1,
        updatedAt: sql`now()`,
      })
      .where(eq(lists.id, listId))
      .returning();
    await recordListActivity(tx, {
      list: row!,
      actorId: actor.id,
      verb: 'list_updated',
      details: { changes },
    });
    return row!;
  });
  if (updated)
    await ctx.events.publish(
      listEvent(updated, { entity: 'list', id: listId, action: 'updated', actorId: actor.id }),
    );
  return presentListDetail(ctx, listId);
}
