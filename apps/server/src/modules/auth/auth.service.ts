import type { ClaimBody, RegisterBody, ResetPasswordBody, TokenPair } from '@household/contracts';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { authAttempts, users, type UserRow } from '../../db/schema';
import { AppError, forbidden } from '../../http/problem';
import { assertPasswordNotCommon } from './common-passwords';
import type { Mail } from '../../lib/mailer';
import { sendAuthMail } from './auth-mail';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import {
  createActionToken,
  endActionTokens,
  invalidActionToken,
  useActionToken,
} from './action-tokens';
import { deviceIdFor, type KnownDevice } from './known-devices';
import {
  assertMayTryLogin,
  clearOwnFailures,
  loginThrottles,
  recordLoginFailure,
  type LoginOrigin,
} from './login-throttle';
import { noticeGuessing } from './login-unlock';
import { sourceMayAskForMail } from './mail-limits';
import { revokeAllSessions, startSession } from './sessions';

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
const VERIFY_TOKEN_TTL_MS = 48 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** Per account and kind: nobody can flood an inbox with reset or verification mails. */
const MAILS_PER_ACCOUNT_PER_HOUR = 3;

export const emailTaken = () =>
  new AppError(409, 'email_taken', 'An account with this email already exists', [
    { path: 'email', code: 'email_taken', message: 'An account with this email already exists' },
  ]);
const invalidCredentials = () =>
  new AppError(400, 'invalid_credentials', 'Incorrect email or password');

type RegisterInput = Omit<RegisterBody, 'email'> & { email: string };

/**
 * One statement whether or not the address is taken, and a committed write either way (the new
 * account, or a `register_taken` attempt), so the 201 and the 409 cost the same time: the answer
 * tells whether an address has an account, but its timing adds nothing to sample.
 */
export async function registerUser(ctx: AppContext, body: RegisterInput): Promise<UserRow> {
  assertPasswordNotCommon(body.password);
  const passwordHash = await hashPassword(body.password);
  const inserted = (await ctx.db.execute(sql`
    WITH new_user AS (
      INSERT INTO ${users} (name, email, password_hash, locale, timezone)
      VALUES (${body.name}, ${body.email}, ${passwordHash}, ${body.locale ?? 'en'},
              ${body.timezone ?? 'UTC'})
      ON CONFLICT ((lower(email))) DO NOTHING
      RETURNING id
    ), taken AS (
      INSERT INTO ${authAttempts} (kind, email)
      SELECT 'register_taken', ${body.email} WHERE NOT EXISTS (SELECT 1 FROM new_user)
    )
    SELECT id FROM new_user
  `)) as unknown as { rows: { id: number }[] };
  const newId = inserted.rows[0]?.id ?? null;
  // The same read on both paths; it finds nothing when the address was taken.
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(eq(users.id, newId ?? -1));
  if (!user) throw emailTaken();
  // After the answer: a mail's cost would tell an existing address (409) from a new one by time.
  ctx.afterAnswer.run('verification mail', () => sendVerificationMail(ctx, user));
  return user;
}

/**
 * spec §7: login by email and password. Failures slow further attempts down, scope by scope,
 * and a known device of the account is slowed only by its own (login-throttle.ts). Answers the
 * account too, so the route can make this browser one of its known devices.
 */
export async function login(
  ctx: AppContext,
  attempt: { email: string; password: string; source: string; knownDevices: KnownDevice[] },
): Promise<{ tokens: TokenPair; userId: number }> {
  const email = attempt.email.trim().toLowerCase();
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  const origin: LoginOrigin = {
    source: attempt.source,
    deviceId: user ? deviceIdFor(attempt.knownDevices, user.id) : null,
  };
  const { unknownDeviceFailures } = await assertMayTryLogin(ctx, email, origin);
  const ok = user?.passwordHash
    ? await verifyPassword(user.passwordHash, attempt.password)
    : await verifyAgainstDummy(attempt.password);
  if (!user || !ok) {
    await recordLoginFailure(ctx, email, origin);
    const failures = unknownDeviceFailures + 1;
    if (
      user &&
      origin.deviceId === null &&
      failures >= loginThrottles(ctx.config).perAccount.freeFailures
    ) {
      ctx.afterAnswer.run('sign-in attempts notice', () => noticeGuessing(ctx, email, failures));
    }
    throw invalidCredentials();
  }
  await clearOwnFailures(ctx, email, origin);
  return { tokens: await startSession(ctx, ctx.db, user.id), userId: user.id };
}

/** spec §1: a guest login; the user carries is_guest and can later claim a real account. */
export async function createGuest(ctx: AppContext): Promise<TokenPair> {
  return ctx.db.transaction(async (tx) => {
    const [guest] = (await tx.insert(users).values({ isGuest: true }).returning()) as [UserRow];
    return startSession(ctx, tx, guest.id);
  });
}

