import { createSecretKey, randomUUID } from 'node:crypto';
import path from 'node:path';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_PREFIX, AVATAR_MAX_BYTES, JSON_BODY_LIMIT_BYTES } from '@household/contracts';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import {
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Registry } from 'prom-client';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db/client';
import type { Admission } from './http/admission';
import { registerCompression } from './http/compression';
import { trackInFlight } from './http/in-flight';
import { registerMetrics } from './http/metrics';
import {
  answerClientError,
  codeForStatus,
  AppError,
  problem,
  registerProblemHandlers,
  sendProblem,
} from './http/problem';
import { databaseRateLimitStore } from './http/rate-limit-store';
import { registerSecurity } from './http/security';
import { registerResponseSerializer } from './http/serializer';
import { registerWebApp } from './http/web';
import { createAfterAnswer } from './lib/after-answer';
import { createLogger, LogBuffer } from './lib/logger';
import { createMailer, type Mailer } from './lib/mailer';
import { loadJwtSecret } from './lib/secrets';
import { authRoutes } from './modules/auth/auth.routes';
import { pruneHousekeeping } from './modules/auth/housekeeping';
import {
  createSessionRevocations,
  DEFAULT_REVOCATION_RELOAD_MS,
} from './modules/auth/session-revocations';
import { healthRoutes } from './modules/health/health.routes';
import { groupsRoutes } from './modules/groups/groups.routes';
import { invitesRoutes } from './modules/invites/invites.routes';
import { createLocalEventBus, type EventBus } from './realtime/event-bus';
import { realtimeRoutes, type RealtimeOptions } from './modules/realtime/realtime.routes';
import { categoriesRoutes } from './modules/categories/categories.routes';
import { costsRoutes } from './modules/costs/costs.routes';
import { recurringBillsJob } from './modules/expenses/bill-occurrences';
import { expensesRoutes } from './modules/expenses/expenses.routes';
import { ocrRoutes } from './modules/ocr/ocr.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { notifySignInAttempts } from './modules/notifications/fan-out';
import { createNotifications, type Notifications } from './modules/notifications/notifier';
import { JOB_LOCKS } from './modules/notifications/scheduled';
import { choresRoutes } from './modules/chores/chores.routes';
import { itemsRoutes } from './modules/items/items.routes';
import { listsRoutes } from './modules/lists/lists.routes';
import { shedExcessLoad } from './http/load-shedding';
import { registerIdempotency, withIdempotentTransactions } from './http/idempotency';
import { usersRoutes } from './modules/users/users.routes';
import { APP_VERSION } from './version';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Tests keep logs in memory, the error lines on stderr too. */
  logToStdout?: boolean;
  mailer?: Mailer;
  /** Defaults to an in-process bus; the PostgreSQL bus reaches every server process. */
  events?: EventBus;
  /** WebSocket timings; tests shorten them. */
  realtime?: RealtimeOptions;
  /** How often each process re-reads ended sessions on PostgreSQL; tests shorten it. */
  sessionReloadMs?: number;
  /** The scheduler's clock (lib/scheduler.ts); tests run a tick at a chosen time instead. */
  clock?: () => Date;
  /** Run scheduled jobs every minute (default); tests tick by hand. */
  runScheduler?: boolean;
  /** The clock load shedding reads (ms, monotonic); tests drive it. */
  loadClock?: () => number;
}

const REQUEST_ID = /^[\w-]{1,64}$/;

/** Builds the whole HTTP application without listening (tests call `app.inject`). */
export async function buildApp(options: BuildAppOptions) {
  const { config, database } = options;
  const logs = new LogBuffer();
  const toStdout = options.logToStdout ?? true;
  const logger = createLogger({
    level: config.logLevel,
    toStdout,
    buffer: logs,
    // A test's app logs to its buffer alone: an unexpected 5xx still shows its cause.
    errorsTo: toStdout ? undefined : process.stderr,
  });

  const app = createHttpApp(config, logger);
  const ctx = await createAppContext(options, { logs, logger });
  app.decorate('afterAnswer', ctx.afterAnswer);
  const notifications = wireNotifications(app, ctx, { clock: options.clock, logger });
  const { admission, metrics } = await registerHttpPlugins(app, {
    config,
    database,
    loadClock: options.loadClock,
  });
  await registerApi(app, { ctx, notifications, metrics, admission, realtime: options.realtime });
  await registerWebApp(app, config);
  registerLifecycle(app, { ctx, notifications, runScheduler: options.runScheduler ?? true });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

type AppLogger = ReturnType<typeof createLogger>;
type HttpApp = ReturnType<typeof createHttpApp>;

/** The Fastify instance: request ids, framework errors as problem+json, the accepted bodies. */
function createHttpApp(config: Config, logger: AppLogger) {
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // Keep a caller's request id (from a proxy) when it is sane, else make one.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    // Shutdown closes idle keep-alive sockets at once and lets in-flight requests finish.
    forceCloseConnections: 'idle',
    // A malformed URL or an overlong path parameter is bad input too: problem+json, not Fastify's own.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      sendProblem(reply, problem(status, codeForStatus(status), { detail: error.message }));
    },
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  // The API reads JSON, forms (login) and multipart (avatar). Fastify would also parse text/plain and
  // hand a route a bare string, a type browsers send cross-origin without a preflight: refuse it.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  registerResponseSerializer(app, config);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  return app;
}

