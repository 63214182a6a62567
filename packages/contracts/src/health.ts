import { z } from './zod';

export const ZHealth = z.object({ status: z.literal('ok') });

export const ZHealthVersion = z.object({
  version: z.string(),
  commit: z.string().nullable(),
  node: z.string(),
});

export const ZHealthStatus = z.object({
  /** A database that cannot be reached answers 503 with a problem instead. */
  status: z.literal('ok'),
  database: z.object({
    engine: z.enum(['pglite', 'postgres']),
    reachable: z.boolean(),
    migration: z.string().nullable(),
  }),
  uptime_seconds: z.number(),
});

/**
 * Readiness: whether this process would take a new API request now. A process shedding load
 * answers 503 with a problem and `Retry-After` instead, so that a load balancer sends elsewhere.
 */
export const ZHealthReady = z.object({
  status: z.literal('ready'),
  requests: z.object({
    /** API requests at work now. */
    active: z.number().int(),
    /** API requests waiting in line for one of those places. */
    waiting: z.number().int(),
  }),
  /** How long the oldest waiting request has waited, in milliseconds (0 when none waits). */
  queue_delay_ms: z.number().int(),
});

export const ZHealthLogs = z.object({
  lines: z.array(z.record(z.string(), z.unknown())),
});
