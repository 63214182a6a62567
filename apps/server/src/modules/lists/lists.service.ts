import type {
  ActivityVerb,
  CreateListBody,
  ImportResult,
  List,
  ListDetail,
  ListExport,
  ListStatus,
  ListStatusName,
  RealtimeEvent,
  UpdateListBody,
} from '@household/contracts';
import { ITEMS_PER_LIST_MAX, ZListExport } from '@household/contracts';
import {
  parseCsv,
  parseTextList,
  toCsv,
  type ImportedItem,
  type ImportSkip,
} from '@household/domain';
import { and, count, eq, inArray, max, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { categories, items, lists, type ListRow, type UserRow } from '../../db/schema';
import { AppError, notFound, validationFailed } from '../../http/problem';
import { recordActivity } from '../groups/activity';
import { requireMembership } from '../groups/membership';
import { readListJson, type ListBody, type ListJson } from './list-json';
import { loadItems, loadLists, visibleTo } from './lists.presenter';
import {
  assertCanManageList,
  listNotFound,
  assertEditable,
  requireVisibleList,
  type VisibleList,
} from './lists.policy';

const staleVersion = () =>
  new AppError(409, 'conflict', 'The list was changed meanwhile; reload it and try again');

/** One activity entry for a change of a group list (personal lists have no log). */
export async function recordListActivity(
  tx: Tx,
  list: Pick<ListRow, 'id' | 'name' | 'groupId'>,
  actorId: number,
  verb: ActivityVerb,
  details: Record<string, unknown> = {},
): Promise<void> {
  if (list.groupId === null) return;
  await recordActivity(tx, {
    groupId: list.groupId,
    actorId,
    verb,
    details: { list_id: list.id, list_name: list.name, ...details },
  });
}

/** The realtime event of a list change: to the group's members, or to the owner alone. */
export function listEvent(
  list: Pick<ListRow, 'id' | 'groupId' | 'ownerId' | 'version'>,
  entity: 'list' | 'item',
  id: number,
  action: RealtimeEvent['action'],
  actorId: number | null,
): RealtimeEvent {
  return {
    entity,
    id,
    action,
    list_id: list.id,
    group_id: list.groupId,
    user_id: list.groupId === null ? list.ownerId : null,
    version: list.version,
    actor: actorId,
  };
}

/** Every change of a list or its items moves the list's version on (GET /lists/statuses). */
export async function bumpList(tx: Tx, listId: number): Promise<ListRow> {
  const [row] = await tx
    .update(lists)
    .set({ version: sql`${lists.version} + 1`, updatedAt: sql`now()` })
    .where(eq(lists.id, listId))
    .returning();
  return row!;
}

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

/**
 * GET /lists/:id (`detail`) and GET /lists/:id/items (`items`), as JSON text with its entity tag;
 * no text when the caller holds this version.
 */
export async function readList(
  ctx: AppContext,
  actor: UserRow,
  listId: number,
  knownTags: string[],
  body: ListBody,
): Promise<ListJson> {
  const read = await readListJson(ctx.db, ctx.config, listId, actor.id, knownTags, body);
  if (!read) throw listNotFound();
  return read;
}

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
        groupId: body.group_id ? Number(body.group_id) : null,
        ownerId: actor.id,
      })
      .returning();
    await recordListActivity(tx, list!, actor.id, 'list_created');
    return list!;
  });
  await ctx.events.publish(listEvent(created, 'list', created.id, 'created', actor.id));
  return presentListDetail(ctx, created.id);
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
    if (Object.keys(changes).length === 0) return null;
    const [row] = await tx
      .update(lists)
      .set({
        name: body.name ?? list.name,
        description: body.description ?? list.description,
        version: list.version + 1,
        updatedAt: sql`now()`,
      })
      .where(eq(lists.id, listId))
      .returning();
    await recordListActivity(tx, row!, actor.id, 'list_updated', { changes });
    return row!;
  });
  if (updated) await ctx.events.publish(listEvent(updated, 'list', listId, 'updated', actor.id));
  return presentListDetail(ctx, listId);
}

