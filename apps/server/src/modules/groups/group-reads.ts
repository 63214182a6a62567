import type { Group, GroupMember, GroupRole, GroupSummary, GroupUnit } from '@household/contracts';
import { GROUP_ROLES } from '@household/contracts';
import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  groupInviteCodes,
  groupMembers,
  groups,
  groupUnits,
  users,
  type UserRow,
} from '../../db/schema';
import { isGroupRole, ROLE_PERMISSIONS } from './groups.policy';
import { personColumns, presentPersonOrNull, type PersonFields } from '../people/people.presenter';
import {
  presentGroupSummary,
  presentInviteCode,
  presentMember,
  presentUnit,
} from './groups.presenter';
import { groupNotFound, memberCount, requireMembership } from './membership';

const roleRank = (role: string) => GROUP_ROLES.indexOf(role as GroupRole);

export async function listMyGroups(ctx: AppContext, actor: UserRow): Promise<GroupSummary[]> {
  const counts = ctx.db
    .select({ groupId: groupMembers.groupId, n: count().as('n') })
    .from(groupMembers)
    .groupBy(groupMembers.groupId)
    .as('counts');
  const rows = await ctx.db
    .select({ group: groups, role: groupMembers.role, n: counts.n })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .innerJoin(counts, eq(counts.groupId, groups.id))
    .where(eq(groupMembers.userId, actor.id))
    .orderBy(sql`lower(${groups.name})`, asc(groups.id));
  return rows.map((row) => presentGroupSummary(row.group, row.role as GroupRole, Number(row.n)));
}

export async function listMembers(
  ctx: AppContext,
  db: DbOrTx,
  groupId: number,
): Promise<GroupMember[]> {
  const rows = await db
    .select({
      user: users,
      role: groupMembers.role,
      joinedAt: groupMembers.joinedAt,
      shareWeight: groupMembers.shareWeight,
      unitId: groupMembers.unitId,
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(asc(groupMembers.joinedAt), asc(groupMembers.userId));
  return rows
    .sort((a, b) => roleRank(a.role) - roleRank(b.role))
    .map((row) => presentMember(row.user, { ...row, role: row.role as GroupRole }, ctx.config));
}

/** A group's units (couples) with their members, oldest unit first, members by id. */
export async function listUnits(
  ctx: AppContext,
  db: DbOrTx,
  groupId: number,
): Promise<GroupUnit[]> {
  const rows = await db
    .select({ unit: groupUnits, member: personColumns(users) })
    .from(groupUnits)
    .innerJoin(groupMembers, eq(groupMembers.unitId, groupUnits.id))
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(eq(groupUnits.groupId, groupId))
    .orderBy(asc(groupUnits.id), asc(groupMembers.userId));
  const units = new Map<number, { unit: { id: number; name: string }; members: PersonFields[] }>();
  for (const row of rows) {
    const entry = units.get(row.unit.id) ?? { unit: row.unit, members: [] };
    entry.members.push(row.member);
    units.set(row.unit.id, entry);
  }
  return [...units.values()].map(({ unit, members }) => presentUnit(unit, members, ctx.config));
}

const codeCreators = alias(users, 'code_creators');
const groupCreators = alias(users, 'group_creators');

/** Two queries: the caller's membership with the group's active code and creator, then members. */
export async function getGroup(ctx: AppContext, actor: UserRow, groupId: number): Promise<Group> {
  const [row] = await ctx.db
    .select({
      group: groups,
      role: groupMembers.role,
      code: groupInviteCodes,
      codeCreator: personColumns(codeCreators),
      creator: personColumns(groupCreators),
    })
    .from(groups)
    .innerJoin(
      groupMembers,
      and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, actor.id)),
    )
    .leftJoin(
      groupInviteCodes,
      and(
        eq(groupInviteCodes.groupId, groups.id),
        isNull(groupInviteCodes.revokedAt),
        gt(groupInviteCodes.expiresAt, sql`now()`),
      ),
    )
    .leftJoin(codeCreators, eq(codeCreators.id, groupInviteCodes.createdBy))
    .leftJoin(groupCreators, eq(groupCreators.id, groups.createdBy))
    .where(eq(groups.id, groupId));
  if (!row || !isGroupRole(row.role)) throw groupNotFound();
  const { group, role } = row;
  const [members, units] = await Promise.all([
    listMembers(ctx, ctx.db, groupId),
    listUnits(ctx, ctx.db, groupId),
  ]);
  return {
    ...presentGroupSummary(group, role, members.length),
    created_by: presentPersonOrNull(row.creator, ctx.config),
    updated_at: group.updatedAt.toISOString(),
    invite_valid_days: group.inviteValidDays,
    my_permissions: [...ROLE_PERMISSIONS[role]],
    members,
    units,
    active_invite_code: row.code ? presentInviteCode(row.code, row.codeCreator, ctx.config) : null,
  };
}

export async function getMembers(
  ctx: AppContext,
  actor: UserRow,
  groupId: number,
): Promise<GroupMember[]> {
  await requireMembership(ctx.db, groupId, actor.id);
  return listMembers(ctx, ctx.db, groupId);
}

export async function summarizeGroup(
  db: DbOrTx,
  groupId: number,
  userId: number,
): Promise<GroupSummary> {
  const { group, role } = await requireMembership(db, groupId, userId);
  return presentGroupSummary(group, role, await memberCount(db, groupId));
}
