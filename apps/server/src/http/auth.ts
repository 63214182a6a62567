import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { AppContext } from '../context';
import { preparedPerDatabase } from '../db/prepared';
import { users, type UserRow } from '../db/schema';
import { unauthenticated } from './problem';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set by `requireUser`. */
    user: UserRow | null;
    /** The session (refresh-token family) the access token belongs to. */
    sessionId: string | null;
  }
}

export async function signAccessToken(
  ctx: AppContext,
  userId: number,
  sessionId: string,
): Promise<string> {
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuedAt()
    .setExpirationTime(`${ctx.config.accessTokenTtlSeconds}s`)
    .sign(ctx.jwtKey);
}

const MAX_USER_ID = 2_147_483_647;

/** Who a valid access token speaks for, and the token's lifetime (seconds since the epoch). */
export interface TokenHolder {
  user: UserRow;
  /** The session (refresh-token family) the token belongs to. */
  sessionId: string;
  issuedAt: number;
  expiresAt: number;
}

async function readAccessToken(
  ctx: AppContext,
  token: string,
): Promise<{ userId: number; sessionId: string; issuedAt: number; expiresAt: number } | null> {
  // A token is one word, as in the `Authorization: Bearer <token>` header.
  if (!/^\S+$/.test(token)) return null;
  try {
    const { payload } = await jwtVerify(token, ctx.jwtKey, { algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    // User ids are PostgreSQL integers: a number outside that range names nobody, and querying it
    // would fail in the database (a 500) instead of answering 401.
    const isUserId = Number.isInteger(userId) && userId >= 1 && userId <= MAX_USER_ID;
    if (!isUserId || typeof payload.sid !== 'string') return null;
    return {
      userId,
      sessionId: payload.sid,
      issuedAt: payload.iat ?? 0,
      expiresAt: payload.exp ?? 0,
    };
  } catch {
    return null;
  }
}

// Every authenticated request runs this query.
const userById = preparedPerDatabase((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('auth_user_by_id'),
);

/**
 * Checks an access token: signature and expiry, the session not ended, the user still there, and
 * issued after the last password change. Throws 401 `unauthenticated` otherwise. The HTTP API
 * (requireUser) and the WebSocket (which gets its token in a message: browsers cannot send headers
 * with one) both check tokens here.
 */
export async function authenticateAccessToken(
  ctx: AppContext,
  token: string,
): Promise<TokenHolder> {
  const claims = await readAccessToken(ctx, token);
  if (!claims) throw unauthenticated('A valid access token is required');
  // A logout on any process ends the session's access tokens too, not only its refresh token.
  if (ctx.sessions.isRevoked(claims.sessionId)) throw unauthenticated('The session has ended');
  const [user] = await userById(ctx.db).execute({ id: claims.userId });
  if (!user) throw unauthenticated('The account no longer exists');
  // A password change or reset also ends the access tokens issued before it; the session that
  // changed it keeps its refresh token and simply refreshes.
  const changedAt = user.passwordChangedAt
    ? Math.floor(user.passwordChangedAt.getTime() / 1000)
    : 0;
  if (claims.issuedAt < changedAt) throw unauthenticated('The password has changed since');
  return {
    user,
    sessionId: claims.sessionId,
    issuedAt: claims.issuedAt,
    expiresAt: claims.expiresAt,
  };
}

/** onRequest hook (before the body is read): answers 401 unless a valid access token of an existing user is presented. */
export function requireUser(ctx: AppContext) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
    if (!token) throw unauthenticated('A valid access token is required');
    const holder = await authenticateAccessToken(ctx, token);
    request.user = holder.user;
    request.sessionId = holder.sessionId;
  };
}

/** onRequest hook: like requireUser, but lets anonymous callers through with `request.user` null. */
export function optionalUser(ctx: AppContext) {
  const required = requireUser(ctx);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.headers.authorization) return;
    await required(request, reply);
  };
}

/** The signed-in user of a route guarded by requireUser. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthenticated();
  return request.user;
}
