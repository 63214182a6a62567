import { and, count, eq, gt } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { authAttempts, users, type UserRow } from '../../db/schema';
import { createActionToken, useActionToken } from './action-tokens';
import { sendAuthMail } from './auth-mail';
import { sourceMayAskForMail } from './mail-limits';

/**
 * The way in that failures elsewhere cannot close (docs/decisions.md "Failed logins"): a one-time
 * link, mailed to the account's address, that makes the browser it is opened in a known device
 * of the account. The password is still asked for afterwards.
 */
const UNLOCK_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
const UNLOCK_MAILS_PER_HOUR = 3;
const NOTICE_EVERY_MS = 24 * 60 * 60 * 1000;

async function sentSince(
  ctx: AppContext,
  kind: 'unlock_mail' | 'guessing_notice',
  email: string,
  ms: number,
) {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(authAttempts)
    .where(
      and(
        eq(authAttempts.kind, kind),
        eq(authAttempts.email, email),
        gt(authAttempts.createdAt, new Date(Date.now() - ms)),
      ),
    );
  return row?.n ?? 0;
}

async function unlockLink(ctx: AppContext, user: UserRow): Promise<string> {
  const token = await createActionToken(ctx.db, user, 'unlock_login', UNLOCK_TOKEN_TTL_MS);
  return `${ctx.config.publicAppUrl}/auth/unlock?token=${encodeURIComponent(token)}`;
}

/**
 * Mails an unlock link, if the address has an account: at most three an hour per account, and
 * within the asking client address's share of mails (mail-limits.ts).
 */
export async function requestUnlockLink(
  ctx: AppContext,
  request: { email: string; source: string },
): Promise<void> {
  const { email, source } = request;
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (!user?.email || user.isGuest) return;
  if ((await sentSince(ctx, 'unlock_mail', email, 60 * 60 * 1000)) >= UNLOCK_MAILS_PER_HOUR) return;
  if (!(await sourceMayAskForMail(ctx, source))) return;
  await ctx.db.insert(authAttempts).values({ kind: 'unlock_mail', email, source });
  const link = await unlockLink(ctx, user);
  await sendAuthMail(ctx, {
    to: user.email,
    subject: 'Sign in on this device',
    text:
      `Someone asked for a link to sign in to your Household account.\n\n` +
      `Open this link within 24 hours, in the browser you want to sign in with:\n${link}\n\n` +
      `That browser can then sign in with your password at once, however many wrong passwords ` +
      `others have tried. If it was not you, ignore this mail: nothing changes.`,
  });
}

/** Uses an unlock token up; answers the account whose known device the browser becomes. */
export async function unlockDevice(ctx: AppContext, token: string): Promise<number> {
  const used = await useActionToken(ctx.db, token, 'unlock_login');
  return used.userId;
}

/**
 * Tells the owner, once a day at most, that unknown browsers keep failing to sign in to their
 * account: in the app, and by mail with an unlock link, since they may be the one kept waiting.
 */
export async function noticeGuessing(ctx: AppContext, email: string, failures: number) {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (!user?.email || user.isGuest) return;
  if ((await sentSince(ctx, 'guessing_notice', email, NOTICE_EVERY_MS)) > 0) return;
  await ctx.db.insert(authAttempts).values({ kind: 'guessing_notice', email });
  await ctx.noticeSignInAttempts?.(user.id, failures);
  const link = await unlockLink(ctx, user);
  await sendAuthMail(ctx, {
    to: user.email,
    subject: 'Someone is trying to sign in to your account',
    text:
      `There have been ${failures} failed attempts to sign in to your Household account from ` +
      `browsers it has not seen before. Your password still protects it, and further attempts ` +
      `now have to wait longer and longer.\n\n` +
      `Browsers you signed in with before are not slowed down. To sign in on another one, open ` +
      `this link in it within 24 hours:\n${link}\n\n` +
      `If these attempts were not yours, consider choosing a longer password.`,
  });
}
