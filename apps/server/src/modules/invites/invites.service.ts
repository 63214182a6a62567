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
import { presentPersonOrNull } from '../people/people.presenter';
import { summarizeGroup } from '../groups/group-reads';
import { addMember } from '../groups/join-group';
import { findMembership, requireMembership } from '../groups/membership';
import { deliverInvitation } from './invitation-delivery';
import { provenEmail } from './proven-email';

const invitationNotFound = () => notFound('No such invitation');
const guestCannotInvite = () =>
  forbidden('A guest cannot invite by email; create an account to invite people');
const alreadyMember = () => new AppError(409, 'conflict', 'This address belongs to a member');
// The same whether or not an account uses the address: the group's members list the address.
const alreadyInvited = () => new AppError(409, 'conflict', 'This address has a pending invitation');
const notPending = () => new AppError(409, 'conflict', 'This invitation was already answered');
/** The most a person sees of what they sent; older ones are history nobody acts on. */
const SENT_LIST_LIMIT = 100;

const inviters = alias(users, 'inviters');

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
    })
    .from(groupInvitations)
    .innerJoin(groups, eq(groups.id, groupInvitations.groupId))
    .leftJoin(inviters, eq(inviters.id, groupInvitations.inviterId))
    .where(where)
    .orderBy(desc(groupInvitations.id));
  const rows = limit ? await query.limit(limit) : await query;
  return rows.map(({ invitation, group, inviter }) => ({
    id: invitation.id,
    group,
    inviter: presentPersonOrNull(inviter, ctx.config),
    email: invitation.email,
    status: invitation.status as Invitation['status'],
    created_at: invitation.createdAt.toISOString(),
    responded_at: invitation.respondedAt?.toISOString() ?? null,
  }));
}

async function findInvitation(ctx: AppContext, db: DbOrTx, id: number) {
  const [found] = await findInvitations(ctx, db, eq(groupInvitations.id, id));
  return found;
}

/** Whether some member of the group signs in with the address (the inviter sees them anyway). */
async function isMemberAddress(tx: Tx, groupId: number, email: string): Promise<boolean> {
  const [member] = await tx
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(and(eq(groupMembers.groupId, groupId), eq(sql`lower(${users.email})`, email)));
  return member !== undefined;
}

async function hasPendingInvitation(tx: Tx, groupId: number, email: string): Promise<boolean> {
  const [pending] = await tx
    .select({ id: groupInvitations.id })
    .from(groupInvitations)
    .where(
      and(
        eq(groupInvitations.groupId, groupId),
        eq(groupInvitations.email, email),
        eq(groupInvitations.status, 'pending'),
      ),
    );
  return pending !== undefined;
}

/**
 * Answers the same for every address (docs/groups.md "Inviting by email"): the invitation is kept
 * by address, and whether an account uses it is looked up only after the answer, where the
 * account is notified and the address mailed either way.
 */
export async function createInvitation(
  ctx: AppContext,
  actor: UserRow,
  body: CreateInvitationBody,
): Promise<Invitation> {
  // A guest account costs nothing to make and has no address to answer for it: inviting by email
  // from one would let anyone mail any address in the app's name (docs/groups.md).
  if (actor.isGuest) throw guestCannotInvite();
  const { group_id: groupId, email } = body;
  const id = await ctx.db.transaction(async (tx) => {
    const { role } = await requireMembership(tx, groupId, actor.id, { lock: true });
    assertCan(role, 'manage_invites');
    if (await isMemberAddress(tx, groupId, email)) throw alreadyMember();
    if (await hasPendingInvitation(tx, groupId, email)) throw alreadyInvited();
    const [created] = await tx
      .insert(groupInvitations)
      .values({ groupId, inviterId: actor.id, email })
      .returning({ id: groupInvitations.id });
    await recordActivity(tx, {
      groupId,
      actorId: actor.id,
      verb: 'invitation_sent',
      details: { email },
    });
    return created!.id;
  });
  const invitation = (await findInvitation(ctx, ctx.db, id))!;
  ctx.afterAnswer.run('invitation delivery', () =>
    deliverInvitation(ctx, { invitation, inviter: actor }),
  );
  return invitation;
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

/** Pending invitations to the caller's address, once it is proven (docs/groups.md). */
export async function listPendingInvitations(
  ctx: AppContext,
  actor: UserRow,
): Promise<Invitation[]> {
  const email = provenEmail(actor);
  if (!email) return [];
  return findInvitations(
    ctx,
    ctx.db,
    and(eq(groupInvitations.email, email), eq(groupInvitations.status, 'pending')),
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
    invitation.email !== provenEmail(actor) &&
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

/** A pending invitation is answered (by `answeredBy`) or taken back: how, and when. */
async function closeInvitation(
  tx: Tx,
  id: number,
  status: 'accepted' | 'declined' | 'revoked',
  answeredBy: number | null,
) {
  await tx
    .update(groupInvitations)
    .set({ status, respondedAt: sql`now()`, inviteeId: answeredBy })
    .where(eq(groupInvitations.id, id));
}

/** The invitation locked for the transaction, as long as it went to the caller's proven address. */
async function lockOwnInvitation(tx: Tx, actor: UserRow, id: number) {
  const row = await lockInvitation(tx, id);
  if (row.email !== provenEmail(actor)) {
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
    if (!added) await closeInvitation(tx, id, 'accepted', actor.id);
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
    await closeInvitation(tx, id, 'declined', actor.id);
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
    await closeInvitation(tx, id, 'revoked', null);
    await recordActivity(tx, {
      groupId: row.groupId,
      actorId: actor.id,
      verb: 'invitation_revoked',
      details: { email: row.email },
    });
  });
  return (await findInvitation(ctx, ctx.db, id))!;
}
