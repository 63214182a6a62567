import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { actionTokens, type ActionTokenPurpose, type UserRow } from '../../db/schema';
import { AppError } from '../../http/problem';
import { hashToken, newOpaqueToken } from '../../lib/tokens';

/** Single-use tokens sent by mail: only their hash is stored, with the address they went to. */
export const invalidActionToken = () =>
  new AppError(400, 'invalid_token', 'The link is invalid, expired or already used');

export async function createActionToken(
  db: DbOrTx,
  user: UserRow,
  purpose: ActionTokenPurpose,
  ttlMs: number,
): Promise<string> {
  const token = newOpaqueToken();
  await db.insert(actionTokens).values({
    userId: user.id,
    purpose,
    tokenHash: hashToken(token),
    email: user.email,
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

/** Uses a token up, once; a wrong, used or expired one is refused as invalid_token. */
export async function useActionToken(tx: DbOrTx, token: string, purpose: ActionTokenPurpose) {
  const [used] = await tx
    .update(actionTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(actionTokens.tokenHash, hashToken(token)),
        eq(actionTokens.purpose, purpose),
        isNull(actionTokens.usedAt),
        gt(actionTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  if (!used) throw invalidActionToken();
  return used;
}

/**
 * Ends every unused token of `purpose` the account has: one live reset link per account, so a
 * new request, a use, a password change or an email change leaves no older link working.
 */
export async function endActionTokens(
  db: DbOrTx,
  userId: number,
  purpose: ActionTokenPurpose,
): Promise<void> {
  await db
    .update(actionTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(actionTokens.userId, userId),
        eq(actionTokens.purpose, purpose),
        isNull(actionTokens.usedAt),
      ),
    );
}