/** The context every module receives: the event bus, ended sessions, mailer and token key. */
async function createAppContext(
  options: BuildAppOptions,
  { logs, logger }: { logs: LogBuffer; logger: AppLogger },
): Promise<AppContext> {
  const { config, database } = options;
  const events = options.events ?? createLocalEventBus();
  const sessions = await createSessionRevocations({
    db: database.db,
    events,
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    // On the embedded database this process is the only one: its own logouts are all there is.
    reloadIntervalMs:
      database.engine === 'postgres'
        ? (options.sessionReloadMs ?? DEFAULT_REVOCATION_RELOAD_MS)
        : null,
    logger,
  });
  return {
    config,
    database,
    // Writes sent with an Idempotency-Key mark their claim in the change's own transaction.
    db: withIdempotentTransactions(database.db),
    logs,
    mailer:
      options.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: path.join(config.dataDir, 'outbox'),
        logger,
      }),
    jwtKey: createSecretKey(loadJwtSecret(config.jwtSecret, config.dataDir)),
    startedAt: new Date(),
    clock: options.clock ?? (() => new Date()),
    afterAnswer: createAfterAnswer(logger),
    events,
    sessions,
  };
}

/**
 * Services publish through the notifications' bus: after each change, its notifications go out.
 * The scheduler also runs housekeeping, once across processes.
 */
function wireNotifications(
  app: HttpApp,
  ctx: AppContext,
  { clock, logger }: { clock?: () => Date; logger: AppLogger },
): Notifications {
  const notifications = createNotifications({
    db: ctx.database.db,
    config: ctx.config,
    mailer: ctx.mailer,
    jwtKey: ctx.jwtKey,
    events: ctx.events,
    clock,
    log: logger,
    jobs: [
      // Recurring bills come due on dates: each minute, whatever a group's time zone.
      recurringBillsJob(ctx, { log: logger }),
      {
        name: 'housekeeping',
        lockKey: JOB_LOCKS.housekeeping,
        everyMs: 60 * 60 * 1000,
        run: (tx) => pruneHousekeeping(tx),
      },
    ],
  });
  ctx.events = notifications.events;
  ctx.flushNotifications = () => notifications.flush();
  ctx.noticeSignInAttempts = async (userId, failures) => {
    await ctx.database.db.transaction((tx) => notifySignInAttempts(tx, userId, failures));
    await notifications.flush();
  };
  app.decorate('notifications', notifications);
  return notifications;
}

/**
 * The cross-cutting plugins, before any route: load shedding, in-flight tracking, problem+json,
 * security headers and CORS, rate limits, multipart, the API documentation, metrics.
 */
async function registerHttpPlugins(
  app: HttpApp,
  { config, database, loadClock }: { config: Config; database: Database; loadClock?: () => number },
) {
  const admission = shedExcessLoad(app, config.loadLimits, loadClock);
  trackInFlight(app);
  registerProblemHandlers(app);
  await registerSecurity(app, config);
  await app.register(rateLimit, {
    global: false,
    // Several processes may share PostgreSQL: they count together there (docs/multi-process.md).
    store:
      database.engine === 'postgres' ? databaseRateLimitStore(database.db, app.log) : undefined,
    // The plugin throws what this returns: an AppError keeps its detail through the error
    // handler, where a plain problem object lost it (its `message` was undefined).
    errorResponseBuilder: (_request, context) =>
      new AppError(429, 'rate_limited', `Too many requests; retry in ${context.after}`),
  });
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });
  await registerApiDocs(app);
  const metrics = registerMetrics(app);
  return { admission, metrics };
}

/** The OpenAPI document, generated from the routes' zod schemas, and its viewer at /api/docs. */
async function registerApiDocs(app: HttpApp): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Household API',
        version: APP_VERSION,
        description: 'Shopping lists, groups, chores and shared expenses.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

/** Every module's routes under /api/v1, in this order (the OpenAPI document follows it). */
async function registerApi(
  app: HttpApp,
  {
    ctx,
    notifications,
    metrics,
    admission,
    realtime,
  }: {
    ctx: AppContext;
    notifications: Notifications;
    metrics: Registry;
    admission: Admission;
    realtime?: RealtimeOptions;
  },
): Promise<void> {
  await app.register(
    async (api) => {
      await registerCompression(api);
      registerIdempotency(api, ctx.db);
      await api.register(healthRoutes(ctx, { metrics, admission }));
      await api.register(authRoutes(ctx));
      await api.register(usersRoutes(ctx));
      await api.register(groupsRoutes(ctx));
      await api.register(invitesRoutes(ctx));
      await api.register(listsRoutes(ctx));
      await api.register(itemsRoutes(ctx));
      await api.register(categoriesRoutes(ctx));
      await api.register(costsRoutes(ctx));
      await api.register(expensesRoutes(ctx));
      await api.register(choresRoutes(ctx));
      await api.register(ocrRoutes(ctx));
      await api.register(notificationsRoutes(ctx, notifications));
      await api.register(realtimeRoutes(ctx, realtime));
      api.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
    },
    { prefix: API_PREFIX },
  );
}

/** Starts the scheduler when the app is ready; stops it, the session watch and the bus on close. */
function registerLifecycle(
  app: HttpApp,
  {
    ctx,
    notifications,
    runScheduler,
  }: { ctx: AppContext; notifications: Notifications; runScheduler: boolean },
): void {
  // Reminders, digests and pruning: once a minute, once across all processes (lib/scheduler.ts).
  if (runScheduler) app.addHook('onReady', async () => notifications.start());
  app.addHook('onClose', async () => {
    await ctx.afterAnswer.idle();
    await notifications.close();
    ctx.sessions.close();
    await ctx.events.close();
  });
}
