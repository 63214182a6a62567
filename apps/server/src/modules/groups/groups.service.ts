import { randomInt } from 'node:crypto';
import type {
  CreateGroupBody,
  Group,
  GroupMember,
  GroupRole,
  GroupSettings,
  GroupSummary,
  InviteCode,
  InviteCodePreview,
  JoinGroupResult,
  UpdateGroupBody,
  UpdateGroupSettingsBody,
} from '@household/contracts';
import {
  GROUP_ROLES,
  INVITE_CODE_ALPHABET,
  INVITE_CODE_LENGTH,
  isWellFormedInviteCode,
} from '@household/contracts';
import { and, asc, count, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import {
  groupInvitations,
  groupInviteCodes,
  groupMembers,
  groups,
  users,
  type GroupRow,
  type UserRow,
} from '../../db/schema';
import { AppError, notFound } from '../../http/problem';
import { groupEvent, membershipEvent } from '../../realtime/events';
import { recordActivity } from './activity';
import {
  assertCan,
  canChangeRole,
  canRemoveMember,
  isGroupRole,
  ROLE_PERMISSIONS,
} from './groups.policy';
import {
  presentGroupSummary,
  presentInviteCode,
  presentMember,
  personColumns,
  presentPersonOrNull,
} from './groups.presenter';

/** Outsiders get exactly the answer of a group that does not exist (docs/groups.md). */
const groupNotFound = () => notFound('No such group');
const lastOwner = () =>
  new AppError(409, 'last_owner', 'A group needs an owner: make someone else owner first');
const staleVersion = () =>
  new AppError(409, 'conflict', 'The group was changed meanwhile; reload it and try again');
/** Unknown, expired, revoked: one answer, so that a code's history does not leak. */
export const invalidInviteCode = () =>
  new AppError(404, 'invalid_invite_code', 'This invite code is unknown or no longer valid');

export interface Membership {
  group: GroupRow;
  role: GroupRole;
}

const roleRank = (role: string) => GROUP_ROLES.indexOf(role as GroupRole);

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
  const query = db
    .select({ group: groups, role: groupMembers.role })
    .from(groups)
    .innerJoin(
      groupMembers,
      and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, userId)),
    )
    .where(eq(groups.id, groupId));
  const [row] = options.lock ? await query.for('update', { of: groups }) : await query;
  if (!row || !isGroupRole(row.role)) return null;
  return { group: row.group, role: row.role };
}

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

async function memberCount(db: DbOrTx, groupId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, groupId));
  return row?.n ?? 0;
}

async function ownerCount(db: DbOrTx, groupId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.role, 'owner')));
  return row?.n ?? 0;
}

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

export async function createGroup(
  ctx: AppContext,
  actor: UserRow,
  body: CreateGroupBody,
): Promise<Group> {
  const groupId = await ctx.db.transaction(async (tx) => {
    const [group] = await tx
      .insert(groups)
      .values({
        name: body.name,
        description: body.description ?? '',
        currency: body.currency ?? actor.currency,
        createdBy: actor.id,
      })
      .returning();
    const id = group!.id;
    await tx.insert(groupMembers).values({ groupId: id, userId: actor.id, role: 'owner' });
    await recordActivity(tx, {
      groupId: id,
      actorId: actor.id,
      verb: 'group_created',
      details: { name: body.name },
    });
    return id;
  });
  await ctx.events.publish(membershipEvent(groupId, actor.id, 'created', actor.id));
  return getGroup(ctx, actor, groupId);
}

export async function listMembers(
  ctx: AppContext,
  db: DbOrTx,
  groupId: number,
): Promise<GroupMember[]> {
  const rows = await db
    .select({ user: users, role: groupMembers.role, joinedAt: groupMembers.joinedAt })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(asc(groupMembers.joinedAt), asc(groupMembers.userId));
  return rows
    .sort((a, b) => roleRank(a.role) - roleRank(b.role))
    .map((row) => presentMember(row.user, row.role as GroupRole, row.joinedAt, ctx.config));
}

