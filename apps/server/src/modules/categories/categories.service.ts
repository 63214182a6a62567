import type {
  Category,
  CategoryKind,
  CreateCategoryBody,
  Locale,
  UpdateCategoryBody,
} from '@household/contracts';
import { CATEGORIES_MAX, LOCALES } from '@household/contracts';
import { and, asc, count, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { categories, items, users, type CategoryRow, type UserRow } from '../../db/schema';
import { bumpList, listEvent } from '../lists/list-changes';
import { AppError, notFound } from '../../http/problem';
import { findMembership, requireMembership } from '../groups/membership';
import { DEFAULT_CATEGORIES, DEFAULT_EXPENSE_CATEGORIES } from './default-categories';

type Owner = { groupId: number } | { userId: number };

const ownedBy = (owner: Owner, kind: CategoryKind) =>
  and(
    'groupId' in owner
      ? eq(categories.groupId, owner.groupId)
      : eq(categories.userId, owner.userId),
    eq(categories.kind, kind),
  );

const isCategoryKind = (kind: string): kind is CategoryKind =>
  kind === 'item' || kind === 'expense';

function present(row: CategoryRow): Category {
  return {
    id: row.id,
    kind: isCategoryKind(row.kind) ? row.kind : 'item',
    name: row.name,
    color: row.color,
    position: row.position,
    group_id: row.groupId,
  };
}

async function loadCategories(
  db: DbOrTx,
  owner: Owner,
  kind: CategoryKind,
): Promise<CategoryRow[]> {
  return db
    .select()
    .from(categories)
    .where(ownedBy(owner, kind))
    .orderBy(asc(categories.position), asc(categories.id));
}

/** Locks the owner (the group row, or the user row) so that seeding and renumbering run once. */
async function lockOwner(tx: Tx, actor: UserRow, owner: Owner) {
  if ('groupId' in owner) await requireMembership(tx, owner.groupId, actor.id, { lock: true });
  else
    await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.userId)).for('update');
}

/**
 * The owner's categories of one kind in their order. The first time they are asked for and there
 * are none, the everyday set is created in the asking person's language.
 */
export async function listCategories(
  ctx: AppContext,
  actor: UserRow,
  groupId: number | undefined,
  kind: CategoryKind = 'item',
): Promise<Category[]> {
  const owner: Owner = groupId === undefined ? { userId: actor.id } : { groupId };
  if (groupId !== undefined) await requireMembership(ctx.db, groupId, actor.id);
  const existing = await loadCategories(ctx.db, owner, kind);
  if (existing.length > 0) return existing.map(present);
  const seeded = await ctx.db.transaction(async (tx) => {
    await lockOwner(tx, actor, owner);
    const again = await loadCategories(tx, owner, kind);
    if (again.length > 0) return again;
    const locale: Locale = (LOCALES as readonly string[]).includes(actor.locale)
      ? (actor.locale as Locale)
      : 'en';
    const defaults = kind === 'item' ? DEFAULT_CATEGORIES : DEFAULT_EXPENSE_CATEGORIES;
    return tx
      .insert(categories)
      .values(
        defaults[locale].map((category, position) => ({
          ...category,
          kind,
          position,
          ...('groupId' in owner ? { groupId: owner.groupId } : { userId: owner.userId }),
        })),
      )
      .returning();
  });
  return seeded.sort((a, b) => a.position - b.position).map(present);
}

export async function createCategory(
  ctx: AppContext,
  actor: UserRow,
  body: CreateCategoryBody,
): Promise<Category> {
  const owner: Owner = body.group_id ? { groupId: Number(body.group_id) } : { userId: actor.id };
  const row = await ctx.db.transaction(async (tx) => {
    await lockOwner(tx, actor, owner);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(categories)
      .where(ownedBy(owner, body.kind ?? 'item'));
    if (n >= CATEGORIES_MAX) {
      throw new AppError(409, 'conflict', `At most ${CATEGORIES_MAX} categories`);
    }
    const [created] = await tx
      .insert(categories)
      .values({
        kind: body.kind ?? 'item',
        name: body.name,
        color: body.color ?? 'gray',
        position: n,
        ...('groupId' in owner ? { groupId: owner.groupId } : { userId: owner.userId }),
      })
      .returning();
    return created!;
  });
  return present(row);
}

/** A category of mine or of one of my groups; 404 for anyone else's. */
async function requireCategory(db: DbOrTx, actor: UserRow, id: number): Promise<CategoryRow> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  const visible =
    row &&
    (row.userId === actor.id ||
      (row.groupId !== null && (await findMembership(db, row.groupId, actor.id)) !== null));
  if (!row || !visible) throw notFound('No such category');
  return row;
}

const ownerOf = (row: CategoryRow): Owner =>
  row.groupId !== null ? { groupId: row.groupId } : { userId: row.userId! };

/** Renames, recolours or moves a category; a move renumbers the aisle order without gaps. */
export async function updateCategory(
  ctx: AppContext,
  actor: UserRow,
  id: number,
  body: UpdateCategoryBody,
): Promise<Category> {
  const updated = await ctx.db.transaction(async (tx) => {
    const found = await requireCategory(tx, actor, id);
    const owner = ownerOf(found);
    await lockOwner(tx, actor, owner);
    const values = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.color !== undefined ? { color: body.color } : {}),
    };
    const [row] =
      Object.keys(values).length > 0
        ? await tx.update(categories).set(values).where(eq(categories.id, id)).returning()
        : [found];
    if (body.position === undefined) return row!;
    const kind = isCategoryKind(found.kind) ? found.kind : 'item';
    const order = (await loadCategories(tx, owner, kind)).filter((category) => category.id !== id);
    order.splice(Math.min(body.position, order.length), 0, row!);
    for (const [position, category] of order.entries()) {
      if (category.position !== position) {
        await tx.update(categories).set({ position }).where(eq(categories.id, category.id));
      }
    }
    return { ...row!, position: order.indexOf(row!) };
  });
  return present(updated);
}

/**
 * Items of a deleted category become uncategorised ("No Category"), which changes their lists:
 * those lists' versions move on and their members hear of it, like any other item change.
 */
export async function deleteCategory(ctx: AppContext, actor: UserRow, id: number) {
  const changed = await ctx.db.transaction(async (tx) => {
    await requireCategory(tx, actor, id);
    const affected = await tx
      .selectDistinct({ listId: items.listId })
      .from(items)
      .where(eq(items.categoryId, id));
    await tx.delete(categories).where(eq(categories.id, id));
    const bumped = [];
    for (const { listId } of affected) bumped.push(await bumpList(tx, listId));
    return bumped;
  });
  for (const list of changed) {
    await ctx.events.publish(
      listEvent(list, { entity: 'list', id: list.id, action: 'updated', actorId: actor.id }),
    );
  }
}