export async function deleteList(ctx: AppContext, actor: UserRow, listId: number) {
  const deleted = await ctx.db.transaction(async (tx) => {
    const visible = await requireVisibleList(tx, listId, actor.id, { lock: true });
    assertCanManageList(visible, actor.id);
    await tx.delete(lists).where(eq(lists.id, listId));
    await recordListActivity(tx, visible.list, actor.id, 'list_deleted');
    return visible.list;
  });
  await ctx.events.publish(listEvent(deleted, 'list', listId, 'deleted', actor.id));
}

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
    await recordListActivity(tx, row!, actor.id, rule.verb);
    return row!;
  });
  await ctx.events.publish(listEvent(updated, 'list', listId, 'updated', actor.id));
  return presentListDetail(ctx, listId);
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
        groupId: list.groupId,
        ownerId: actor.id,
      })
      .returning();
    await tx.execute(sql`
      insert into ${items} (list_id, name, quantity, unit, price_cents, category_id, notes, position, added_by)
      select ${created!.id}, name, quantity, unit, price_cents, category_id, notes, position, ${actor.id}
      from ${items} where list_id = ${listId} order by position, id`);
    await recordListActivity(tx, created!, actor.id, 'list_duplicated', {
      from_list_id: list.id,
      from_list_name: list.name,
    });
    return created!;
  });
  await ctx.events.publish(listEvent(copy, 'list', copy.id, 'created', actor.id));
  return presentListDetail(ctx, copy.id);
}

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
    await recordListActivity(tx, row!, actor.id, 'list_shared');
    return { before: visible.list, after: row! };
  });
  await ctx.events.publish(listEvent(before, 'list', listId, 'deleted', actor.id));
  await ctx.events.publish(listEvent(after, 'list', listId, 'created', actor.id));
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
    await recordListActivity(tx, visible.list, actor.id, 'list_unshared');
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
  await ctx.events.publish(listEvent(before, 'list', listId, 'deleted', actor.id));
  await ctx.events.publish(listEvent(after, 'list', listId, 'created', actor.id));
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

// Export and import ---------------------------------------------------------------------------

async function categoryNames(ctx: AppContext, visible: VisibleList) {
  const rows = await ctx.db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(
      visible.list.groupId === null
        ? eq(categories.userId, visible.list.ownerId ?? -1)
        : eq(categories.groupId, visible.list.groupId),
    );
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function exportList(
  ctx: AppContext,
  actor: UserRow,
  listId: number,
  format: 'csv' | 'json',
): Promise<{ filename: string; contentType: string; body: string }> {
  const visible = await requireVisibleList(ctx.db, listId, actor.id);
  const [detail, names] = await Promise.all([
    presentListDetail(ctx, listId),
    categoryNames(ctx, visible),
  ]);
  const exported: ListExport = {
    format: 'household-list',
    version: 1,
    name: detail.name,
    description: detail.description,
    currency: detail.currency,
    items: detail.items.map((item) => ({
      name: item.name,
      quantity: item.quantity,
      unit: item.unit,
      price_cents: item.price_cents,
      category: item.category_id === null ? null : (names.get(item.category_id) ?? null),
      notes: item.notes,
      done: item.done,
    })),
  };
  const base = detail.name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || `list-${listId}`;
  if (format === 'json') {
    return {
      filename: `${base}.json`,
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify(exported, null, 2),
    };
  }
  const rows: ImportedItem[] = exported.items.map((item) => ({
    name: item.name,
    quantity: item.quantity,
    unit: item.unit,
    priceCents: item.price_cents,
    category: item.category,
    notes: item.notes,
    done: item.done,
  }));
  return { filename: `${base}.csv`, contentType: 'text/csv; charset=utf-8', body: toCsv(rows) };
}

function readImport(
  format: 'csv' | 'json' | 'text',
  content: string,
): { name?: string; description?: string; items: ImportedItem[]; skipped: ImportSkip[] } {
  if (format === 'text') return parseTextList(content);
  if (format === 'csv') return parseCsv(content);
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    throw validationFailed([
      { path: 'content', code: 'invalid_format', message: 'The content is not valid JSON' },
    ]);
  }
  const result = ZListExport.safeParse(parsed);
  if (!result.success) {
    throw validationFailed([
      { path: 'content', code: 'invalid_format', message: 'The JSON is not a list export' },
    ]);
  }
  const exported = result.data;
  return {
    name: exported.name,
    description: exported.description,
    items: exported.items.map((item) => ({
      name: item.name,
      quantity: item.quantity,
      unit: item.unit,
      priceCents: item.price_cents,
      category: item.category,
      notes: item.notes,
      done: item.done,
    })),
    skipped: [],
  };
}

