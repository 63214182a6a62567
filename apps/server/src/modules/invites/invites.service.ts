import type { CreateInvitationBody, Invitation, JoinGroupResult } from '@household/contracts';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { groupInvitations, groupMembers, groups, users, type UserRow } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../http/problem';
import { membershipEvent } from '../../realtime/events';
import { recordActivity } from '../groups/activity';
import { assertCan, can } from '../groups/groups.policy';
import { presentPerson, presentPersonOrNull } from '../people/people.presenter';
import { summarizeGroup } from '../groups/group-reads';
import { addMember } from '../groups/join-group';
import { findMembership, requireMembership } from '../groups/membership';
import { notifyInvitation } from '../notifications/fan-out';

const invitationNotFound = () => notFound('No such invitation');
const guestCannotInvite = () =>
  forbidden('A guest cannot invite by email; create an account to invite people');
const notPending = () => new AppError(409, 'conflict', 'This invitation was already answered');
/** The most a person sees of what they sent; older ones are history nobody acts on. */
const SENT_LIST_LIMIT = 100;

const inviters = alias(users, 'inviters');
const invitees = alias(users, 'invitees');

async function findInvitations(
  ctx: AppContext,
  db: DbOrTx,
  where: SQL | undefined,
  limit?: number,
): Promise<Invitation[]> {
  const query = db
    .select({
      invitation: groupInvitations,
      group: { id: groups.id, name: groups.name },
      inviter: inviters,
      invitee: invitees,
    })
    .from(groupInvitations)
    .innerJoin(groups, eq(groups.id, groupInvitations.groupId))
    .innerJoin(invitees, eq(invitees.id, groupInvitations.inviteeId))
    .leftJoin(inviters, eq(inviters.id, groupInvitations.inviterId))
    .where(where)
    .orderBy(desc(groupInvitations.id));
  const rows = limit ? await query.limit(limit) : await query;
  return rows.map(({ invitation, group, inviter, invitee }) => ({
    id: invitation.id,
    group,
    inviter: presentPersonOrNull(inviter, ctx.config),
    invitee: { ...presentPerson(invitee, ctx.config), email: invitee.email },
    status: invitation.status as Invitation['status'],
    created_at: invitation.createdAt.toISOString(),
    responded_at: invitation.respondedAt?.toISOString() ?? null,
  }));
}

async function findInvitation(ctx: AppContext, db: DbOrTx, id: number) {
  const [found] = await findInvitations(ctx, db, eq(groupInvitations.id, id));
  return found;
}

export async function createInvitation(
  ctx: AppContext,
  actor: UserRow,
  body: CreateInvitationBody,
): Promise<Invitation> {
  // A guest account costs nothing to make and has no address to answer for it: inviting by email
  // from one would let anyone probe which addresses have accounts and notify them (docs/groups.md).
  if (actor.isGuest) throw guestCannotInvite();
  const id = await ctx.db.transaction(async (tx) => {
    const { role } = await requireMembership(tx, body.group_id, actor.id, { lock: true });
    assertCan(role, 'manage_invites');
    const invitee = await tx.query.users.findFirst({
      where: eq(sql`lower(${users.email})`, body.email.toLowerCase()),
    });
    if (!invitee) throw notFound('No account uses this email');
    const [member] = await tx
      .select({ userId: groupMembers.userId })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, body.group_id), eq(groupMembers.userId, invitee.id)));
    if (member) throw new AppError(409, 'conflict', 'This person is a member already');
    const [pending] = await tx
      .select({ id: groupInvitations.id })
      .from(groupInvitations)
      .where(
        and(
          eq(groupInvitations.groupId, body.group_id),
          eq(groupInvitations.inviteeId, invitee.id),
          eq(groupInvitations.status, 'pending'),
        ),
      );
    if (pending) throw new AppError(409, 'conflict', 'This person has a pending invitation');
    const [created] = await tx
      .insert(groupInvitations)
      .values({ groupId: body.group_id, inviterId: actor.id, inviteeId: invitee.id })
      .returning({ id: groupInvitations.id });
    await recordActivity(tx, {
      groupId: body.group_id,
      actorId: actor.id,
      verb: 'invitation_sent',
      subjectUserId: invitee.id,
    });
    await notifyInvitation(tx, body.group_id, invitee.id, actor.id);
    return created!.id;
  });
  await ctx.flushNotifications?.();
  return (await findInvitation(ctx, ctx.db, id))!;
}

export async function listGroupInvitations(
  ctx: AppContext,
  actor: UserRow,
  groupId: number,
): Promise<Invitation[]> {
  const { role } = await requireMembership(ctx.db, groupId, actor.id);
  assertCan(role, 'manage_invites');
  return findInvitations(
    ctx,
    ctx.db,
    and(eq(groupInvitations.groupId, groupId), eq(groupInvitations.status, 'pending')),
  );
}