async function findActiveCode(
  ctx: AppContext,
  db: DbOrTx,
  groupId: number,
): Promise<InviteCode | null> {
  const [row] = await db
    .select({ code: groupInviteCodes, creator: users })
    .from(groupInviteCodes)
    .leftJoin(users, eq(users.id, groupInviteCodes.createdBy))
    .where(
      and(
        eq(groupInviteCodes.groupId, groupId),
        isNull(groupInviteCodes.revokedAt),
        gt(groupInviteCodes.expiresAt, sql`now()`),
      ),
    );
  return row ? presentInviteCode(row.code, row.creator, ctx.config) : null;
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
  const members = await listMembers(ctx, ctx.db, groupId);
  return {
    ...presentGroupSummary(group, role, members.length),
    created_by: presentPersonOrNull(row.creator, ctx.config),
    updated_at: group.updatedAt.toISOString(),
    invite_valid_days: group.inviteValidDays,
    my_permissions: [...ROLE_PERMISSIONS[role]],
    members,
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

/** The changed fields as `{ field: { from, to } }`, for the activity log. */
function diff<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, to] of Object.entries(after)) {
    if (to !== undefined && before[key] !== to) changes[key] = { from: before[key], to };
  }
  return changes;
}

async function bumpGroup(tx: Tx, group: GroupRow, values: Partial<GroupRow>) {
  await tx
    .update(groups)
    .set({ ...values, version: group.version + 1, updatedAt: sql`now()` })
    .where(eq(groups.id, group.id));
}

export async function updateGroup(
  ctx: AppContext,
  actor: UserRow,
  groupId: number,
  body: UpdateGroupBody,
): Promise<Group> {
  await ctx.db.transaction(async (tx) => {
    const { group, role } = await requireMembership(tx, groupId, actor.id, { lock: true });
    assertCan(role, 'edit_group');
    if (body.version !== group.version) throw staleVersion();
    const changes = diff(
      { name: group.name, description: group.description },
      { name: body.name, description: body.description },
    );
    if (Object.keys(changes).length === 0) return;
    await bumpGroup(tx, group, {
      ...(changes.name ? { name: body.name } : {}),
      ...(changes.description ? { description: body.description } : {}),
    });
    await recordActivity(tx, {
      groupId,
      actorId: actor.id,
      verb: 'group_updated',
      details: { changes },
    });
  });
  return getGroup(ctx, actor, groupId);
}

function presentSettings(group: GroupRow): GroupSettings {
  return {
    currency: group.currency,
    invite_valid_days: group.inviteValidDays,
    version: group.version,
  };
}

export async function getSettings(
  ctx: AppContext,
  actor: UserRow,
  groupId: number,
): Promise<GroupSettings> {
  const { group } = await requireMembership(ctx.db, groupId, actor.id);
  return presentSettings(group);
}

export async function updateSettings(
  ctx: AppContext,
  actor: UserRow,
  groupId: number,
  body: UpdateGroupSettingsBody,
): Promise<GroupSettings> {
  await ctx.db.transaction(async (tx) => {
    const { group, role } = await requireMembership(tx, groupId, actor.id, { lock: true });
    assertCan(role, 'edit_group');
    if (body.version !== group.version) throw staleVersion();
    const changes = diff(
      { currency: group.currency, invite_valid_days: group.inviteValidDays },
      { currency: body.currency, invite_valid_days: body.invite_valid_days },
    );
    if (Object.keys(changes).length === 0) return;
    await bumpGroup(tx, group, {
      ...(changes.currency ? { currency: body.currency } : {}),
      ...(changes.invite_valid_days ? { inviteValidDays: body.invite_valid_days } : {}),
    });
    await recordActivity(tx, {
      groupId,
      actorId: actor.id,
      verb: 'group_settings_updated',
      details: { changes },
    });
  });
  return getSettings(ctx, actor, groupId);
}

export async function deleteGroup(ctx: AppContext, actor: UserRow, groupId: number) {
  await ctx.db.transaction(async (tx) => {
    const { role } = await requireMembership(tx, groupId, actor.id, { lock: true });
    assertCan(role, 'delete_group');
    await tx.delete(groups).where(eq(groups.id, groupId));
  });
  await ctx.events.publish(groupEvent(groupId, 'deleted', actor.id));
}

async function targetRole(tx: Tx, groupId: number, userId: number): Promise<GroupRole> {
  const [row] = await tx
    .select({ role: groupMembers.role })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  if (!row || !isGroupRole(row.role)) throw notFound('No such member in this group');
  return row.role;
}

