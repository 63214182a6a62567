import type { InviteCodePreview, JoinGroupResult } from '@household/contracts';
import { isWellFormedInviteCode } from '@household/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import {
  groupInvitations,
  groupInviteCodes,
  groupMembers,
  groups,
  users,
  type UserRow,
} from '../../db/schema';
import { AppError } from '../../http/problem';
import { membershipEvent } from '../../realtime/events';
import { recordActivity } from './activity';
import { summarizeGroup } from './group-reads';
import { memberCount } from './membership';
import { liftRemoval, removedFromGroup, wasRemoved } from './removals';

// Joining by invite code (spec §4); `addMember` also serves accepted personal invitations.

/** Unknown, expired, revoked: one answer, so that a code's history does not leak. */
export const invalidInviteCode = () =>
  new AppError(404, 'invalid_invite_code', 'This invite code is unknown or no longer valid');

async function findUsableCode(db: DbOrTx, code: string) {
  if (!isWellFormedInviteCode(code)) throw invalidInviteCode();
  const [row] = await db
    .select({ code: groupInviteCodes, group: groups })
    .from(groupInviteCodes)
    .innerJoin(groups, eq(groups.id, groupInviteCodes.groupId))
    .where(
      and(
        eq(groupInviteCodes.code, code),
        isNull(groupInviteCodes.revokedAt),
        gt(groupInviteCodes.expiresAt, sql`now()`),
      ),
    );
  if (!row) throw invalidInviteCode();
  return row;
}

async function isMember(db: DbOrTx, groupId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return row !== undefined;
}

export async function previewCode(
  ctx: AppContext,
  actor: UserRow,
  code: string,
): Promise<InviteCodePreview> {
  const row = await findUsableCode(ctx.db, code);
  if (await wasRemoved(ctx.db, row.group.id, actor.id)) throw removedFromGroup();
  return {
    group_id: row.group.id,
    group_name: row.group.name,
    member_count: await memberCount(ctx.db, row.group.id),
    expires_at: row.code.expiresAt.toISOString(),
    is_member: await isMember(ctx.db, row.group.id, actor.id),
  };
}

/**
 * Adds the user to the group unless they are in it already, in the caller's transaction (which
 * holds the group's lock). A pending personal invitation to the group counts as accepted, and a
 * person removed earlier is let in for good: the refusal of the invite code ends.
 */
export async function addMember(
  tx: Tx,
  groupId: number,
  userId: number,
  via: 'invite_code' | 'invitation',
): Promise<boolean> {
  const inserted = await tx
    .insert(groupMembers)
    .values({ groupId, userId, role: 'member' })
    .onConflictDoNothing()
    .returning({ userId: groupMembers.userId });
  if (inserted.length === 0) return false;
  await liftRemoval(tx, groupId, userId);
  // Invitations are kept by address, and only a verified address answers for the account.
  await tx
    .update(groupInvitations)
    .set({ status: 'accepted', respondedAt: sql`now()`, inviteeId: userId })
    .where(
      and(
        eq(groupInvitations.groupId, groupId),
        eq(groupInvitations.status, 'pending'),
        sql`${groupInvitations.email} = (select lower(${users.email}) from ${users}
          where ${users.id} = ${userId} and ${users.isVerified} and not ${users.isGuest})`,
      ),
    );
  await recordActivity(tx, {
    groupId,
    actorId: userId,
    verb: 'member_joined',
    subjectUserId: userId,
    details: { via },
  });
  return true;
}

export async function joinByCode(
  ctx: AppContext,
  actor: UserRow,
  code: string,
): Promise<JoinGroupResult> {
  const { groupId, joined } = await ctx.db.transaction(async (tx) => {
    const found = await findUsableCode(tx, code);
    // The group's lock orders this join after a regeneration that is under way: a code revoked
    // meanwhile is seen as revoked when it is read again below.
    await tx
      .select({ id: groups.id })
      .from(groups)
      .where(eq(groups.id, found.group.id))
      .for('update');
    await findUsableCode(tx, code);
    // Read under the lock, so that a removal under way is seen (docs/groups.md "Removal").
    if (await wasRemoved(tx, found.group.id, actor.id)) throw removedFromGroup();
    return {
      groupId: found.group.id,
      joined: await addMember(tx, found.group.id, actor.id, 'invite_code'),
    };
  });
  if (joined) await ctx.events.publish(membershipEvent(groupId, actor.id, 'created', actor.id));
  return { group: await summarizeGroup(ctx.db, groupId, actor.id), joined };
}
