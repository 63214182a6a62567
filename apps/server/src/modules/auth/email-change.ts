import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { actionTokens, users, type UserRow } from '../../db/schema';
import {
  createActionToken,
  endActionTokens,
  invalidActionToken,
  useActionToken,
} from './action-tokens';
import { sendAuthMail } from './auth-mail';
import { emailTaken } from './auth.service';
import { revokeAllSessions } from './sessions';

/** The confirm link to the new address lives as long as a verification link. */
const CONFIRM_TTL_MS = 24 * 60 * 60 * 1000;
/** The old address may undo a change for a week: long enough to notice a takeover. */
const UNDO_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The address an email change waits to have confirmed, if one does. */
export async function pendingEmailOf(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ email: actionTokens.email })
    .from(actionTokens)
    .where(
      and(
        eq(actionTokens.userId, userId),
        eq(actionTokens.purpose, 'change_email'),
        isNull(actionTokens.usedAt),
        gt(actionTokens.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(actionTokens.id))
    .limit(1);
  return row?.email ?? null;
}

async function assertEmailFree(db: DbOrTx, email: string, userId: number): Promise<void> {
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  if (owner && owner.id !== userId) throw emailTaken();
}

/**
 * Starts an email change: the address stays as it is until the new one is confirmed from its
 * inbox; the old address is told at once, with a link that undoes the change. One pending change
 * at a time: a new one ends the earlier confirm link.
 */
export async function requestEmailChange(
  ctx: AppContext,
  db: DbOrTx,
  user: UserRow,
  newEmail: string,
): Promise<void> {
  await assertEmailFree(db, newEmail, user.id);
  await endActionTokens(db, user.id, 'change_email');
  const confirm = await createActionToken(
    db,
    { ...user, email: newEmail },
    'change_email',
    CONFIRM_TTL_MS,
  );
  const undo = await createActionToken(db, user, 'undo_email_change', UNDO_TTL_MS);
  const oldEmail = user.email;
  // After the answer and its commit: the links must work when the mails arrive.
  // Two tasks: the old address is told even when the new one cannot be reached.
  ctx.afterAnswer.run('email change confirmation mail', () =>
    mailConfirmLink(ctx, newEmail, confirm),
  );
  if (oldEmail) {
    ctx.afterAnswer.run('email change undo mail', () =>
      mailUndoLink(ctx, { oldEmail, newEmail, token: undo }),
    );
  }
}

async function mailConfirmLink(ctx: AppContext, to: string, token: string): Promise<void> {
  const link = `${ctx.config.publicAppUrl}/auth/confirm-email?token=${encodeURIComponent(token)}`;
  await sendAuthMail(ctx, {
    to,
    subject: 'Confirm your new email address',
    text:
      `Someone asked to use this address for a Household account.\n\n` +
      `Open this link within 24 hours to make it the account's address:\n${link}\n\n` +
      `If it was not you, ignore this mail: nothing changes.`,
  });
}

async function mailUndoLink(
  ctx: AppContext,
  mail: { oldEmail: string; newEmail: string; token: string },
): Promise<void> {
  const link = `${ctx.config.publicAppUrl}/auth/undo-email-change?token=${encodeURIComponent(mail.token)}`;
  await sendAuthMail(ctx, {
    to: mail.oldEmail,
    subject: 'Your email address is being changed',
    text:
      `Someone asked to change the email address of your Household account to ${mail.newEmail}.\n\n` +
      `If it was you, there is nothing to do. If it was not, open this link within 7 days: it keeps ` +
      `(or brings back) this address and signs out every device:\n${link}\n\n` +
      `Then choose a new password with "Forgot password".`,
  });
}

/** Sets the account's address; another account having it meanwhile is a clear 409. */
async function setEmail(tx: DbOrTx, userId: number, email: string): Promise<UserRow> {
  let row: UserRow | undefined;
  try {
    [row] = await tx
      .update(users)
      .set({ email, isVerified: true, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  if (!row) throw invalidActionToken();
  return row;
}

/**
 * The new address is confirmed from its inbox: it becomes the account's, verified. Links sent to
 * the earlier address (reset, verification) end: they would reach whoever reads the old inbox.
 */
export async function confirmEmailChange(ctx: AppContext, token: string): Promise<UserRow> {
  return ctx.db.transaction(async (tx) => {
    const used = await useActionToken(tx, token, 'change_email');
    if (!used.email) throw invalidActionToken();
    await assertEmailFree(tx, used.email, used.userId);
    const user = await setEmail(tx, used.userId, used.email);
    await endActionTokens(tx, user.id, 'reset_password');
    await endActionTokens(tx, user.id, 'verify_email');
    return user;
  });
}

/**
 * The old address says "not me": the pending change is cancelled, or a confirmed one reversed;
 * every session ends and every reset link dies, so a thief holding the account is out.
 */
export async function undoEmailChange(ctx: AppContext, token: string): Promise<void> {
  const userId = await ctx.db.transaction(async (tx) => {
    const used = await useActionToken(tx, token, 'undo_email_change');
    if (!used.email) throw invalidActionToken();
    await endActionTokens(tx, used.userId, 'change_email');
    await assertEmailFree(tx, used.email, used.userId);
    const user = await setEmail(tx, used.userId, used.email);
    await revokeAllSessions(tx, user.id);
    await endActionTokens(tx, user.id, 'reset_password');
    await endActionTokens(tx, user.id, 'verify_email');
    return user.id;
  });
  await ctx.sessions.announce(userId);
}
