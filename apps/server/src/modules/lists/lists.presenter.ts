import type { Item, List, ListStatusName } from '@household/contracts';
import { and, asc, count, eq, isNull, or, sql, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { groupMembers, groups, items, lists, users, type ItemRow } from '../../db/schema';
import { personColumns, presentPersonOrNull } from '../people/people.presenter';
import { People } from '../people/people';

type UrlConfig = Pick<Config, 'publicApiUrl'>;

const owners = alias(users, 'owners');

/**
 * Per list: item count, done count and total price, in one grouped pass over the items of the
 * lists matching `where` only (not over every item of every household on the instance).
 */
function itemTotals(db: DbOrTx, where: SQL) {
  const wanted = db.select({ id: lists.id }).from(lists).where(where);
  return db
    .select({
      listId: items.listId,
      itemCount: count().as('item_count'),
      doneCount: sql<number>`count(*) filter (where ${items.done})`.as('done_count'),
      totalCents: sql<string>`coalesce(sum(${items.priceCents}), 0)`.as('total_cents'),
    })
    .from(items)
    .where(inArray(items.listId, wanted))
    .groupBy(items.listId)
    .as('totals');
}

/** Lists the user can see: their personal lists and the lists of every group they are in. */
export function visibleTo(db: DbOrTx, userId: number): SQL {
  const myGroups = db
    .select({ groupId: groupMembers.groupId })
    .from(groupMembers)
    .where(eq(groupMembers.userId, userId));
  return or(
    and(isNull(lists.groupId), eq(lists.ownerId, userId)),
    inArray(lists.groupId, myGroups),
  )!;
}

/** The lists matching `where`, with counts, total, group, creator and currency, by name. */
export async function loadLists(db: DbOrTx, config: UrlConfig, where: SQL): Promise<List[]> {
  const totals = itemTotals(db, where);
  const rows = await db
    .select({
      list: lists,
      group: { id: groups.id, name: groups.name, currency: groups.currency },
      owner: personColumns(owners),
      ownerCurrency: owners.currency,
      itemCount: totals.itemCount,
      doneCount: totals.doneCount,
      totalCents: totals.totalCents,
    })
    .from(lists)
    .leftJoin(groups, eq(groups.id, lists.groupId))
    .leftJoin(owners, eq(owners.id, lists.ownerId))
    .leftJoin(totals, eq(totals.listId, lists.id))
    .where(where)
    .orderBy(sql`lower(${lists.name})`, asc(lists.id));
  return rows.map((row) => ({
    id: row.list.id,
    name: row.list.name,
    description: row.list.description,
    group: row.group ? { id: row.group.id, name: row.group.name } : null,
    created_by: presentPersonOrNull(row.owner, config),
    status: row.list.status as ListStatusName,
    shop: row.list.shop,
    currency: row.group?.currency ?? row.ownerCurrency ?? 'EUR',
    item_count: Number(row.itemCount ?? 0),
    done_count: Number(row.doneCount ?? 0),
    total_cents: Number(row.totalCents ?? 0),
    created_at: row.list.createdAt.toISOString(),
    updated_at: row.list.updatedAt.toISOString(),
    version: row.list.version,
  }));
}

export function presentItem(row: ItemRow, people: People): Item {
  return {
    id: row.id,
    list_id: row.listId,
    name: row.name,
    quantity: row.quantity,
    unit: row.unit,
    price_cents: row.priceCents,
    category_id: row.categoryId,
    notes: row.notes,
    position: row.position,
    added_by: people.found(row.addedBy),
    done: row.done,
    completed_by: people.found(row.completedBy),
    completed_at: row.completedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/**
 * Items matching `where` in list order, with the people who added and ticked them. The people
 * are a handful per list, so they are read once by id instead of joined into every row: a list of
 * 1,000 items moves a third fewer columns.
 */
export async function loadItems(db: DbOrTx, config: UrlConfig, where: SQL): Promise<Item[]> {
  const rows = await db
    .select()
    .from(items)
    .where(where)
    .orderBy(asc(items.position), asc(items.id));
  const ids = new Set<number>();
  for (const row of rows) {
    if (row.addedBy !== null) ids.add(row.addedBy);
    if (row.completedBy !== null) ids.add(row.completedBy);
  }
  const people = await People.load(db, config, ids);
  return rows.map((row) => presentItem(row, people));
}
