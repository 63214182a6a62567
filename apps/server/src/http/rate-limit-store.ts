import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { rateLimitCounters } from '../db/schema';

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];
interface RouteInfo {
  method?: unknown;
  url?: unknown;
}

/** A database failure is logged at most this often: an outage must not flood the log. */
const FAILURE_LOG_INTERVAL_MS = 60_000;

/**
 * Counts one hit of `key` and answers the hits in its current window and the milliseconds left.
 * One statement, so that concurrent requests from several processes never lose a hit: the row is
 * created, counted up, or, when its window has passed, started afresh. The database's clock decides,
 * so processes whose clocks differ still agree on the window.
 */
export async function countHit(
  db: DbOrTx,
  key: string,
  windowMs: number,
): Promise<{ current: number; ttl: number }> {
  const resetAt = sql`now() + ${windowMs} * interval '1 millisecond'`;
  const expired = sql`${rateLimitCounters.resetAt} <= now()`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, hits: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimitCounters.hits} + 1 END`,
        resetAt: sql`CASE WHEN ${expired} THEN excluded.reset_at ELSE ${rateLimitCounters.resetAt} END`,
      },
    })
    .returning({
      current: rateLimitCounters.hits,
      ttl: sql<number>`greatest(0, ceil(extract(epoch from (${rateLimitCounters.resetAt} - now())) * 1000))::int`,
    });
  return { current: row!.current, ttl: Number(row!.ttl) };
}

/**
 * A store for @fastify/rate-limit that keeps its counters in PostgreSQL, so that every server
 * process on the database counts against the same limit (docs/multi-process.md). If the database
 * cannot count, the request goes through (fail open) and the failure is logged: a limiter that
 * turned a database hiccup into errors would take down login for everyone.
 */
export function databaseRateLimitStore(db: Db, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  let lastFailureLoggedAt = 0;

  class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      /** Each route counts apart, as the plugin's own stores do. */
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: IncrCallback, timeWindow?: number): void {
      const windowMs = typeof timeWindow === 'number' && timeWindow > 0 ? timeWindow : 60_000;
      countHit(db, `${this.prefix}${key}`, windowMs).then(
        (result) => callback(null, result),
        (error: unknown) => {
          const now = Date.now();
          if (now - lastFailureLoggedAt >= FAILURE_LOG_INTERVAL_MS) {
            lastFailureLoggedAt = now;
            log.warn({ err: error }, 'rate limit counter unavailable; letting requests through');
          }
          callback(null, { current: 0, ttl: windowMs });
        },
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin (10.x) passes the route's merged limit settings, the route itself in `routeInfo`.
      const { routeInfo } = routeOptions as unknown as { routeInfo?: RouteInfo };
      const method = String(routeInfo?.method ?? '');
      const url = String(routeInfo?.url ?? '');
      return new DatabaseStore(undefined, `${method} ${url} `);
    }
  }
  return DatabaseStore as unknown as FastifyRateLimitStoreCtor;
}

/** Windows are at most minutes long: a counter an hour past its window is dead weight. */
export async function pruneRateLimitCounters(db: DbOrTx): Promise<void> {
  await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.resetAt, sql`now() - interval '1 hour'`));
}
