import { lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { actionTokens, authAttempts, refreshTokens } from '../../db/schema';
import { pruneIdempotencyKeys } from '../../http/idempotency';
import { pruneRateLimitCounters } from '../../http/rate-limit-store';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Deletes what no rule needs any more: attempts older than a day (the longest window is an hour),
 * expired refresh tokens (a used one is kept until then, for theft detection) and expired links.
 */
export async function pruneExpiredAuthData(db: DbOrTx): Promise<void> {
  await db.delete(authAttempts).where(lt(authAttempts.createdAt, sql`now() - interval '1 day'`));
  await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, sql`now()`));
  await db.delete(actionTokens).where(lt(actionTokens.expiresAt, sql`now() - interval '1 day'`));
}

/**
 * Everything pruned on schedule: one run of the hourly job (lib/scheduler.ts). In sequence: the job
 * runs in a transaction, one connection, which takes one statement at a time.
 */
export async function pruneHousekeeping(db: DbOrTx): Promise<void> {
  await pruneExpiredAuthData(db);
  await pruneIdempotencyKeys(db);
  await pruneRateLimitCounters(db);
}

/** Prunes at start and then every hour while the app runs. */
export function schedulePruning(db: DbOrTx, onError: (error: unknown) => void): () => void {
  const run = () => void pruneHousekeeping(db).catch(onError);
  run();
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
