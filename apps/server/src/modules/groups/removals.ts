import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { groupRemovals } from '../../db/schema';
import { AppError } from '../../http/problem';

// Removal means out (docs/groups.md "Removal"): the group's invite code is shared with the whole
// household, so a removed person could otherwise walk straight back in with it. The code stays as
// it is, since rotating it would break it for everyone it was meant for; the removed person is
// refused instead, until a member invites them personally and they accept.

export const removedFromGroup = () =>
  new AppError(
    403,
    'removed_from_group',
    'You were removed from this group; ask a member to invite you again',
  );

export interface RemovalInput {
  groupId: number;
  userId: number;
  removedBy: number;
}

/** In the removal's transaction; a second removal replaces the first (who, and when). */
export async function recordRemoval(tx: Tx, { groupId, userId, removedBy }: RemovalInput) {
  await tx
    .insert(groupRemovals)
    .values({ groupId, userId, removedBy })
    .onConflictDoUpdate({
      target: [groupRemovals.groupId, groupRemovals.userId],
      set: { removedBy, removedAt: sql`now()` },
    });
}

export async function wasRemoved(db: DbOrTx, groupId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: groupRemovals.userId })
    .from(groupRemovals)
    .where(and(eq(groupRemovals.groupId, groupId), eq(groupRemovals.userId, userId)));
  return row !== undefined;
}

/** Being let in again, by an accepted personal invitation, ends the refusal. */
export async function liftRemoval(tx: Tx, groupId: number, userId: number) {
  await tx
    .delete(groupRemovals)
    .where(and(eq(groupRemovals.groupId, groupId), eq(groupRemovals.userId, userId)));
}