/**
 * A new list from an export or plain text. Category names are matched (case-insensitively) to
 * the categories of the list's group or owner; unknown ones are created at the end of the aisle.
 */
export async function importList(
  ctx: AppContext,
  actor: UserRow,
  body: {
    format: 'csv' | 'json' | 'text';
    content: string;
    name?: string | undefined;
    group_id?: number | null | undefined;
  },
): Promise<ImportResult> {
  const read = readImport(body.format, body.content);
  if (read.items.length > ITEMS_PER_LIST_MAX) {
    throw validationFailed([
      {
        path: 'content',
        code: 'too_big',
        message: `A list holds at most ${ITEMS_PER_LIST_MAX} items`,
      },
    ]);
  }
  const groupId = body.group_id ? Number(body.group_id) : null;
  const listId = await ctx.db.transaction(async (tx) => {
    if (groupId) await requireMembership(tx, groupId, actor.id);
    const [list] = await tx
      .insert(lists)
      .values({
        name: (body.name ?? read.name ?? 'Imported list').slice(0, 100) || 'Imported list',
        description: read.description ?? '',
        groupId,
        ownerId: actor.id,
      })
      .returning();
    const categoryIds = await resolveCategories(
      tx,
      groupId ? { groupId } : { userId: actor.id },
      read.items.map((item) => item.category),
    );
    if (read.items.length > 0) {
      await tx.insert(items).values(
        read.items.map((item, index) => ({
          listId: list!.id,
          name: item.name,
          quantity: item.quantity,
          unit: item.unit,
          priceCents: item.priceCents,
          categoryId: item.category ? (categoryIds.get(item.category.toLowerCase()) ?? null) : null,
          notes: item.notes,
          position: index + 1,
          addedBy: actor.id,
          done: item.done,
          completedBy: item.done ? actor.id : null,
          completedAt: item.done ? new Date() : null,
        })),
      );
    }
    await recordListActivity(tx, list!, actor.id, 'list_imported', { items: read.items.length });
    return list!.id;
  });
  const list = await presentListDetail(ctx, listId);
  await ctx.events.publish(
    listEvent(
      { id: listId, groupId, ownerId: actor.id, version: list.version },
      'list',
      listId,
      'created',
      actor.id,
    ),
  );
  return { list, imported: read.items.length, skipped: read.skipped };
}

/** Category ids by lower-cased name, creating the names the owner does not have yet. */
async function resolveCategories(
  tx: Tx,
  owner: { groupId: number } | { userId: number },
  wanted: (string | null)[],
): Promise<Map<string, number>> {
  const names = [...new Set(wanted.filter((name): name is string => !!name))];
  const result = new Map<string, number>();
  if (names.length === 0) return result;
  const own =
    'groupId' in owner
      ? eq(categories.groupId, owner.groupId)
      : eq(categories.userId, owner.userId);
  const existing = await tx.select().from(categories).where(own);
  for (const row of existing) result.set(row.name.toLowerCase(), row.id);
  const missing = names.filter((name) => !result.has(name.toLowerCase()));
  if (missing.length > 0) {
    const [last] = await tx
      .select({ position: max(categories.position) })
      .from(categories)
      .where(own);
    const start = (last?.position ?? -1) + 1;
    const created = await tx
      .insert(categories)
      .values(
        missing.map((name, index) => ({
          name: name.slice(0, 50),
          position: start + index,
          ...('groupId' in owner ? { groupId: owner.groupId } : { userId: owner.userId }),
        })),
      )
      .returning();
    for (const row of created) result.set(row.name.toLowerCase(), row.id);
  }
  return result;
}

/** Used by items: how many items a list has, to enforce ITEMS_PER_LIST_MAX. */
export async function countItems(tx: Tx, listId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(items).where(eq(items.listId, listId));
  return row?.n ?? 0;
}
