import type { GroupRole } from '@household/contracts';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { groupMembers, groups, lists, type GroupRow, type ListRow } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../http/problem';
import { isGroupRole } from '../groups/groups.policy';

/** A list the caller can see, with their role in its group (null for their personal list). */
export interface VisibleList {
  list: ListRow;
  group: GroupRow | null;
  role: GroupRole | null;
}

export const listNotFound = () => notFound('No such list');

/**
 * docs/lists.md: a personal list is its owner's alone, a group list every member's; anyone else
 * gets the 404 of a list that does not exist. With `lock`, the list row is locked for the
 * transaction, which orders concurrent changes of the list and its items.
 */
export async function findVisibleList(
  db: DbOrTx,
  listId: number,
  userId: number,
  options: { lock?: boolean } = {},
): Promise<VisibleList | null> {
  const query = db
    .select({ list: lists, group: groups, role: groupMembers.role })
    .from(lists)
    .leftJoin(groups, eq(groups.id, lists.groupId))
    .leftJoin(
      groupMembers,
      and(eq(groupMembers.groupId, lists.groupId), eq(groupMembers.userId, userId)),
    )
    .where(eq(lists.id, listId));
  const [row] = options.lock ? await query.for('update', { of: lists }) : await query;
  if (!row) return null;
  if (row.list.groupId === null) {
    return row.list.ownerId === userId ? { list: row.list, group: null, role: null } : null;
  }
  if (!row.role || !isGroupRole(row.role)) return null;
  return { list: row.list, group: row.group, role: row.role };
}

export async function requireVisibleList(
  db: DbOrTx,
  listId: number,
  userId: number,
  options: { lock?: boolean } = {},
): Promise<VisibleList> {
  const found = await findVisibleList(db, listId, userId, options);
  if (!found) throw listNotFound();
  return found;
}

/** Deleting and unsharing a group list: its creator, or an owner or admin of the group. */
export function canManageList(visible: VisibleList, userId: number): boolean {
  if (visible.list.groupId === null) return visible.list.ownerId === userId;
  return visible.list.ownerId === userId || visible.role === 'owner' || visible.role === 'admin';
}

export function assertCanManageList(visible: VisibleList, userId: number): void {
  if (!canManageList(visible, userId)) {
    throw forbidden('Only the list’s creator or an owner or admin of the group may do this');
  }
}

/** Archived lists are read-only until unarchived (docs/lists.md). */
export function assertEditable(list: ListRow): void {
  if (list.status === 'archived') {
    throw new AppError(409, 'list_archived', 'The list is archived; unarchive it to change it');
  }
}
