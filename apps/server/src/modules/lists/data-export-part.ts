import type { DataExport } from '@household/contracts';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { z } from 'zod';
import { items, lists, shopTicks } from '../../db/schema';
import { groupBy, within, type ExportScope } from '../../lib/data-export';

/** The user's personal lists and their groups' lists, each with its items. */
export async function exportLists({
  tx,
  userId,
  groupIds,
}: ExportScope): Promise<DataExport['lists']> {
  const listRows = await tx
    .select()
    .from(lists)
    .where(
      or(and(isNull(lists.groupId), eq(lists.ownerId, userId)), within(lists.groupId, groupIds)),
    )
    .orderBy(asc(lists.id));
  const itemRows = await tx
    .select()
    .from(items)
    .where(
      within(
        items.listId,
        listRows.map((list) => list.id),
      ),
    )
    .orderBy(asc(items.listId), asc(items.position), asc(items.id));
  const itemsOf = groupBy(itemRows, (row) => row.listId);
  return listRows.map((list) => ({
    id: list.id,
    name: list.name,
    description: list.description,
    group_id: list.groupId,
    owner_id: list.ownerId,
    status: list.status,
    created_at: list.createdAt.toISOString(),
    updated_at: list.updatedAt.toISOString(),
    items: (itemsOf.get(list.id) ?? []).map((item) => ({
      id: item.id,
      name: item.name,
      quantity: item.quantity,
      unit: item.unit,
      price_cents: item.priceCents,
      category_id: item.categoryId,
      notes: item.notes,
      position: item.position,
      added_by: item.addedBy,
      done: item.done,
      completed_by: item.completedBy,
      completed_at: item.completedAt?.toISOString() ?? null,
      created_at: item.createdAt.toISOString(),
      updated_at: item.updatedAt.toISOString(),
    })),
  }));
}

/**
 * A tick as stored (docs/shop-trips.md "Privacy and export"). The export contract has no section
 * for ticks yet, so their shape is stated here, beside the only code that writes it.
 */
export const ZExportShopTick = z.object({
  id: z.number().int(),
  /** The group the tick belongs to; null for the user's own (personal lists). */
  group_id: z.number().int().nullable(),
  list_id: z.number().int().nullable(),
  shop: z.string(),
  item_key: z.string(),
  item_name: z.string(),
  category_id: z.number().int().nullable(),
  in_shop: z.boolean(),
  ticked_by: z.number().int().nullable(),
  ticked_at: z.string(),
});
export type ExportShopTick = z.infer<typeof ZExportShopTick>;

/** The ticks of the user's own trips and of their groups' trips, oldest first. */
export async function exportShopTicks({
  tx,
  userId,
  groupIds,
}: ExportScope): Promise<ExportShopTick[]> {
  const rows = await tx
    .select()
    .from(shopTicks)
    .where(or(eq(shopTicks.userId, userId), within(shopTicks.groupId, groupIds)))
    .orderBy(asc(shopTicks.tickedAt), asc(shopTicks.id));
  return rows.map((row) => ({
    id: row.id,
    group_id: row.groupId,
    list_id: row.listId,
    shop: row.shop,
    item_key: row.itemKey,
    item_name: row.itemName,
    category_id: row.categoryId,
    in_shop: row.inShop,
    ticked_by: row.tickedBy,
    ticked_at: row.tickedAt.toISOString(),
  }));
}
