import { randomInt } from 'node:crypto';
import type { InviteCode } from '@household/contracts';
import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH } from '@household/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { groupInviteCodes, users, type UserRow } from '../../db/schema';
import { recordActivity } from './activity';
import { assertCan } from './groups.policy';
import { presentInviteCode } from './groups.presenter';
import { requireMembership } from './membership';

// Invite codes (spec §4): issued, shown and revoked here; joining with one is in join-group.ts.

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
