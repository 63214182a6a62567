import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Per-address and per-account request counters of @fastify/rate-limit when several server processes
 * share one PostgreSQL database: one row per route and key, counting hits in the window that ends at
 * `reset_at`. Unused on the embedded database, where the one process counts in memory.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
