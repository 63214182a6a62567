import type { RealtimeEvent } from '@household/contracts';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { SessionRevocations } from '../../context';
import type { Db } from '../../db/client';
import { refreshTokens } from '../../db/schema';
import type { EventBus } from '../../realtime/event-bus';
import { Listeners, type BusLogger } from '../../realtime/listeners';

/** A token's expiry is checked on this process's clock, a revocation's age on the database's. */
const CLOCK_SKEW_MARGIN_MS = 60_000;
export const DEFAULT_REVOCATION_RELOAD_MS = 5_000;

/** The realtime event that tells every process a user's sessions changed; delivered to no client. */
export function sessionEndedEvent(userId: number): RealtimeEvent {
  return {
    entity: 'session',
    id: userId,
    action: 'deleted',
    list_id: null,
    group_id: null,
    user_id: null,
    version: null,
    actor: userId,
  };
}

/** The sessions ended on any process (context.ts), kept in this process's memory. */
export async function createSessionRevocations(options: {
  db: Db;
  events: EventBus;
  accessTokenTtlSeconds: number;
  /** null: no periodic reload (one process, as on the embedded database). */
  reloadIntervalMs: number | null;
  logger: BusLogger;
}): Promise<SessionRevocations> {
  const { db, events, logger } = options;
  const ttlMs = options.accessTokenTtlSeconds * 1000;
  /** Session id → when this process may forget it (its tokens have all expired by then). */
  const revoked = new Map<string, number>();
  const listeners = new Listeners<[readonly string[]]>(logger);

  function forgetExpired(): void {
    const now = Date.now();
    for (const [sessionId, forgetAt] of revoked) if (forgetAt <= now) revoked.delete(sessionId);
  }

  function remember(entries: { sessionId: string; forgetAt: number }[]): void {
    forgetExpired();
    const fresh: string[] = [];
    for (const { sessionId, forgetAt } of entries) {
      if (!revoked.has(sessionId)) fresh.push(sessionId);
      revoked.set(sessionId, Math.max(forgetAt, revoked.get(sessionId) ?? 0));
    }
    if (fresh.length > 0) listeners.emit(fresh);
  }

  /** Sessions revoked within the access-token lifetime, with how long their tokens may live on. */
  async function load(userId?: number): Promise<void> {
    const rows = await db
      .select({
        sessionId: refreshTokens.familyId,
        remainingMs: sql<number>`greatest(0, extract(epoch from (max(${refreshTokens.revokedAt}) + ${ttlMs} * interval '1 millisecond' - now())) * 1000)::int`,
      })
      .from(refreshTokens)
      .where(
        and(
          isNotNull(refreshTokens.revokedAt),
          sql`${refreshTokens.revokedAt} > now() - ${ttlMs} * interval '1 millisecond'`,
          userId === undefined ? undefined : eq(refreshTokens.userId, userId),
        ),
      )
      .groupBy(refreshTokens.familyId);
    const now = Date.now();
    remember(
      rows.map((row) => ({
        sessionId: row.sessionId,
        forgetAt: now + Number(row.remainingMs) + CLOCK_SKEW_MARGIN_MS,
      })),
    );
  }

  function reload(userId?: number): void {
    load(userId).catch((error: unknown) =>
      logger.warn({ err: error, userId }, 'reading ended sessions failed; retrying shortly'),
    );
  }

  await load().catch((error: unknown) =>
    logger.warn({ err: error }, 'reading ended sessions at start failed'),
  );
  const unsubscribe = events.subscribe((event) => {
    if (event.entity === 'session') reload(event.id);
  });
  let timer: NodeJS.Timeout | null = null;
  if (options.reloadIntervalMs !== null) {
    timer = setInterval(() => reload(), options.reloadIntervalMs);
    timer.unref();
  }

  return {
    isRevoked(sessionId) {
      const forgetAt = revoked.get(sessionId);
      if (forgetAt === undefined) return false;
      if (forgetAt > Date.now()) return true;
      revoked.delete(sessionId);
      return false;
    },
    async announce(userId, sessionIds = []) {
      const forgetAt = Date.now() + ttlMs + CLOCK_SKEW_MARGIN_MS;
      remember(sessionIds.map((sessionId) => ({ sessionId, forgetAt })));
      // Sessions ended without being named (every one of the user's, after an undone email
      // change or a password change) are read here before the answer goes: waiting for this
      // process's own event let the next request pass with an ended session's token.
      await load(userId).catch((error: unknown) =>
        logger.warn({ err: error, userId }, 'reading ended sessions failed; retrying shortly'),
      );
      await events.publish(sessionEndedEvent(userId));
    },
    onRevoked: (listener) => listeners.add(listener),
    close() {
      if (timer) clearInterval(timer);
      unsubscribe();
      listeners.clear();
    },
  };
}
