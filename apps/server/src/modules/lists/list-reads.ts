import type { List, ListDetail, ListStatus } from '@household/contracts';
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { items, lists, type UserRow } from '../../db/schema';
import { notFound } from '../../http/problem';
import { requireMembership } from '../groups/membership';
import { readListJson, type ListJson, type ListJsonOptions } from './list-json';
import { loadItems, loadLists, visibleTo } from './lists.presenter';
import { listNotFound } from './lists.policy';

/**
 * GET /lists and /lists/archived. A `group_id` filter names a group: one the caller is not a
 * member of is not found (404), as everywhere a group is named, rather than an empty list.
 */
export async function listLists(
  ctx: AppContext,
  actor: UserRow,
  filter: { groupId?: number | undefined; archived: boolean },
): Promise<List[]> {
  if (filter.groupId !== undefined) await requireMembership(ctx.db, filter.groupId, actor.id);
  return loadLists(
    ctx.db,
    ctx.config,
    and(
      visibleTo(ctx.db, actor.id),
      filter.groupId === undefined ? undefined : eq(lists.groupId, filter.groupId),
      filter.archived ? eq(lists.status, 'archived') : ne(lists.status, 'archived'),
    )!,
  );
}

/** GET /groups/{id}/lists: members only (404 otherwise, like every group resource). */
export function listGroupLists(ctx: AppContext, actor: UserRow, groupId: number) {
  return listLists(ctx, actor, { groupId, archived: false });
}

async function presentList(ctx: AppContext, listId: number): Promise<List> {
  const [list] = await loadLists(ctx.db, ctx.config, eq(lists.id, listId));
  if (!list) throw notFound('No such list');
  return list;
}

export async function presentListDetail(ctx: AppContext, listId: number): Promise<ListDetail> {
  const [list, listItems] = await Promise.all([
    presentList(ctx, listId),
    loadItems(ctx.db, ctx.config, eq(items.listId, listId)),
  ]);
  return { ...list, items: listItems };
}

export type ReadListOptions = Omit<ListJsonOptions, 'userId'>;

/**
 * GET /lists/:id (`detail`) and GET /lists/:id/items (`items`), as JSON text with its entity tag;
 * no text when the caller holds this version.
 */
export async function readList(
  ctx: AppContext,
  actor: UserRow,
  { listId, knownTags, body }: ReadListOptions,
): Promise<ListJson> {
  const read = await readListJson(ctx.db, ctx.config, {
    listId,
    userId: actor.id,
    knownTags,
    body,
  });
  if (!read) throw listNotFound();
  return read;
}

export async function listStatuses(
  ctx: AppContext,
  actor: UserRow,
  ids: number[],
): Promise<ListStatus[]> {
  const found = await loadLists(
    ctx.db,
    ctx.config,
    and(visibleTo(ctx.db, actor.id), inArray(lists.id, ids))!,
  );
  return found.map((list) => ({
    id: list.id,
    status: list.status,
    version: list.version,
    item_count: list.item_count,
    done_count: list.done_count,
    updated_at: list.updated_at,
  }));
}

/** One list's status; `listStatuses` already leaves out what the caller cannot see. */
export async function listStatus(ctx: AppContext, actor: UserRow, listId: number) {
  const [status] = await listStatuses(ctx, actor, [listId]);
  if (!status) throw notFound('No such list');
  return status;
}

/** Used by items: how many items a list has, to enforce ITEMS_PER_LIST_MAX. */
export async function countItems(tx: Tx, listId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(items).where(eq(items.listId, listId));
  return row?.n ?? 0;
}
