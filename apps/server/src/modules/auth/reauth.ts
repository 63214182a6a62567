import type { FastifyRequest } from 'fastify';
import { eq, min } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { refreshTokens, type UserRow } from '../../db/schema';
import { currentUser } from '../../http/auth';
import { AppError } from '../../http/problem';
import { verifyPassword } from '../../lib/passwords';
import { assertMayTryLogin, recordLoginFailure } from './login-throttle';

/** How long after a login its session may make sensitive changes without the password again. */
export const FRESH_LOGIN_MS = 5 * 60 * 1000;

export const reauthenticationRequired = () =>
  new AppError(403, 'reauthentication_required', 'Confirm your password to make this change');

export const wrongCurrentPassword = (path: string) =>
  new AppError(400, 'invalid_credentials', 'The password is not correct', [
    { path, code: 'invalid_credentials', message: 'The password is not correct' },
  ]);

/** Who asks for a sensitive change: the account, its session, and the client address. */
export interface Requester {
  user: UserRow;
  sessionId: string | null;
  ip: string;
}

/**
 * Checks the account's current password, throttled like a login: a stolen access token must not
 * become a way to guess the password without the login's limits. A wrong one counts as a failed
 * login of the account from this client address.
 */
export async function assertCurrentPassword(
  ctx: AppContext,
  requester: Requester,
  password: string | undefined,
  path: string,
): Promise<void> {
  const { user } = requester;
  if (!password || !user.passwordHash || !user.email) throw wrongCurrentPassword(path);
  const origin = { source: requester.ip, deviceId: null };
  await assertMayTryLogin(ctx, user.email, origin);
  if (await verifyPassword(user.passwordHash, password)) return;
  await recordLoginFailure(ctx, user.email, origin);
  throw wrongCurrentPassword(path);
}

/** When the session began: the login (password checked) that created its refresh-token family. */
async function sessionStartedAt(ctx: AppContext, sessionId: string): Promise<Date | null> {
  const [row] = await ctx.db
    .select({ startedAt: min(refreshTokens.createdAt) })
    .from(refreshTokens)
    .where(eq(refreshTokens.familyId, sessionId));
  return row?.startedAt ? new Date(row.startedAt) : null;
}

/**
 * A sensitive change (email, calendar feed, push device) needs the current password, or a
 * session whose login was at most FRESH_LOGIN_MS ago: an access token alone, stolen from an
 * old session, is not enough. Accounts without a password (guests) have nothing to confirm.
 */
export async function assertReauthenticated(
  ctx: AppContext,
  requester: Requester,
  password: string | undefined,
  path = 'current_password',
): Promise<void> {
  if (!requester.user.passwordHash) return;
  if (password !== undefined) return assertCurrentPassword(ctx, requester, password, path);
  const startedAt = requester.sessionId ? await sessionStartedAt(ctx, requester.sessionId) : null;
  if (startedAt && Date.now() - startedAt.getTime() <= FRESH_LOGIN_MS) return;
  throw reauthenticationRequired();
}

/** The requester of a route guarded by requireUser. */
export function requesterOf(request: FastifyRequest): Requester {
  return { user: currentUser(request), sessionId: request.sessionId, ip: request.ip };
}
