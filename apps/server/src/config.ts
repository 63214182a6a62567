import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const commaList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  );

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((value) => value === 'true' || value === '1');

/**
 * Every environment variable the server reads, with its default. The README's configuration table
 * mirrors this schema; keep them in step.
 */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(5)
    .default(15 * 60),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  PUBLIC_APP_URL: z.string().url().optional(),
  PUBLIC_API_URL: z.string().default(''),
  CORS_ORIGINS: commaList,
  ADMIN_EMAILS: commaList,
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Household <no-reply@localhost>'),
  MAIL_RETRY_DELAYS_MS: z
    .string()
    .default('1000,5000,25000')
    .transform((value, context) => {
      const delays = value
        .split(',')
        .filter((entry) => entry.trim() !== '')
        .map(Number);
      if (delays.some((delay) => !Number.isInteger(delay) || delay < 0)) {
        context.addIssue({ code: 'custom', message: 'milliseconds, comma-separated' });
      }
      return delays;
    }),
  SENTRY_DSN: z.string().optional(),
  SENTRY_ENVIRONMENT: z.string().default('production'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().default('false'),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  JOIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  MAIL_REQUESTS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  LOGIN_FAILURES_PER_SOURCE: z.coerce.number().int().min(1).default(5),
  LOGIN_DELAY_MAX_MINUTES: z.coerce.number().int().min(1).default(15),
  MAX_CONCURRENT_REQUESTS: z.coerce.number().int().min(1).default(32),
  MAX_ACTIVE_REQUESTS: z.coerce.number().int().min(1).optional(),
  QUEUE_DELAY_TARGET_MS: z.coerce.number().int().min(1).default(100),
  QUEUE_DELAY_INTERVAL_MS: z.coerce.number().int().min(1).default(1000),
  OCR_WORKERS: z.coerce.number().int().min(1).max(8).default(1),
  OCR_QUEUE_MAX: z.coerce.number().int().min(1).max(1000).default(20),
  OCR_RETENTION_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  OCR_WORKER_IDLE_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
  WEB_DIST_DIR: z.string().optional(),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  PUSH_ALLOW_LOCAL_HTTP: flag,
  GIT_COMMIT: z.string().optional(),
  BACKUPS_TO_KEEP: z.coerce.number().int().min(1).default(3),
  BACKUP_BEFORE_MIGRATE: z
    .enum(['', 'none', 'pg_dump'])
    .default('none')
    .transform((value) => (value === 'pg_dump' ? value : null)),
});

export type Config = ReturnType<typeof loadConfig>;

/**
 * The proxies whose X-Forwarded-For is believed, for Fastify's `trustProxy`: a comma-separated
 * list of addresses and CIDR networks. `true` (or `1`) means the loopback and private networks
 * only, where a reverse proxy on the same host or network sits; never every client, since anyone
 * can send the header. `false`, `0` or empty: none, the connection's address is the client's.
 */
export const PRIVATE_NETWORKS = [
  '127.0.0.0/8',
  '::1/128',
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  'fc00::/7',
] as const;

function trustedProxies(value: string): string[] {
  const trimmed = value.trim().toLowerCase();
  if (trimmed === 'true' || trimmed === '1') return [...PRIVATE_NETWORKS];
  if (trimmed === 'false' || trimmed === '0' || trimmed === '') return [];
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const invalid = entries.filter((entry) => {
    const [address = '', prefix] = entry.split('/');
    return isIP(address) === 0 || (prefix !== undefined && !/^\d{1,3}$/.test(prefix));
  });
  if (invalid.length > 0) {
    throw new Error(
      `Invalid configuration:\n  TRUST_PROXY: not addresses or networks: ${invalid.join(', ')}`,
    );
  }
  return entries;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    jwtSecret: e.JWT_SECRET ?? null,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    publicAppUrl: (e.PUBLIC_APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    publicApiUrl: e.PUBLIC_API_URL.replace(/\/$/, ''),
    corsOrigins: e.CORS_ORIGINS,
    adminEmails: e.ADMIN_EMAILS.map((email) => email.toLowerCase()),
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    /** Waits between tries of a mail sent after an answer (lib/mailer.ts sendWithRetries). */
    mailRetryDelaysMs: e.MAIL_RETRY_DELAYS_MS,
    sentryDsn: e.SENTRY_DSN ?? null,
    sentryEnvironment: e.SENTRY_ENVIRONMENT,
    logLevel: e.LOG_LEVEL,
    trustProxy: trustedProxies(e.TRUST_PROXY),
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    joinRateLimitPerMinute: e.JOIN_RATE_LIMIT_PER_MINUTE,
    /** Reset and verification mails one client address may ask for an hour, across accounts. */
    mailRequestsPerAddressPerHour: e.MAIL_REQUESTS_PER_ADDRESS_PER_HOUR,
    /** docs/decisions.md "Failed logins": free failures per scope, then a doubling wait. */
    loginThrottle: {
      perAccount: e.LOGIN_FAILURES_PER_ACCOUNT,
      perSource: e.LOGIN_FAILURES_PER_SOURCE,
      maxDelayMinutes: e.LOGIN_DELAY_MAX_MINUTES,
    },
    ocr: {
      /** Recognition workers (each a thread with its own memory); created on first use. */
      workers: e.OCR_WORKERS,
      /** Photos waiting beyond those being read; more answer 429. */
      queueMax: e.OCR_QUEUE_MAX,
      /** Days an uploaded photo is kept after upload; 0 deletes it once read. */
      retentionDays: e.OCR_RETENTION_DAYS,
      /** The photo process idle this long is ended, returning all its memory (docs/ocr.md). */
      workerIdleSeconds: e.OCR_WORKER_IDLE_SECONDS,
    },
    /** Load shedding (http/admission.ts, docs/decisions.md "Load and faults"). */
    loadLimits: {
      maxInFlight: e.MAX_CONCURRENT_REQUESTS,
      maxActive: e.MAX_ACTIVE_REQUESTS ?? (e.DATABASE_URL ? 10 : 4),
      queueDelayTargetMs: e.QUEUE_DELAY_TARGET_MS,
      intervalMs: e.QUEUE_DELAY_INTERVAL_MS,
    },
    push: {
      vapidPublicKey: e.VAPID_PUBLIC_KEY ?? null,
      vapidPrivateKey: e.VAPID_PRIVATE_KEY ?? null,
      /** http push endpoints on 127.0.0.1/localhost: for tests, which run a local push service. */
      allowLocalHttp: e.PUSH_ALLOW_LOCAL_HTTP || e.NODE_ENV === 'test',
    },
    webDistDir: e.WEB_DIST_DIR
      ? path.resolve(e.WEB_DIST_DIR)
      : path.resolve(import.meta.dirname, '../../web/dist'),
    gitCommit: e.GIT_COMMIT ?? null,
    /** Copies taken before an upgrade migrates (db/upgrade.ts, README "Upgrading"). */
    backups: {
      /** Copies kept in DATA_DIR/backups: the embedded database's folders, PostgreSQL dumps. */
      keep: e.BACKUPS_TO_KEEP,
      /** On PostgreSQL, 'pg_dump' dumps the database before migrating; null only warns. */
      beforeMigrate: e.BACKUP_BEFORE_MIGRATE,
    },
  };
}
