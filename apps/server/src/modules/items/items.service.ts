import type { CreateItemBody, Item, UpdateItemBody } from '@household/contracts';
import { ITEMS_PER_LIST_MAX } from '@household/contracts';
import { and, eq, max, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { arrayLiteral } from '../../db/array-literal';
import type { Tx } from '../../db/client';
import { categories, items, type ItemRow, type UserRow } from '../../db/schema';
import { AppError, notFound, validationFailed } from '../../http/problem';
import { loadItems } from '../lists/lists.presenter';
import { assertEditable, requireVisibleList, type VisibleList } from '../lists/lists.policy';
import { bumpList, listEvent, recordListActivity } from '../lists/list-changes';
import { countItems } from '../lists/list-reads';
import { forgetTick, recordTick } from '../lists/shop-ticks';

const itemNotFound = () => notFound('No such item');
/** An item of a list the caller cannot see is as unknown as the list. */
const asItemNotFound = (error: unknown): never => {
  throw error instanceof AppError && error.status === 404 ? itemNotFound() : error;
};
/** A Postgres array literal of integers, sent as one parameter. */

async function presentItemById(ctx: AppContext, itemId: number): Promise<Item> {
  const [item] = await loadItems(ctx.db, ctx.config, eq(items.id, itemId));
  if (!item) throw itemNotFound();
  return item;
}

/** The list an item belongs to, if the caller can see it; 404 for both otherwise. */
async function listOfItem(ctx: AppContext, itemId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ listId: items.listId })
    .from(items)
    .where(eq(items.id, itemId));
  if (!row) throw itemNotFound();
  return row.listId;
}

/** An item category may be used on a list only if it is the list's group's, or its owner's. */
async function assertCategoryFits(
  tx: Tx,
  visible: VisibleList,
  categoryId: number | null | undefined,
) {
  if (categoryId === null || categoryId === undefined) return;
  const [row] = await tx.select().from(categories).where(eq(categories.id, categoryId));
  const fits =
    row &&
    row.kind === 'item' &&
    (visible.list.groupId === null
      ? row.userId === visible.list.ownerId
      : row.groupId === visible.list.groupId);
  if (!fits) {
    throw validationFailed([
      { path: 'category_id', code: 'invalid_reference', message: 'No such category for this list' },
    ]);
  }
}

export async function getItem(ctx: AppContext, actor: UserRow, itemId: number, listId?: number) {
  const ownerList = await listOfItem(ctx, itemId);
  if (listId !== undefined && ownerList !== listId) throw itemNotFound();
  await requireVisibleList(ctx.db, ownerList, actor.id).catch(asItemNotFound);
  return presentItemById(ctx, itemId);
}

export async function addItem(
  ctx: AppContext,
  actor: UserRow,
  listId: number,
  body: CreateItemBody,
): Promise<Item> {
  const { itemId, list } = await ctx.db.transaction(async (tx) => {
    const visible = await requireVisibleList(tx, listId, actor.id, { lock: true });
    assertEditable(visible.list);
    if ((await countItems(tx, listId)) >= ITEMS_PER_LIST_MAX) {
      throw new AppError(409, 'conflict', `A list holds at most ${ITEMS_PER_LIST_MAX} items`);
    }
    const categoryId =
      body.category_id === undefined || body.category_id === null ? null : Number(body.category_id);
    await assertCategoryFits(tx, visible, categoryId);
    const [last] = await tx
      .select({ position: max(items.position) })
      .from(items)
      .where(eq(items.listId, listId));
    const [row] = await tx
      .insert(items)
      .values({
        listId,
        name: body.name,
        quantity: body.quantity ?? 1,
        unit: body.unit || null,
        priceCents: body.price_cents ?? null,
        categoryId,
        notes: body.notes ?? '',
        position: (last?.position ?? 0) + 1,
        addedBy: actor.id,
      })
      .returning();
    const list = await bumpList(tx, listId);
    await recordListActivity(tx, {
      list,
      actorId: actor.id,
      verb: 'item_added',
      details: { item_id: row!.id, item_name: row!.name },
    });
    return { itemId: row!.id, list };
  });
  await ctx.events.publish(
    listEvent(list, { entity: 'item', id: itemId, action: 'created', actorId: actor.id }),
  );
  return presentItemById(ctx, itemId);
}

export interface UpdateItemOptions {
  itemId: number;
  body: UpdateItemBody;
  /** The list named in the path, if any: an item of another list is not found. */
  listId?: number;
}

/**
 * Applies an edit based on `version`: the update only matches the row at that version, so of
 * concurrent edits based on the same version exactly one wins and the others get 409 with the
 * item as it is now. Ticking records who and when; unticking clears both.
 */