export function listPendingInvitations(ctx: AppContext, actor: UserRow) {
  return findInvitations(
    ctx,
    ctx.db,
    and(eq(groupInvitations.inviteeId, actor.id), eq(groupInvitations.status, 'pending')),
  );
}

export function listSentInvitations(ctx: AppContext, actor: UserRow) {
  return findInvitations(ctx, ctx.db, eq(groupInvitations.inviterId, actor.id), SENT_LIST_LIMIT);
}

/** Visible to the invitee and to members of the group; 404 to anyone else. */
export async function getInvitation(
  ctx: AppContext,
  actor: UserRow,
  id: number,
): Promise<Invitation> {
  const invitation = await findInvitation(ctx, ctx.db, id);
  if (!invitation) throw invitationNotFound();
  if (
    invitation.invitee.id !== actor.id &&
    !(await findMembership(ctx.db, invitation.group.id, actor.id))
  ) {
    throw invitationNotFound();
  }
  return invitation;
}

/** The invitation locked for the transaction; 404 when there is none. */
async function lockInvitation(tx: Tx, id: number) {
  const [row] = await tx
    .select()
    .from(groupInvitations)
    .where(eq(groupInvitations.id, id))
    .for('update');
  if (!row) throw invitationNotFound();
  return row;
}

/** A pending invitation is answered or taken back: it records how, and when. */
async function closeInvitation(tx: Tx, id: number, status: 'accepted' | 'declined' | 'revoked') {
  await tx
    .update(groupInvitations)
    .set({ status, respondedAt: sql`now()` })
    .where(eq(groupInvitations.id, id));
}

/** The invitation locked for the transaction, as long as the invitee is the caller. */
async function lockOwnInvitation(tx: Tx, actor: UserRow, id: number) {
  const row = await lockInvitation(tx, id);
  if (row.inviteeId !== actor.id) {
    // Members of the group can see the invitation, so they learn nothing new from a 403.
    if (await findMembership(tx, row.groupId, actor.id)) {
      throw new AppError(403, 'forbidden', 'Only the invited person may answer an invitation');
    }
    throw invitationNotFound();
  }
  if (row.status !== 'pending') throw notPending();
  return row;
}

export async function acceptInvitation(
  ctx: AppContext,
  actor: UserRow,
  id: number,
): Promise<JoinGroupResult> {
  const { groupId, joined } = await ctx.db.transaction(async (tx) => {
    const invitation = await lockOwnInvitation(tx, actor, id);
    await tx
      .select({ id: groups.id })
      .from(groups)
      .where(eq(groups.id, invitation.groupId))
      .for('update');
    // addMember marks the pending invitation accepted along with the membership.
    const added = await addMember(tx, invitation.groupId, actor.id, 'invitation');
    if (!added) await closeInvitation(tx, id, 'accepted');
    return { groupId: invitation.groupId, joined: added };
  });
  if (joined) await ctx.events.publish(membershipEvent(groupId, actor.id, 'created', actor.id));
  return { group: await summarizeGroup(ctx.db, groupId, actor.id), joined };
}

export async function declineInvitation(
  ctx: AppContext,
  actor: UserRow,
  id: number,
): Promise<Invitation> {
  await ctx.db.transaction(async (tx) => {
    const invitation = await lockOwnInvitation(tx, actor, id);
    await closeInvitation(tx, id, 'declined');
    await recordActivity(tx, {
      groupId: invitation.groupId,
      actorId: actor.id,
      verb: 'invitation_declined',
      subjectUserId: actor.id,
    });
  });
  return (await findInvitation(ctx, ctx.db, id))!;
}

/** The inviter, or an owner or admin of the group, may take back a pending invitation. */
export async function revokeInvitation(
  ctx: AppContext,
  actor: UserRow,
  id: number,
): Promise<Invitation> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockInvitation(tx, id);
    const membership = await findMembership(tx, row.groupId, actor.id);
    if (!membership) throw invitationNotFound();
    if (row.inviterId !== actor.id && !can(membership.role, 'manage_members')) {
      throw new AppError(403, 'forbidden', 'Only the inviter, an owner or an admin may revoke');
    }
    if (row.status !== 'pending') throw notPending();
    await closeInvitation(tx, id, 'revoked');
    await recordActivity(tx, {
      groupId: row.groupId,
      actorId: actor.id,
      verb: 'invitation_revoked',
      subjectUserId: row.inviteeId,
    });
  });
  return (await findInvitation(ctx, ctx.db, id))!;
}
