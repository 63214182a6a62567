import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { choreAssignments, groupMembers, groups, groupUnits, type UserRow } from '../../db/schema';
import { membershipEvent } from '../../realtime/events';
import { recordActivity } from './activity';
import { lastOwner, ownerCount, requireMembership } from './membership';

/**
 * Someone who leaves a group no longer does its chores: their open assignments go, to be planned
 * again; the ones they completed stay, as the record of what they did (docs/chores.md).
 */
export async function releaseChoreTurns(tx: Tx, groupId: number, userId: number) {
  await tx
    .delete(choreAssignments)
    .where(
      and(
        eq(choreAssignments.groupId, groupId),
        eq(choreAssignments.userId, userId),
        isNull(choreAssignments.completedOn),
      ),
    );
}

/**
 * Someone who leaves a group leaves their unit (the membership row goes); a unit left with one
 * member is dissolved, since nobody is left to settle with (docs/expenses.md "Units"). The
 * suggested transfers catch up at the next read or money change.
 */
export async function dissolveLoneUnits(tx: Tx, groupId: number) {
  const lone = sql`(select u.id from ${groupUnits} u where u.group_id = ${groupId}
    and (select count(*) from ${groupMembers} m where m.unit_id = u.id) < 2)`;
  await tx
    .update(groupMembers)
    .set({ unitId: null })
    .where(and(eq(groupMembers.groupId, groupId), inArray(groupMembers.unitId, lone)));
  await tx.execute(sql`delete from ${groupUnits} u where u.group_id = ${groupId}
    and not exists (select 1 from ${groupMembers} m where m.unit_id = u.id)`);
}

export async function leaveGroup(ctx: AppContext, actor: UserRow, groupId: number) {
  await ctx.db.transaction(async (tx) => {
    const { role } = await requireMembership(tx, groupId, actor.id, { lock: true });
    if (role === 'owner' && (await ownerCount(tx, groupId)) === 1) throw lastOwner();
    await tx
      .delete(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, actor.id)));
    await releaseChoreTurns(tx, groupId, actor.id);
    await dissolveLoneUnits(tx, groupId);
    await recordActivity(tx, {
      groupId,
      actorId: actor.id,
      verb: 'member_left',
      subjectUserId: actor.id,
    });
  });
  await ctx.events.publish(membershipEvent(groupId, actor.id, 'deleted', actor.id));
}

// Account deletion (docs/accounts.md) ----------------------------------------------------------

/**
 * Before a user is deleted: each group where they are the last owner passes to the
 * longest-standing admin, else the longest-standing member; a group with nobody else is deleted.
 * Their leaving is logged in every group that remains.
 */
export async function handOverGroupsOf(tx: Tx, userId: number): Promise<void> {
  const memberships = await tx
    .select({ groupId: groupMembers.groupId, role: groupMembers.role })
    .from(groupMembers)
    .where(eq(groupMembers.userId, userId))
    .orderBy(asc(groupMembers.groupId));
  if (memberships.length === 0) return;
  // Locked in id order, like every other path that locks several groups, so no deadlock.
  await tx
    .select({ id: groups.id })
    .from(groups)
    .where(
      inArray(
        groups.id,
        memberships.map((m) => m.groupId),
      ),
    )
    .orderBy(asc(groups.id))
    .for('update');
  for (const { groupId, role } of memberships) {
    const others = await tx
      .select({ userId: groupMembers.userId, role: groupMembers.role })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), ne(groupMembers.userId, userId)))
      .orderBy(asc(groupMembers.joinedAt), asc(groupMembers.userId));
    if (others.length === 0) {
      await tx.delete(groups).where(eq(groups.id, groupId));
      continue;
    }
    const hasOtherOwner = others.some((member) => member.role === 'owner');
    if (role === 'owner' && !hasOtherOwner) {
      const heir = others.find((member) => member.role === 'admin') ?? others[0]!;
      await tx
        .update(groupMembers)
        .set({ role: 'owner' })
        .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, heir.userId)));
      await recordActivity(tx, {
        groupId,
        actorId: null,
        verb: 'role_changed',
        subjectUserId: heir.userId,
        details: { from: heir.role, to: 'owner', reason: 'owner_deleted' },
      });
    }
    await recordActivity(tx, {
      groupId,
      actorId: userId,
      verb: 'member_left',
      subjectUserId: userId,
    });
  }
}
