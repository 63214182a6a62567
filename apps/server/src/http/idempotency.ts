import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError } from './problem';

const HEADER = 'idempotency-key';
const KEY = /^[\w.:-]{1,200}$/;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey?: string;
  }
}

/** `status` of a key whose first request is still running. */
const IN_PROGRESS = 0;

/**
 * Writes sent with an `Idempotency-Key` are applied once per user and key (docs/lists.md): the
 * first request claims the key before it runs, its answer is stored, and a retry within 24 hours
 * (an offline phone replaying its queue, a request whose answer was lost) gets that answer again
 * instead of applying the change twice. A copy that arrives while the first still runs gets 409;
 * an error answer frees the key, so the retry runs again.
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
    const userId = request.user.id;
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ userId, key, method: request.method, path: request.url, status: IN_PROGRESS })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length > 0) {
      request.idempotencyKey = key;
      return;
    }
    const [stored] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    if (!stored || stored.method !== request.method || stored.path !== request.url) {
      throw new AppError(409, 'conflict', 'This Idempotency-Key was used for another request');
    }
    if (stored.status === IN_PROGRESS) {
      throw new AppError(409, 'conflict', 'A request with this Idempotency-Key is still running');
    }
    reply.header('idempotent-replayed', 'true').status(stored.status);
    if (stored.body === null) return reply.send();
    return reply.type('application/json').send(JSON.stringify(stored.body));
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.idempotencyKey;
    if (!key || !request.user) return payload;
    const mine = and(eq(idempotencyKeys.userId, request.user.id), eq(idempotencyKeys.key, key));
    if (reply.statusCode >= 400) {
      await db.delete(idempotencyKeys).where(mine);
      return payload;
    }
    const body = typeof payload === 'string' && payload.length > 0 ? JSON.parse(payload) : null;
    await db.update(idempotencyKeys).set({ status: reply.statusCode, body }).where(mine);
    return payload;
  });
}

/** Answers older than a day, and claims of requests that never finished (a crash) after a minute. */
export async function pruneIdempotencyKeys(db: DbOrTx): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      or(
        lt(idempotencyKeys.createdAt, sql`now() - interval '1 day'`),
        and(
          eq(idempotencyKeys.status, IN_PROGRESS),
          lt(idempotencyKeys.createdAt, sql`now() - interval '1 minute'`),
        ),
      ),
    );
}
