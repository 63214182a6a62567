import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError } from './problem';

const HEADER = 'idempotency-key';
const KEY = /^[\w.:-]{1,200}$/;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `status` of a key whose attempt runs and has committed nothing yet. */
const IN_PROGRESS = 0;
/** `status` of a key whose attempt committed its change but has not stored its answer yet. */
const APPLIED = -1;

/**
 * How long an attempt holds its key. A claim older than this is taken as left by a process that
 * died (a crash, a `kill -9`): a retry may take it over. Far longer than a write takes; an attempt
 * that is merely slow and has not committed yet loses its claim and rolls back (see `markApplied`).
 */
export const CLAIM_LEASE_SECONDS = 30;

/** The attempt that holds a key, shared by the request's hooks and its transactions. */
export interface Claim {
  userId: number;
  key: string;
  /** Changes when a retry takes the key over. */
  token: string;
  /** Set once a transaction of this attempt committed: from then on the change must not rerun. */
  applied: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim?: Claim;
  }
}

const currentClaim = new AsyncLocalStorage<Claim | null>();

/** Runs a route handler (or, in tests, any code) with the claim its transactions should mark. */
export function runWithClaim<T>(claim: Claim | null, run: () => T): T {
  return currentClaim.run(claim, run);
}

/**
 * Writes sent with an `Idempotency-Key` are applied once per user and key (docs/lists.md
 * "Idempotency-Key"): the first attempt claims the key before it runs, its answer is stored, and a
 * retry within 24 hours (an offline phone replaying its queue, a request whose answer was lost)
 * gets that answer again instead of applying the change twice.
 *
 * The claim is marked "applied" inside the change's own transaction (`withIdempotentTransactions`),
 * so a retry can tell an attempt that died before committing (it runs again) from one that died
 * after (409 `already_applied`: the change is there, its answer is lost). A copy that arrives while
 * the first attempt still runs gets 409 `idempotency_in_progress` with `Retry-After`. An error
 * answer before anything was committed frees the key, so the retry runs again.
 */
export function registerIdempotency(app: FastifyInstance, db: DbOrTx): void {
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const key = request.headers[HEADER];
    if (typeof key !== 'string' || !WRITES.has(request.method) || !request.user) return;
    if (!KEY.test(key)) {
      throw new AppError(400, 'validation_failed', 'Invalid Idempotency-Key', [
        { path: HEADER, code: 'invalid_format', message: 'Up to 200 letters, digits, . _ : -' },
      ]);
    }
    const claim: Claim = { userId: request.user.id, key, token: randomUUID(), applied: false };
    if (await claimKey(db, claim, request)) {
      request.idempotencyClaim = claim;
      return;
    }
    const stored = await readKey(db, claim);
    if (!stored || stored.method !== request.method || stored.path !== request.url) {
      throw new AppError(409, 'conflict', 'This Idempotency-Key was used for another request');
    }
    if (stored.status > 0) {
      reply.header('idempotent-replayed', 'true').status(stored.status);
      if (stored.body === null) return reply.send();
      return reply.type('application/json').send(JSON.stringify(stored.body));
    }
    const ageSeconds = stored.ageSeconds;
    if (ageSeconds >= CLAIM_LEASE_SECONDS) {
      if (stored.status === APPLIED) {
        throw new AppError(
          409,
          'already_applied',
          'This change was applied; its answer was lost. Read the resource again.',
        );
      }
      if (await takeOverKey(db, claim)) {
        request.idempotencyClaim = claim;
        return;
      }
    }
    // Usually the first attempt answers within moments; past a few seconds, wait for its lease.
    const retryAfter =
      ageSeconds < 2 ? 1 : Math.max(1, Math.ceil(CLAIM_LEASE_SECONDS - ageSeconds));
    throw new AppError(
      409,
      'idempotency_in_progress',
      'A request with this Idempotency-Key is still running',
      undefined,
      { 'retry-after': String(retryAfter) },
    );
  });

  // Handlers run inside the claim's context, so that their transactions can mark it applied.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((method) => WRITES.has(method))) return;
    const handler = route.handler;
    route.handler = function handleWithClaim(this: FastifyInstance, request, reply) {
      return runWithClaim(request.idempotencyClaim ?? null, () =>
        handler.call(this, request, reply),
      );
    };
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    if (reply.statusCode >= 400 && !claim.applied) {
      await db.delete(idempotencyKeys).where(heldBy(claim));
      return payload;
    }
    const body = typeof payload === 'string' && payload.length > 0 ? JSON.parse(payload) : null;
    await db.update(idempotencyKeys).set({ status: reply.statusCode, body }).where(heldBy(claim));
    return payload;
  });
}

/**
 * The database that services use, whose transactions mark the running request's claim applied in
 * the same commit as the change. A transaction of a request without a claim runs as it is.
 */
export function withIdempotentTransactions(db: Db): Db {
  const transaction: Db['transaction'] = async (run, config) => {
    const claim = currentClaim.getStore();
    if (!claim || claim.applied) return db.transaction(run, config);
    const result = await db.transaction(async (tx) => {
      await markApplied(tx, claim);
      return run(tx);
    }, config);
    claim.applied = true;
    return result;
  };
  return Object.create(db, { transaction: { value: transaction } }) as Db;
}

async function markApplied(tx: DbOrTx, claim: Claim): Promise<void> {
  const marked = await tx
    .update(idempotencyKeys)
    .set({ status: APPLIED })
    .where(heldBy(claim))
    .returning({ key: idempotencyKeys.key });
  // A retry took the key over after the lease: it runs the change, this attempt must not.
  if (marked.length === 0) {
    throw new AppError(409, 'idempotency_in_progress', 'A retry of this request took over');
  }
}

function heldBy(claim: Claim) {
  return and(
    eq(idempotencyKeys.userId, claim.userId),
    eq(idempotencyKeys.key, claim.key),
    eq(idempotencyKeys.claim, claim.token),
  );
}

async function claimKey(db: DbOrTx, claim: Claim, request: FastifyRequest): Promise<boolean> {
  const claimed = await db
    .insert(idempotencyKeys)
    .values({
      userId: claim.userId,
      key: claim.key,
      method: request.method,
      path: request.url,
      status: IN_PROGRESS,
      claim: claim.token,
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return claimed.length > 0;
}

async function readKey(db: DbOrTx, claim: Claim) {
  const [stored] = await db
    .select({
      method: idempotencyKeys.method,
      path: idempotencyKeys.path,
      status: idempotencyKeys.status,
      body: idempotencyKeys.body,
      ageSeconds: sql<number>`extract(epoch from now() - ${idempotencyKeys.createdAt})::float8`,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key)));
  return stored;
}

/**
 * Takes over a claim whose lease ran out and that committed nothing. Two retries racing for it:
 * the second one's update waits for the first's row lock, then finds the claim fresh and fails.
 */
async function takeOverKey(db: DbOrTx, claim: Claim): Promise<boolean> {
  const taken = await db
    .update(idempotencyKeys)
    .set({ claim: claim.token, createdAt: sql`now()` })
    .where(
      and(
        eq(idempotencyKeys.userId, claim.userId),
        eq(idempotencyKeys.key, claim.key),
        eq(idempotencyKeys.status, IN_PROGRESS),
        lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${CLAIM_LEASE_SECONDS})`),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return taken.length > 0;
}

/** Keys older than a day, answered or not: a retry comes within the day or not at all. */
export async function pruneIdempotencyKeys(db: DbOrTx): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - interval '1 day'`));
}
