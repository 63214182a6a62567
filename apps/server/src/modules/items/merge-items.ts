import type { MergeItemsBody, MergeItemsResult } from '@household/contracts';
import { ITEMS_PER_LIST_MAX } from '@household/contracts';
import { itemNameKey } from '@household/domain';
import { eq, inArray, max, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { items, type ItemRow, type UserRow } from '../../db/schema';
import { AppError } from '../../http/problem';
import { loadItems } from '../lists/lists.presenter';
import { assertEditable, requireVisibleList } from '../lists/lists.policy';
import { bumpList, listEvent, recordListActivity } from '../lists/list-changes';

/**
 * POST /lists/{id}/items/merge: the items of a reviewed photo in one change. A name already on the
 * list (case and spacing aside: itemNameKey) updates that item's price, and its quantity when one
 * is given, instead of adding a second; two reviewed items of one name are one (the last wins).
 * Either every item lands or none does.
 */
export async function mergeItems(
  ctx: AppContext,
  actor: UserRow,
  listId: number,
  body: MergeItemsBody,
): Promise<MergeItemsResult> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const visible = await requireVisibleList(tx, listId, actor.id, { lock: true });
    assertEditable(visible.list);
    const existing = await tx.select().from(items).where(eq(items.listId, listId));
    const onList = new Map<string, ItemRow>();
    // The first item of a name (by position) is the one a merge updates.
    for (const row of [...existing].sort((a, b) => a.position - b.position)) {
      if (!onList.has(itemNameKey(row.name))) onList.set(itemNameKey(row.name), row);
    }
    const wanted = new Map<string, MergeItemsBody['items'][number]>();
    for (const item of body.items) wanted.set(itemNameKey(item.name), item);

    const toAdd = [...wanted].filter(([key]) => !onList.has(key)).map(([, item]) => item);
    if (existing.length + toAdd.length > ITEMS_PER_LIST_MAX) {
      throw new AppError(409, 'conflict', `A list holds at most ${ITEMS_PER_LIST_MAX} items`);
    }
    const updatedIds: number[] = [];
    for (const [key, item] of wanted) {
      const current = onList.get(key);
      if (!current) continue;
      const values: Partial<ItemRow> = {};
      if (item.price_cents !== undefined && item.price_cents !== null) {
        values.priceCents = item.price_cents;
      }
      if (item.quantity !== undefined) values.quantity = item.quantity;
      if (Object.keys(values).length === 0) continue;
      await tx
        .update(items)
        .set({ ...values, version: sql`${items.version} + 1`, updatedAt: sql`now()` })
        .where(eq(items.id, current.id));
      updatedIds.push(current.id);
    }
    const [last] = await tx
      .select({ position: max(items.position) })
      .from(items)
      .where(eq(items.listId, listId));
    const added =
      toAdd.length === 0
        ? []
        : await tx
            .insert(items)
            .values(
              toAdd.map((item, index) => ({
                listId,
                name: item.name,
                quantity: item.quantity ?? 1,
                unit: item.unit || null,
                priceCents: item.price_cents ?? null,
                position: (last?.position ?? 0) + 1 + index,
                addedBy: actor.id,
              })),
            )
            .returning({ id: items.id });
    const list = await bumpList(tx, listId);
    await recordListActivity(tx, {
      list,
      actorId: actor.id,
      verb: 'items_merged',
      details: { added: added.length, updated: updatedIds.length },
    });
    return { list, addedIds: added.map((row) => row.id), updatedIds };
  });
  for (const id of outcome.addedIds) {
    await ctx.events.publish(
      listEvent(outcome.list, { entity: 'item', id, action: 'created', actorId: actor.id }),
    );
  }
  for (const id of outcome.updatedIds) {
    await ctx.events.publish(
      listEvent(outcome.list, { entity: 'item', id, action: 'updated', actorId: actor.id }),
    );
  }
  const ids = [...outcome.addedIds, ...outcome.updatedIds];
  const presented =
    ids.length === 0 ? [] : await loadItems(ctx.db, ctx.config, inArray(items.id, ids));
  const byId = new Map(presented.map((item) => [item.id, item]));
  return {
    added: outcome.addedIds.flatMap((id) => byId.get(id) ?? []),
    updated: outcome.updatedIds.flatMap((id) => byId.get(id) ?? []),
  };
}