export async function updateItem(
  ctx: AppContext,
  actor: UserRow,
  { itemId, body, listId }: UpdateItemOptions,
): Promise<Item> {
  const ownerList = await listOfItem(ctx, itemId);
  if (listId !== undefined && ownerList !== listId) throw itemNotFound();
  const outcome = await ctx.db.transaction(async (tx) => {
    const visible = await requireVisibleList(tx, ownerList, actor.id, { lock: true }).catch(
      asItemNotFound,
    );
    assertEditable(visible.list);
    const [current] = await tx.select().from(items).where(eq(items.id, itemId));
    if (!current || current.listId !== ownerList) throw itemNotFound();
    if (current.version !== body.version) return { stale: true as const };
    const categoryId =
      body.category_id === undefined
        ? undefined
        : body.category_id === null
          ? null
          : Number(body.category_id);
    await assertCategoryFits(tx, visible, categoryId);
    const values: Partial<ItemRow> = {};
    if (body.name !== undefined) values.name = body.name;
    if (body.quantity !== undefined) values.quantity = body.quantity;
    if (body.unit !== undefined) values.unit = body.unit || null;
    if (body.price_cents !== undefined) values.priceCents = body.price_cents;
    if (categoryId !== undefined) values.categoryId = categoryId;
    if (body.notes !== undefined) values.notes = body.notes;
    const toggles = body.done !== undefined && body.done !== current.done;
    if (toggles) {
      values.done = body.done!;
      values.completedBy = body.done ? actor.id : null;
      values.completedAt = body.done ? new Date() : null;
    }
    const [row] = await tx
      .update(items)
      .set({ ...values, version: sql`${items.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(items.id, itemId), eq(items.version, body.version)))
      .returning();
    if (!row) return { stale: true as const };
    // docs/shop-trips.md: a tick is a purchase the trips learn from; a quick untick takes it back.
    if (toggles && body.done) {
      await recordTick(tx, {
        list: visible.list,
        item: row,
        inShop: body.in_shop ?? false,
        actorId: actor.id,
      });
    } else if (toggles) {
      await forgetTick(tx, { listId: ownerList, name: current.name });
    }
    const list = await bumpList(tx, ownerList);
    const verb = toggles ? (body.done ? 'item_checked' : 'item_unchecked') : 'item_updated';
    await recordListActivity(tx, {
      list,
      actorId: actor.id,
      verb,
      details: { item_id: row.id, item_name: row.name },
    });
    return { stale: false as const, list };
  });
  if (outcome.stale) {
    throw new AppError(409, 'conflict', 'The item was changed meanwhile', undefined, undefined, {
      current: await presentItemById(ctx, itemId),
    });
  }
  await ctx.events.publish(
    listEvent(outcome.list, { entity: 'item', id: itemId, action: 'updated', actorId: actor.id }),
  );
  return presentItemById(ctx, itemId);
}

export async function deleteItem(ctx: AppContext, actor: UserRow, itemId: number, listId?: number) {
  const ownerList = await listOfItem(ctx, itemId);
  if (listId !== undefined && ownerList !== listId) throw itemNotFound();
  const list = await ctx.db.transaction(async (tx) => {
    const visible = await requireVisibleList(tx, ownerList, actor.id, { lock: true }).catch(
      asItemNotFound,
    );
    assertEditable(visible.list);
    const [row] = await tx.delete(items).where(eq(items.id, itemId)).returning();
    if (!row) throw itemNotFound();
    const list = await bumpList(tx, ownerList);
    await recordListActivity(tx, {
      list,
      actorId: actor.id,
      verb: 'item_deleted',
      details: { item_id: row.id, item_name: row.name },
    });
    return list;
  });
  await ctx.events.publish(
    listEvent(list, { entity: 'item', id: itemId, action: 'deleted', actorId: actor.id }),
  );
}

/** Sets the manual order; `itemIds` must name every item of the list exactly once. */
export async function reorderItems(
  ctx: AppContext,
  actor: UserRow,
  listId: number,
  itemIds: number[],
): Promise<Item[]> {
  const list = await ctx.db.transaction(async (tx) => {
    const visible = await requireVisibleList(tx, listId, actor.id, { lock: true });
    assertEditable(visible.list);
    const rows = await tx
      .select({ id: items.id, position: items.position })
      .from(items)
      .where(eq(items.listId, listId));
    const known = new Set(rows.map((row) => row.id));
    if (
      itemIds.length !== known.size ||
      new Set(itemIds).size !== itemIds.length ||
      itemIds.some((id) => !known.has(id))
    ) {
      throw validationFailed([
        {
          path: 'item_ids',
          code: 'invalid_value',
          message: 'Name every item of the list exactly once',
        },
      ]);
    }
    const current = new Map(rows.map((row) => [row.id, row.position]));
    const moved = itemIds
      .map((id, index) => ({ id, position: index + 1 }))
      .filter(({ id, position }) => current.get(id) !== position);
    if (moved.length > 0) {
      // One statement for any number of moved items.
      await tx.execute(sql`
        update ${items} set position = moved.position, version = ${items.version} + 1, updated_at = now()
        from (select unnest(${arrayLiteral(moved.map((m) => m.id))}::int[]) as id,
                     unnest(${arrayLiteral(moved.map((m) => m.position))}::int[]) as position) as moved
        where ${items.id} = moved.id`);
    }
    const list = await bumpList(tx, listId);
    await recordListActivity(tx, { list, actorId: actor.id, verb: 'items_reordered' });
    return list;
  });
  await ctx.events.publish(
    listEvent(list, { entity: 'list', id: listId, action: 'updated', actorId: actor.id }),
  );
  return loadItems(ctx.db, ctx.config, eq(items.listId, listId));
}
