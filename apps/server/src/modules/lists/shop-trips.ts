import type { Suggestion, Suggestions, WalkingOrder } from '@household/contracts';
import {
  boughtWith,
  dueAgain,
  itemKey,
  learnWalkingOrder,
  tripsFromTicks,
  type Tick,
  type Trip,
} from '@household/domain';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { categories, items, shopTicks, type ShopTickRow, type UserRow } from '../../db/schema';
import { requireVisibleList } from './lists.policy';
import { readTicks, TICK_RETENTION_DAYS, tickedWithin, tickScopeOf } from './shop-ticks';

/** docs/shop-trips.md "Walking order": the recent trips only, so a rebuilt shop is relearned soon. */
export const WALKING_ORDER_DAYS = 90;
export const WALKING_ORDER_TRIPS = 60;
/** ZSuggestions: at most this many, bought_with first. */
export const SUGGESTIONS_MAX = 8;

/** The category key of a tick in a trip's category sequence; 'none' for "No Category". */
const NO_CATEGORY = 'none';

const asTick = (row: ShopTickRow, key: string): Tick => ({
  key,
  at: row.tickedAt.getTime(),
  // A deleted list's ticks still make trips: they stay together as one (unknown) list.
  listId: row.listId ?? 0,
});

const byStart = (trips: Trip[]) => [...trips].sort((a, b) => a.start - b.start);

/**
 * The categories of each trip in the order they were walked: the trips are cut from the same
 * ticks keyed by their ids, so that the category trips are the item trips tick for tick, each
 * category counted where it was first reached.
 */
function categoryTrips(rows: ShopTickRow[], latest: number): Trip[] {
  const byId = new Map(rows.map((row) => [String(row.id), row]));
  const tickTrips = byStart(tripsFromTicks(rows.map((row) => asTick(row, String(row.id)))));
  return tickTrips.slice(-latest).map((trip) => {
    const keys: string[] = [];
    for (const id of trip.keys) {
      const categoryId = byId.get(id)?.categoryId;
      const key =
        categoryId === null || categoryId === undefined ? NO_CATEGORY : String(categoryId);
      if (!keys.includes(key)) keys.push(key);
    }
    return { start: trip.start, keys };
  });
}

/**
 * GET /lists/{id}/walking-order (issue 25 §3): learned from the ticks made in the shop, by the
 * list's group (or its owner), at the list's shop; lists for any shop share one pool.
 */
export async function walkingOrder(
  ctx: AppContext,
  actor: UserRow,
  listId: number,
): Promise<WalkingOrder> {
  const { list } = await requireVisibleList(ctx.db, listId, actor.id);
  const scope = tickScopeOf(list);
  const empty: WalkingOrder = { shop: list.shop, trips: 0, category_ids: [], item_keys: [] };
  if (!scope) return empty;
  const rows = await readTicks(
    ctx.db,
    and(
      scope,
      eq(shopTicks.shop, list.shop),
      eq(shopTicks.inShop, true),
      tickedWithin(WALKING_ORDER_DAYS),
    )!,
  );
  if (rows.length === 0) return empty;
  const now = Date.now();
  const trips = byStart(tripsFromTicks(rows.map((row) => asTick(row, row.itemKey)))).slice(
    -WALKING_ORDER_TRIPS,
  );
  const categoryOrder = learnWalkingOrder(categoryTrips(rows, WALKING_ORDER_TRIPS), { now });
  return {
    shop: list.shop,
    trips: trips.length,
    category_ids: categoryOrder.map((key) => (key === NO_CATEGORY ? null : Number(key))),
    item_keys: learnWalkingOrder(trips, { now }),
  };
}

/**
 * GET /lists/{id}/suggestions (issue 25 §3 "Usually bought with"): from every tick of the scope
 * in the retention, in any shop and in or out of supermarket mode, what is bought with `item`
 * and what is due again; never what is on the list already, done or not.
 */
export async function suggestions(
  ctx: AppContext,
  actor: UserRow,
  listId: number,
  item: string | undefined,
): Promise<Suggestions> {
  const { list } = await requireVisibleList(ctx.db, listId, actor.id);
  const scope = tickScopeOf(list);
  if (!scope) return { suggestions: [] };
  const [rows, listItems, scopeCategories] = await Promise.all([
    readTicks(ctx.db, and(scope, tickedWithin(TICK_RETENTION_DAYS))!),
    ctx.db.select({ name: items.name }).from(items).where(eq(items.listId, listId)),
    ctx.db
      .select({ id: categories.id })
      .from(categories)
      .where(
        and(
          eq(categories.kind, 'item'),
          list.groupId === null
            ? eq(categories.userId, list.ownerId!)
            : eq(categories.groupId, list.groupId),
        ),
      ),
  ]);
  if (rows.length === 0) return { suggestions: [] };
  const onList = new Set(listItems.map((row) => itemKey(row.name)));
  const added = item === undefined ? null : itemKey(item);
  if (added !== null) onList.add(added);
  const trips = tripsFromTicks(rows.map((row) => asTick(row, row.itemKey)));
  // The rows are oldest first: the last one of a key is how it was last bought.
  const lastTick = new Map(rows.map((row) => [row.itemKey, row]));
  const known = new Set(scopeCategories.map((row) => row.id));

  const found: Suggestion[] = [];
  const offered = new Set<string>();
  const offer = (
    key: string,
    fields: Pick<Suggestion, 'reason' | 'times' | 'every_days'>,
  ): void => {
    const tick = lastTick.get(key);
    if (!tick || onList.has(key) || offered.has(key) || found.length >= SUGGESTIONS_MAX) return;
    offered.add(key);
    found.push({
      name: tick.itemName,
      category_id: tick.categoryId !== null && known.has(tick.categoryId) ? tick.categoryId : null,
      ...fields,
      last_bought_at: tick.tickedAt.toISOString(),
    });
  };
  if (added !== null) {
    for (const hit of boughtWith(trips, added, onList, SUGGESTIONS_MAX)) {
      offer(hit.key, { reason: 'bought_with', times: hit.together, every_days: null });
    }
  }
  for (const hit of dueAgain(trips, onList, Date.now(), SUGGESTIONS_MAX)) {
    offer(hit.key, {
      reason: 'due_again',
      times: hit.times,
      every_days: Math.round(hit.everyDays),
    });
  }
  return { suggestions: found };
}
