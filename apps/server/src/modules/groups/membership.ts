import type { GroupRole } from '@household/contracts';
import { and, count, eq, sql, type Placeholder } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { groupMembers, groups, type GroupRow } from '../../db/schema';
import { AppError, notFound } from '../../http/problem';
import { isGroupRole } from './groups.policy';

/** Outsiders get exactly the answer of a group that does not exist (docs/groups.md). */
export const groupNotFound = () => notFound('No such group');
export const lastOwner = () =>
  new AppError(409, 'last_owner', 'A group needs an owner: make someone else owner first');

export interface Membership {
  group: GroupRow;
  role: GroupRole;
}

/**
 * The user's membership of a group, or null. With `lock`, the group row is locked for the rest of
 * the transaction: every change of membership or invite code takes that lock first, so that two
 * concurrent changes (say, two owners demoting each other) are applied one after the other.
 */
export async function findMembership(
  db: DbOrTx,
  groupId: number,
  userId: number,
  options: { lock?: boolean } = {},
): Promise<Membership | null> {
  const [row] = options.lock
    ? await membershipQuery(db, groupId, userId).for('update', { of: groups })
    : await membershipOf(db).execute({ groupId, userId });
  if (!row || !isGroupRole(row.role)) return null;
  return { group: row.group, role: row.role };
}

const membershipQuery = (db: DbOrTx, groupId: number | Placeholder, userId: number | Placeholder) =>
  db
    .select({ group: groups, role: groupMembers.role })
    .from(groups)
    .innerJoin(
      groupMembers,
      and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, userId)),
    )
    .where(eq(groups.id, groupId));

// Every group route asks it first.
const membershipOf = preparedPerDatabase((db) =>
  membershipQuery(db, sql.placeholder('groupId'), sql.placeholder('userId')).prepare(
    'group_membership',
  ),
);

/** The caller's membership, or the 404 of a group that does not exist. */
export async function requireMembership(
  db: DbOrTx,
  groupId: number,
  userId: number,
  options: { lock?: boolean } = {},
): Promise<Membership> {
  const membership = await findMembership(db, groupId, userId, options);
  if (!membership) throw groupNotFound();
  return membership;
}

export async function memberCount(db: DbOrTx, groupId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, groupId));
  return row?.n ?? 0;
}

export async function ownerCount(db: DbOrTx, groupId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.role, 'owner')));
  return row?.n ?? 0;
}
