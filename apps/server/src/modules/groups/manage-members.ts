import type { GroupMember, GroupRole } from '@household/contracts';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { groupMembers, type UserRow } from '../../db/schema';
import { AppError, notFound } from '../../http/problem';
import { membershipEvent } from '../../realtime/events';
import { recordActivity } from './activity';
import { listMembers } from './group-reads';
import { assertCan, canChangeRole, canRemoveMember, isGroupRole } from './groups.policy';
import { dissolveLoneUnits, leaveGroup, releaseChoreTurns } from './leave-group';
import { lastOwner, ownerCount, requireMembership } from './membership';
import { recordRemoval } from './removals';

async function targetRole(tx: Tx, groupId: number, userId: number): Promise<GroupRole> {
  const [row] = await tx
    .select({ role: groupMembers.role })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  if (!row || !isGroupRole(row.role)) throw notFound('No such member in this group');
  return row.role;
}

export interface ChangeRoleOptions {
  groupId: number;
  /** The member whose role changes. */
  userId: number;
  to: GroupRole;
}

export async function changeRole(
  ctx: AppContext,
  actor: UserRow,
  { groupId, userId, to }: ChangeRoleOptions,
): Promise<GroupMember> {
  await ctx.db.transaction(async (tx) => {
    const { role } = await requireMembership(tx, groupId, actor.id, { lock: true });
    assertCan(role, 'manage_members');
    const from = await targetRole(tx, groupId, userId);
    if (!canChangeRole(role, from, to))
      throw new AppError(403, 'forbidden', 'Only an owner may change who is owner');
    if (from === to) return;
    if (from === 'owner' && (await ownerCount(tx, groupId)) === 1) throw lastOwner();
    await tx
      .update(groupMembers)
      .set({ role: to })
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
    await recordActivity(tx, {
      groupId,
      actorId: actor.id,
      verb: 'role_changed',
      subjectUserId: userId,
      details: { from, to },
    });
  });
  const members = await listMembers(ctx, ctx.db, groupId);
  return members.find((member) => member.id === userId)!;
}

export async function removeMember(
  ctx: AppContext,
  actor: UserRow,
  groupId: number,
  userId: number,
): Promise<void> {
  if (userId === actor.id) return leaveGroup(ctx, actor, groupId);
  await ctx.db.transaction(async (tx) => {
    const { role } = await requireMembership(tx, groupId, actor.id, { lock: true });
    assertCan(role, 'manage_members');
    const target = await targetRole(tx, groupId, userId);
    if (!canRemoveMember(role, target))
      throw new AppError(403, 'forbidden', 'Only an owner may remove an owner');
    await tx
      .delete(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
    await releaseChoreTurns(tx, groupId, userId);
    await dissolveLoneUnits(tx, groupId);
    await recordRemoval(tx, { groupId, userId, removedBy: actor.id });
    await recordActivity(tx, {
      groupId,
      actorId: actor.id,
      verb: 'member_removed',
      subjectUserId: userId,
    });
  });
  await ctx.events.publish(membershipEvent(groupId, userId, 'deleted', actor.id));
}
