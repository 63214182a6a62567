import type { ImportResult, ListExport } from '@household/contracts';
import { ITEMS_PER_LIST_MAX, ZListExport } from '@household/contracts';
import {
  parseCsv,
  parseTextList,
  toCsv,
  type ImportedItem,
  type ImportSkip,
} from '@household/domain';
import { eq, max } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { categories, items, lists, type UserRow } from '../../db/schema';
import { validationFailed } from '../../http/problem';
import { requireMembership } from '../groups/membership';
import { listEvent, recordListActivity } from './list-changes';
import { presentListDetail } from './list-reads';
import { requireVisibleList, type VisibleList } from './lists.policy';

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
  const rows = exported.items.map(toImportedItem);
  return { filename: `${base}.csv`, contentType: 'text/csv; charset=utf-8', body: toCsv(rows) };
}

/** An item of the export format as the import and the CSV writer take it. */
const toImportedItem = (item: ListExport['items'][number]): ImportedItem => ({
  name: item.name,
  quantity: item.quantity,
  unit: item.unit,
  priceCents: item.price_cents,
  category: item.category,
  notes: item.notes,
  done: item.done,
});

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
    items: exported.items.map(toImportedItem),
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
    await recordListActivity(tx, {
      list: list!,
      actorId: actor.id,
      verb: 'list_imported',
      details: { items: read.items.length },
    });
    return list!.id;
  });
  const list = await presentListDetail(ctx, listId);
  await ctx.events.publish(
    listEvent(
      { id: listId, groupId, ownerId: actor.id, version: list.version },
      { entity: 'list', id: listId, action: 'created', actorId: actor.id },
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