/** A guest keeps their data by turning into a registered account: same id, is_guest false. */
export async function claimGuest(
  ctx: AppContext,
  guest: UserRow,
  body: Omit<ClaimBody, 'email'> & { email: string },
): Promise<UserRow> {
  if (!guest.isGuest) throw forbidden('Only a guest account can be claimed');
  assertPasswordNotCommon(body.password);
  const passwordHash = await hashPassword(body.password);
  let claimed: UserRow;
  try {
    [claimed] = (await ctx.db
      .update(users)
      .set({
        name: body.name,
        email: body.email,
        passwordHash,
        isGuest: false,
        isVerified: false,
        updatedAt: sql`now()`,
      })
      .where(and(eq(users.id, guest.id), eq(users.isGuest, true)))
      .returning()) as [UserRow];
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  if (!claimed) throw forbidden('Only a guest account can be claimed');
  // After the answer: SMTP being down must not turn a claim that happened into a 500.
  ctx.afterAnswer.run('verification mail', () => sendVerificationMail(ctx, claimed));
  return claimed;
}

/**
 * Records a mail of `kind` to `email` asked for from `source`, unless the account or the address
 * has had its share this hour; answers whether the mail may go. Over a limit it is skipped
 * silently: the route has answered 202 already, whatever happens here.
 */
async function mayMail(
  ctx: AppContext,
  mail: { kind: 'reset_mail' | 'verify_mail'; email: string; source: string | null },
): Promise<boolean> {
  const [sent] = await ctx.db
    .select({ n: count() })
    .from(authAttempts)
    .where(
      and(
        eq(authAttempts.kind, mail.kind),
        eq(authAttempts.email, mail.email),
        gt(authAttempts.createdAt, new Date(Date.now() - HOUR_MS)),
      ),
    );
  if ((sent?.n ?? 0) >= MAILS_PER_ACCOUNT_PER_HOUR) return false;
  if (!(await sourceMayAskForMail(ctx, mail.source))) return false;
  await ctx.db.insert(authAttempts).values(mail);
  return true;
}

/**
 * Always succeeds from the caller's view, so the answer does not tell whether an email is
 * registered. One live link per account: a new one ends the ones mailed before.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  request: { email: string; source: string | null },
): Promise<void> {
  const { email, source } = request;
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (!user || user.isGuest) return;
  if (!(await mayMail(ctx, { kind: 'reset_mail', email, source }))) return;
  const token = await ctx.db.transaction(async (tx) => {
    await endActionTokens(tx, user.id, 'reset_password');
    return createActionToken(tx, user, 'reset_password', RESET_TOKEN_TTL_MS);
  });
  const link = `${ctx.config.publicAppUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
  await sendAuthMail(ctx, {
    to: email,
    subject: 'Reset your password',
    text:
      `Someone asked to reset the password of your Household account.\n\n` +
      `Open this link within one hour to choose a new password:\n${link}\n\n` +
      `If it was not you, ignore this mail: your password stays as it is.`,
  });
}

/** Sets a new password from a mailed token; every session of the account ends. */
export async function resetPassword(ctx: AppContext, body: ResetPasswordBody): Promise<void> {
  // Before the token is used: the same link still works with a better password.
  assertPasswordNotCommon(body.password);
  const passwordHash = await hashPassword(body.password);
  const userId = await ctx.db.transaction(async (tx) => {
    const token = await useActionToken(tx, body.token, 'reset_password');
    // A use ends every other reset link of the account, older and newer alike.
    await endActionTokens(tx, token.userId, 'reset_password');
    const [user] = await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(users.id, token.userId))
      .returning();
    if (!user) throw invalidActionToken();
    await revokeAllSessions(tx, user.id);
    if (user.email) {
      await tx
        .delete(authAttempts)
        .where(and(eq(authAttempts.kind, 'login_failure'), eq(authAttempts.email, user.email)));
    }
    return user.id;
  });
  await ctx.sessions.announce(userId);
}

/**
 * Mails a verification link, at most MAILS_PER_ACCOUNT_PER_HOUR an hour per account and, when
 * asked for by a client address (`source`), its share of MAIL_REQUESTS_PER_ADDRESS_PER_HOUR.
 */
export async function sendVerificationMail(
  ctx: AppContext,
  user: UserRow,
  source: string | null = null,
): Promise<void> {
  if (!user.email || user.isVerified) return;
  if (!(await mayMail(ctx, { kind: 'verify_mail', email: user.email, source }))) return;
  const token = await createVerificationToken(ctx.db, user);
  if (token) await sendAuthMail(ctx, verificationMail(ctx, user.email, token));
}

/**
 * A verification token for the user's current address, written in `db`: an email change writes
 * it in the change's transaction, so an account deleted meanwhile leaves neither behind.
 */
export async function createVerificationToken(db: DbOrTx, user: UserRow): Promise<string | null> {
  if (!user.email || user.isVerified) return null;
  return createActionToken(db, user, 'verify_email', VERIFY_TOKEN_TTL_MS);
}

function verificationMail(ctx: AppContext, email: string, token: string): Mail {
  const link = `${ctx.config.publicAppUrl}/auth/verify?token=${encodeURIComponent(token)}`;
  return {
    to: email,
    subject: 'Confirm your email address',
    text: `Please confirm the email address of your Household account:\n${link}\n`,
  };
}

/** Mails a verification link to the signed-in caller, or else to `email` if it is registered. */
export async function requestVerification(
  ctx: AppContext,
  request: { caller: UserRow | null; email: string | undefined; source: string | null },
): Promise<void> {
  const { caller, email, source } = request;
  const [user] = caller
    ? [caller]
    : email
      ? await ctx.db.select().from(users).where(eq(users.email, email))
      : [];
  if (user) await sendVerificationMail(ctx, user, source);
}

/** Marks the email verified, if the token was sent to the address the account still has. */
export async function verifyEmail(ctx: AppContext, token: string): Promise<UserRow> {
  return ctx.db.transaction(async (tx) => {
    const used = await useActionToken(tx, token, 'verify_email');
    const [user] = await tx
      .update(users)
      .set({ isVerified: true, updatedAt: sql`now()` })
      .where(and(eq(users.id, used.userId), eq(users.email, used.email ?? '')))
      .returning();
    if (!user) throw invalidActionToken();
    return user;
  });
}
