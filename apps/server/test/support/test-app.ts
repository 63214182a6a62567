import fs from 'node:fs';
import path from 'node:path';
import { buildApp, type App } from '../../src/app';
import type { Config } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/client';
import { createLocalEventBus, type EventBus } from '../../src/realtime/event-bus';
import { createTestDatabase } from './test-database';
import { testConfig } from './test-config';

export interface TestApp {
  app: App;
  config: Config;
  database: Database;
  /** Realtime events the app publishes; tests may subscribe. */
  events: EventBus;
  /** Mails the app wrote to its outbox (no SMTP in tests), oldest first. */
  outbox(): { to: string; subject: string; text: string }[];
  close(): Promise<void>;
}

/**
 * One real database per test file: an in-memory PGlite, or, when the suite runs on PostgreSQL
 * (TEST_DB_ENGINE=postgres), a fresh database on the TEST_DATABASE_URL server, dropped afterwards.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    /** Adds test-only routes before the app is ready. */
    extend?: (app: App) => void;
    /** PostgreSQL's connection pool, when a test needs it small. */
    pool?: { poolSize?: number; connectionWaitMs?: number };
    /** The clock load shedding reads, when a test drives it. */
    loadClock?: () => number;
    /** "Now" for the scheduler and the services that read the date; tests set the time. */
    clock?: () => Date;
    /**
     * Whether the scheduled jobs (reminders, digests, bills) run every minute as in production
     * (the default); off where a test's reads must not change with the time of day.
     */
    runScheduler?: boolean;
  } = {},
): Promise<TestApp> {
  const { config, dataDir } = testConfig(env);
  const { database, dropDatabase } = await openTestDatabase(options.pool ?? {});
  await database.migrate();
  const events = createLocalEventBus();
  const app = await buildApp({
    config,
    database,
    events,
    logToStdout: false,
    loadClock: options.loadClock,
    clock: options.clock,
    runScheduler: options.runScheduler,
  });
  options.extend?.(app);
  await app.ready();
  settleAfterEachInject(app);
  return {
    app,
    config,
    database,
    events,
    outbox: () => readOutbox(path.join(dataDir, 'outbox')),
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function openTestDatabase(pool: { poolSize?: number; connectionWaitMs?: number }): Promise<{
  database: Database;
  dropDatabase: () => Promise<void>;
}> {
  const fresh = await createTestDatabase();
  const database = await openDatabase(
    fresh.url
      ? { databaseUrl: fresh.url, dataDir: null, poolSize: 4, ...pool }
      : { databaseUrl: null, dataDir: null },
  );
  return { database, dropDatabase: fresh.drop };
}

/**
 * Mails and notices some routes send after answering (lib/after-answer.ts) are done by the time
 * an injected request resolves, so a test reads the outbox right after it, as before.
 */
export function settleAfterEachInject(app: App): void {
  const inject = app.inject.bind(app) as (...args: unknown[]) => unknown;
  const settled = async (...args: unknown[]) => {
    const response = await inject(...args);
    await app.afterAnswer.idle();
    return response;
  };
  Object.assign(app, {
    inject: (...args: unknown[]) => (args.length === 0 ? inject() : settled(...args)),
  });
}

function readOutbox(dir: string) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((file) => {
      const raw = fs.readFileSync(path.join(dir, file), 'utf8');
      const [head = '', ...body] = raw.split('\n\n');
      const header = (name: string) => head.match(new RegExp(`^${name}: (.*)$`, 'm'))?.[1] ?? '';
      return { to: header('To'), subject: header('Subject'), text: body.join('\n\n') };
    });
}
