import { and, eq, lt, sql } from 'drizzle-orm';
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

/**
 * Writes sent with an `Idempotency-Key` are applied once per user and key (docs/lists.md): the
 * first answer is stored, and a retry within 24 hours (an offline phone replaying its queue, a
 * request whose answer was lost) gets it again instead of applying the change twice. Two copies
 * of one request in flight at the same instant can both run; a phone's queue sends one at a time.
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
    const [stored] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, request.user.id), eq(idempotencyKeys.key, key)));
    if (!stored) {
      request.idempotencyKey = key;
      return;
    }
    if (stored.method !== request.method || stored.path !== request.url) {
      throw new AppError(409, 'conflict', 'This Idempotency-Key was used for another request');
    }
    reply.header('idempotent-replayed', 'true').status(stored.status);
    if (stored.body === null) return reply.send();
    return reply.type('application/json').send(JSON.stringify(stored.body));
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.idempotencyKey;
    // Errors are not stored: a retry after a 409 or a 500 should be tried again.
    if (!key || !request.user || reply.statusCode >= 400) return payload;
    const body = typeof payload === 'string' && payload.length > 0 ? JSON.parse(payload) : null;
    await db
      .insert(idempotencyKeys)
      .values({
        userId: request.user.id,
        key,
        method: request.method,
        path: request.url,
        status: reply.statusCode,
        body,
      })
      .onConflictDoNothing();
    return payload;
  });
}

export async function pruneIdempotencyKeys(db: DbOrTx): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - interval '1 day'`));
}
