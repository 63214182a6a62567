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

export const ZHealthLogs = z.object({
  lines: z.array(z.record(z.string(), z.unknown())),
});
