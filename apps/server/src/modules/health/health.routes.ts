import fs from 'node:fs';
import path from 'node:path';
import {
  ZHealth,
  ZHealthLogs,
  ZHealthReady,
  ZHealthStatus,
  ZHealthVersion,
  ZProblem,
} from '@household/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Registry } from 'prom-client';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { migrationsFolder } from '../../db/client';
import type { Admission } from '../../http/admission';
import { currentUser, requireUser } from '../../http/auth';
import { refuse } from '../../http/load-shedding';
import { forbidden, problem, sendProblem } from '../../http/problem';
import { APP_VERSION } from '../../version';
import { bearerSecurity } from '../../http/route-api';

const tags = ['health'];

let tagsByTime: Map<number, string> | undefined;

/** Journal of the migrations shipped with this build: `when` (ms) -> tag such as 0000_init. */
function migrationTags(): Map<number, string> {
  if (!tagsByTime) {
    const journal = JSON.parse(
      fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: { when: number; tag: string }[] };
    tagsByTime = new Map(journal.entries.map((entry) => [entry.when, entry.tag]));
  }
  return tagsByTime;
}

async function appliedMigration(ctx: AppContext): Promise<string | null> {
  const result = await ctx.db.execute<{ created_at: string }>(
    sql`SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`,
  );
  const row = (result as unknown as { rows: { created_at: string }[] }).rows[0];
  if (!row) return null;
  return migrationTags().get(Number(row.created_at)) ?? String(row.created_at);
}

export function healthRoutes(
  ctx: AppContext,
  { metrics, admission }: { metrics: Registry; admission: Admission },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/health', { schema: { tags, response: { 200: ZHealth } } }, () => ({
      status: 'ok' as const,
    }));

    app.get('/health/version', { schema: { tags, response: { 200: ZHealthVersion } } }, () => ({
      version: APP_VERSION,
      commit: ctx.config.gitCommit,
      node: process.version,
    }));

    app.get(
      '/health/status',
      { schema: { tags, response: { 200: ZHealthStatus, 503: ZProblem } } },
      async (_request, reply) => {
        let migration: string | null;
        try {
          migration = await appliedMigration(ctx);
        } catch (error) {
          app.log.warn({ err: error }, 'database not reachable for /health/status');
          // Like every error answer, problem+json (docs/api.md "Errors").
          return sendProblem(
            reply,
            problem(503, 'service_unavailable', { detail: 'The database is not reachable' }),
          );
        }
        return {
          status: 'ok' as const,
          database: { engine: ctx.database.engine, reachable: true, migration },
          uptime_seconds: Math.round((Date.now() - ctx.startedAt.getTime()) / 1000),
        };
      },
    );

    // For a load balancer: 503 while this process would refuse a new API request (load shedding).
    app.get(
      '/health/ready',
      { schema: { tags, response: { 200: ZHealthReady, 503: ZProblem } } },
      async (_request, reply) => {
        const state = admission.state();
        if (state.refusal) return refuse(reply);
        return {
          status: 'ready' as const,
          requests: { active: state.active, waiting: state.waiting },
          queue_delay_ms: Math.round(state.queueDelayMs),
        };
      },
    );

    app.get('/health/metrics', { schema: { tags } }, async (_request, reply) =>
      reply.type(metrics.contentType).send(await metrics.metrics()),
    );

    app.get(
      '/health/logs',
      {
        onRequest: requireUser(ctx),
        schema: {
          tags,
          security: bearerSecurity,
          description: 'Recent log lines; for instance administrators (ADMIN_EMAILS) only.',
          querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
          response: { 200: ZHealthLogs },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const isAdmin = !!user.email && ctx.config.adminEmails.includes(user.email.toLowerCase());
        if (!isAdmin) throw forbidden('Only instance administrators may read the logs');
        return { lines: ctx.logs.recent(request.query.limit) };
      },
    );
  };
}