export async function changeRole(
  ctx: AppContext,
  actor: UserRow,
  groupId: number,
  userId: number,
  to: GroupRole,
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
    await recordActivity(tx, {
      groupId,
      actorId: actor.id,
      verb: 'member_removed',
      subjectUserId: userId,
    });
  });
  await ctx.events.publish(membershipEvent(groupId, userId, 'deleted', actor.id));
}

export async function leaveGroup(ctx: AppContext, actor: UserRow, groupId: number) {
  await ctx.db.transaction(async (tx) => {
    const { role } = await requireMembership(tx, groupId, actor.id, { lock: true });
    if (role === 'owner' && (await ownerCount(tx, groupId)) === 1) throw lastOwner();
    await tx
      .delete(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, actor.id)));
    await recordActivity(tx, {
      groupId,
      actorId: actor.id,
      verb: 'member_left',
      subjectUserId: actor.id,
    });
  });
  await ctx.events.publish(membershipEvent(groupId, actor.id, 'deleted', actor.id));
}

// Invite codes (spec §4) --------------------------------------------------------------------

export function generateInviteCode(): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i++) {
    code += INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)];
  }
  return code;
}

export async function getActiveCode(
  ctx: AppContext,
  actor: UserRow,
  groupId: number,
): Promise<InviteCode | null> {
  const { role } = await requireMembership(ctx.db, groupId, actor.id);
  assertCan(role, 'manage_invites');
  return findActiveCode(ctx, ctx.db, groupId);
}

/** Revokes the active code and issues a new one, in one transaction under the group's lock. */
export async function regenerateCode(
  ctx: AppContext,
  actor: UserRow,
  groupId: number,
): Promise<InviteCode> {
  const created = await ctx.db.transaction(async (tx) => {
    const { group, role } = await requireMembership(tx, groupId, actor.id, { lock: true });
    assertCan(role, 'manage_invites');
    await tx
      .update(groupInviteCodes)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(groupInviteCodes.groupId, groupId), isNull(groupInviteCodes.revokedAt)));
    const [row] = await tx
      .insert(groupInviteCodes)
      .values({
        groupId,
        code: generateInviteCode(),
        createdBy: actor.id,
        expiresAt: sql`now() + make_interval(days => ${group.inviteValidDays})`,
      })
      .returning();
    await recordActivity(tx, {
      groupId,
      actorId: actor.id,
      verb: 'invite_code_generated',
      details: { expires_at: row!.expiresAt.toISOString() },
    });
    return row!;
  });
  return presentInviteCode(created, actor, ctx.config);
}

export async function revokeCode(ctx: AppContext, actor: UserRow, groupId: number) {
  await ctx.db.transaction(async (tx) => {
    const { role } = await requireMembership(tx, groupId, actor.id, { lock: true });
    assertCan(role, 'manage_invites');
    const revoked = await tx
      .update(groupInviteCodes)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(groupInviteCodes.groupId, groupId),
          isNull(groupInviteCodes.revokedAt),
          gt(groupInviteCodes.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: groupInviteCodes.id });
    if (revoked.length > 0) {
      await recordActivity(tx, { groupId, actorId: actor.id, verb: 'invite_code_revoked' });
    }
  });
}

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
 * holds the group's lock). A pending personal invitation to the group counts as accepted.
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
  await tx
    .update(groupInvitations)
    .set({ status: 'accepted', respondedAt: sql`now()` })
    .where(
      and(
        eq(groupInvitations.groupId, groupId),
        eq(groupInvitations.inviteeId, userId),
        eq(groupInvitations.status, 'pending'),
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

export async function summarizeGroup(
  db: DbOrTx,
  groupId: number,
  userId: number,
): Promise<GroupSummary> {
  const { group, role } = await requireMembership(db, groupId, userId);
  return presentGroupSummary(group, role, await memberCount(db, groupId));
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
    return {
      groupId: found.group.id,
      joined: await addMember(tx, found.group.id, actor.id, 'invite_code'),
    };
  });
  if (joined) await ctx.events.publish(membershipEvent(groupId, actor.id, 'created', actor.id));
  return { group: await summarizeGroup(ctx.db, groupId, actor.id), joined };
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
