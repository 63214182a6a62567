import { randomUUID } from 'node:crypto';
import type { TokenPair } from '@household/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { refreshTokens } from '../../db/schema';
import { AppError } from '../../http/problem';
import { signAccessToken } from '../../http/auth';
import { hashToken, newOpaqueToken } from '../../lib/tokens';

const invalidRefreshToken = () =>
  new AppError(401, 'invalid_token', 'The refresh token is invalid, expired or already used');

/** Starts a session (a refresh-token family) and returns its first token pair. */
export async function startSession(
  ctx: AppContext,
  db: DbOrTx,
  userId: number,
): Promise<TokenPair> {
  return issuePair(ctx, db, userId, randomUUID());
}

async function issuePair(
  ctx: AppContext,
  db: DbOrTx,
  userId: number,
  familyId: string,
): Promise<TokenPair> {
  const refreshToken = newOpaqueToken();
  const days = ctx.config.refreshTokenTtlDays;
  await db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(Date.now() + days * 24 * 60 * 60 * 1000),
  });
  return {
    access_token: await signAccessToken(ctx, userId, familyId),
    refresh_token: refreshToken,
    token_type: 'bearer',
    expires_in: ctx.config.accessTokenTtlSeconds,
  };
}

/**
 * Trades a refresh token for a new pair. Each token works once: the update below claims it
 * atomically, so of two concurrent uses only one wins. A token presented after it was used means
 * it was copied (theft) or replayed: the whole family is revoked and both holders must log in.
 */
export async function rotateRefreshToken(ctx: AppContext, presented: string): Promise<TokenPair> {
  const tokenHash = hashToken(presented);
  const outcome = await ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(refreshTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.usedAt),
          isNull(refreshTokens.revokedAt),
          sql`${refreshTokens.expiresAt} > now()`,
        ),
      )
      .returning();
    if (claimed) return issuePair(ctx, tx, claimed.userId, claimed.familyId);

    const [known] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash));
    // Revoke, then commit: the caller's 401 must not roll the revocation back.
    if (known?.usedAt) await revokeFamily(tx, known.familyId);
    return known?.usedAt ? { revoked: known } : null;
  });
  if (outcome && 'revoked' in outcome) {
    // The thief's access token ends with the family, on every process.
    await ctx.sessions.announce(outcome.revoked.userId, [outcome.revoked.familyId]);
  }
  if (!outcome || 'revoked' in outcome) throw invalidRefreshToken();
  return outcome;
}

export async function revokeFamily(db: DbOrTx, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Ends every session of a user: after a password reset or change, other devices must log in. */
export async function revokeAllSessions(db: DbOrTx, userId: number, exceptFamily?: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        exceptFamily ? sql`${refreshTokens.familyId} <> ${exceptFamily}` : undefined,
      ),
    );
}

/** The family a refresh token belongs to, if the token is known. */
export async function familyOfRefreshToken(db: DbOrTx, presented: string) {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(presented)));
  return row ?? null;
}
