import { itemKey, TRIP_GAP_MS } from '@household/domain';
import { and, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { shopTicks, type ItemRow, type ListRow } from '../../db/schema';

/** docs/shop-trips.md "Retention": a scope keeps a year of ticks, enough for yearly habits. */
export const TICK_RETENTION_DAYS = 365;

/**
 * The ticks a list's trips belong to: a group list's go to its group, a personal list's to its
 * owner. Null for a personal list without an owner, which records nothing.
 */
export function tickScopeOf(list: Pick<ListRow, 'groupId' | 'ownerId'>): SQL | null {
  if (list.groupId !== null) return eq(shopTicks.groupId, list.groupId);
  if (list.ownerId !== null) return eq(shopTicks.userId, list.ownerId);
  return null;
}

/** Ticks of the scope from `days` ago on. */
export function tickedWithin(days: number): SQL {
  return gt(shopTicks.tickedAt, sql`now() - make_interval(days => ${days}::int)`);
}

/**
 * Issue 25 §3: a tick joins its scope's trips, with the list's shop as it is now and the item's
 * category. Called in the transaction that ticks the item, so a tick and its record stand or fall
 * together. Ticks older than the retention are swept here, by the scope's own index: no job needed.
 */
export async function recordTick(
  tx: Tx,
  {
    list,
    item,
    inShop,
    actorId,
  }: { list: ListRow; item: ItemRow; inShop: boolean; actorId: number },
): Promise<void> {
  const scope = tickScopeOf(list);
  if (!scope) return;
  await tx.insert(shopTicks).values({
    groupId: list.groupId,
    userId: list.groupId === null ? list.ownerId : null,
    listId: list.id,
    shop: list.shop,
    itemKey: itemKey(item.name),
    itemName: item.name,
    categoryId: item.categoryId,
    inShop,
    tickedBy: actorId,
  });
  await tx
    .delete(shopTicks)
    .where(
      and(
        scope,
        lt(shopTicks.tickedAt, sql`now() - make_interval(days => ${TICK_RETENTION_DAYS}::int)`),
      ),
    );
}

/**
 * Unticking within the trip takes back the item's latest tick on this list: a mis-tap should not
 * teach the walking order. An untick later than that (bought, then needed again) leaves the
 * purchase on record.
 */
export async function forgetTick(
  tx: Tx,
  { listId, name }: { listId: number; name: string },
): Promise<void> {
  const latest = tx
    .select({ id: shopTicks.id })
    .from(shopTicks)
    .where(
      and(
        eq(shopTicks.listId, listId),
        eq(shopTicks.itemKey, itemKey(name)),
        gt(
          shopTicks.tickedAt,
          sql`now() - make_interval(secs => ${TRIP_GAP_MS / 1000}::double precision)`,
        ),
      ),
    )
    .orderBy(desc(shopTicks.tickedAt), desc(shopTicks.id))
    .limit(1);
  await tx.delete(shopTicks).where(eq(shopTicks.id, sql`(${latest})`));
}

/** The scope's ticks matching `where`, oldest first: what trips are cut from. */
export function readTicks(db: DbOrTx, where: SQL) {
  return db.select().from(shopTicks).where(where).orderBy(shopTicks.tickedAt, shopTicks.id);
}
