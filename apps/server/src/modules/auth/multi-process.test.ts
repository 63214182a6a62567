import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { WS_CLOSE_UNAUTHENTICATED } from '@household/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { testConfig } from '../../../test/support/test-config';
import { openDatabase, type Database } from '../../db/client';
import { rateLimitCounters } from '../../db/schema';
import { countHit, databaseRateLimitStore } from '../../http/rate-limit-store';
import { createEventBus } from '../../realtime/create-event-bus';
import { createLocalEventBus } from '../../realtime/event-bus';
import { startServer, TestClient } from '../../../test/support/realtime';
import { createTestDatabase, isPostgres } from '../../../test/support/test-database';
import { expectProblem } from '../../../test/support/assertions';
import { bearer, buildUser, login, uniqueEmail } from '../../../test/support/factories';

const quietLogger = { info: () => {}, warn: () => {} };

interface Instance {
  app: App;
  database: Database;
  close(): Promise<void>;
}

/**
 * One server process on the shared database. `bus: 'local'` keeps its events to itself, as if the
 * listening connection were down: only the periodic reload can tell it of another's logout.
 */
async function startInstance(options: {
  url: string | null;
  jwtSecret: string;
  bus: 'database' | 'local';
  env?: Record<string, string>;
  sessionReloadMs?: number;
}): Promise<Instance> {
  const { config, dataDir } = testConfig(
    { LOG_LEVEL: 'warn', JWT_SECRET: options.jwtSecret, ...options.env },
    'household-mp-',
  );
  const database = await openDatabase({ databaseUrl: options.url, dataDir: null, poolSize: 4 });
  await database.migrate();
  const events =
    options.bus === 'database'
      ? await createEventBus({
          engine: database.engine,
          databaseUrl: options.url,
          db: database.db,
          logger: quietLogger,
        })
      : createLocalEventBus();
  const app = await buildApp({
    config,
    database,
    events,
    logToStdout: false,
    sessionReloadMs: options.sessionReloadMs,
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const me = (app: App, accessToken: string) =>
  app.inject({ url: '/api/v1/users/me', headers: bearer(accessToken) });
const logout = (app: App, accessToken: string) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/jwt/logout', headers: bearer(accessToken) });

/** Polls until `check` holds; fails after a generous deadline rather than asserting a duration. */
async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('one process (either engine)', () => {
  let drop: () => Promise<void>;
  let sharedUrl: string | null;
  let a: Instance;
  const after: Instance[] = [];

  beforeAll(async () => {
    const shared = await createTestDatabase();
    drop = shared.drop;
    sharedUrl = shared.url;
    a = await startInstance({
      url: shared.url,
      jwtSecret: randomBytes(32).toString('hex'),
      bus: 'database',
    });
  });
  afterAll(async () => {
    for (const instance of after) await instance.close();
    await a?.close();
    await drop?.();
  });

  it('a logout ends the access token at once, and leaves other sessions alone', async () => {
    const ann = await buildUser(a.app);
    const other = (await login(a.app, ann.email, ann.password)).json<{ access_token: string }>();
    expect((await me(a.app, ann.tokens.access_token)).statusCode).toBe(200);
    expect((await logout(a.app, ann.tokens.access_token)).statusCode).toBe(204);
    expectProblem(await me(a.app, ann.tokens.access_token), 401, 'unauthenticated');
    expect((await me(a.app, other.access_token)).statusCode).toBe(200);
  });

  it('a reused refresh token ends the session’s access token too', async () => {
    const ann = await buildUser(a.app);
    const refresh = (token: string) =>
      a.app.inject({
        method: 'POST',
        url: '/api/v1/auth/jwt/refresh',
        payload: { refresh_token: token },
      });
    const next = (await refresh(ann.tokens.refresh_token)).json<{ access_token: string }>();
    expect((await me(a.app, next.access_token)).statusCode).toBe(200);
    expect((await refresh(ann.tokens.refresh_token)).statusCode).toBe(401);
    expectProblem(await me(a.app, next.access_token), 401, 'unauthenticated');
  });

  it('the per-address limit holds (in memory on the embedded database, in a table on PostgreSQL)', async () => {
    const limited = await startInstance({
      url: sharedUrl,
      jwtSecret: randomBytes(32).toString('hex'),
      bus: 'local',
      env: { AUTH_RATE_LIMIT_PER_MINUTE: '4' },
    });
    after.push(limited);
    const from = () => login(limited.app, uniqueEmail('ghost'), 'whatever1', '192.0.2.40');
    for (let i = 0; i < 4; i += 1) expect((await from()).statusCode).not.toBe(429);
    expectProblem(await from(), 429, 'rate_limited');
    const counters = await limited.database.db.select().from(rateLimitCounters);
    if (isPostgres) expect(counters.length).toBeGreaterThan(0);
    else expect(counters).toEqual([]);
  });
});

describe.skipIf(!isPostgres)('several processes on one PostgreSQL database', () => {
  const jwtSecret = randomBytes(32).toString('hex');
  let url: string;
  let drop: () => Promise<void>;
  let a: Instance;
  let b: Instance;
  const extra: { close(): Promise<void> }[] = [];

  beforeAll(async () => {
    const shared = await createTestDatabase();
    url = shared.url!;
    drop = shared.drop;
    a = await startInstance({ url, jwtSecret, bus: 'database' });
    b = await startInstance({ url, jwtSecret, bus: 'database' });
  });
  afterAll(async () => {
    for (const instance of extra) await instance.close();
    await a?.close();
    await b?.close();
    await drop?.();
  });

  it('a logout on one process ends the access token on the other', async () => {
    const ann = await buildUser(a.app);
    expect((await me(b.app, ann.tokens.access_token)).statusCode).toBe(200);
    expect((await logout(a.app, ann.tokens.access_token)).statusCode).toBe(204);
    await eventually(
      async () => (await me(b.app, ann.tokens.access_token)).statusCode === 401,
      'the other process refuses the token',
    );
    expectProblem(await me(b.app, ann.tokens.access_token), 401, 'unauthenticated');
  });

  it('without the event, the periodic reload ends the session on the other process', async () => {
    const deaf = await startInstance({ url, jwtSecret, bus: 'local', sessionReloadMs: 100 });
    extra.push(deaf);
    const ann = await buildUser(a.app);
    expect((await me(deaf.app, ann.tokens.access_token)).statusCode).toBe(200);
    await logout(a.app, ann.tokens.access_token);
    await eventually(
      async () => (await me(deaf.app, ann.tokens.access_token)).statusCode === 401,
      'the reload finds the ended session',
    );
  });

  it('a process that starts later reads the sessions ended before it', async () => {
    const ann = await buildUser(a.app);
    await logout(a.app, ann.tokens.access_token);
    const late = await startInstance({ url, jwtSecret, bus: 'local', sessionReloadMs: 3_600_000 });
    extra.push(late);
    expectProblem(await me(late.app, ann.tokens.access_token), 401, 'unauthenticated');
    const bob = await buildUser(a.app);
    expect((await me(late.app, bob.tokens.access_token)).statusCode).toBe(200);
  });

  it('a password change closes the other sessions’ realtime connections on another process', async () => {
    const server = await startServer({ databaseUrl: url, jwtSecret });
    extra.push(server);
    const ann = await buildUser(a.app);
    const client = await TestClient.ready(server.wsUrl, ann.tokens.access_token);
    const second = (await login(a.app, ann.email, ann.password)).json<{ access_token: string }>();
    const changed = await a.app.inject({
      method: 'POST',
      url: '/api/v1/users/password',
      headers: bearer(second.access_token),
      payload: { current_password: ann.password, new_password: 'another long password 2' },
    });
    expect(changed.statusCode).toBe(204);
    expect(await client.closeCode(10_000)).toBe(WS_CLOSE_UNAUTHENTICATED);
  });

  it('a logout closes the session’s realtime connections on another process', async () => {
    const server = await startServer({ databaseUrl: url, jwtSecret });
    extra.push(server);
    const ann = await buildUser(a.app);
    const client = await TestClient.ready(server.wsUrl, ann.tokens.access_token);
    await logout(a.app, ann.tokens.access_token);
    expect(await client.closeCode(10_000)).toBe(WS_CLOSE_UNAUTHENTICATED);
  });

  it('the per-address limit is counted across processes', async () => {
    const env = { AUTH_RATE_LIMIT_PER_MINUTE: '4' };
    const one = await startInstance({ url, jwtSecret, bus: 'local', env });
    const two = await startInstance({ url, jwtSecret, bus: 'local', env });
    extra.push(one, two);
    const from = (instance: Instance) =>
      login(instance.app, uniqueEmail('ghost'), 'whatever1', '192.0.2.50');
    for (const instance of [one, two, one, two]) {
      expect((await from(instance)).statusCode).not.toBe(429);
    }
    expectProblem(await from(one), 429, 'rate_limited');
    expectProblem(await from(two), 429, 'rate_limited');
    // Another address has its own count.
    expect(
      (await login(two.app, uniqueEmail('ghost'), 'whatever1', '192.0.2.51')).statusCode,
    ).not.toBe(429);
  });

  it('restarts a counter whose window has passed', async () => {
    const first = await countHit(a.database.db, 'test:window', 60_000);
    const second = await countHit(b.database.db, 'test:window', 60_000);
    expect([first.current, second.current]).toEqual([1, 2]);
    expect(second.ttl).toBeGreaterThan(0);
    expect(second.ttl).toBeLessThanOrEqual(60_000);
    await countHit(a.database.db, 'test:short', 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await countHit(b.database.db, 'test:short', 60_000)).current).toBe(1);
  });

  it('lets requests through when the database cannot count (fail open)', async () => {
    const gone = await openDatabase({ databaseUrl: url, dataDir: null, poolSize: 1 });
    await gone.close();
    const warnings: unknown[] = [];
    const log = { warn: (data: unknown) => warnings.push(data) } as never;
    const Store = databaseRateLimitStore(gone.db, log);
    const store = new Store({}).child({ routeInfo: { method: 'POST', url: '/x' } } as never);
    const result = await new Promise<{ current: number; ttl: number } | undefined>(
      (resolve, reject) =>
        (store.incr as (...args: unknown[]) => void)(
          'key',
          (error: Error | null, value?: { current: number; ttl: number }) =>
            error ? reject(error) : resolve(value),
          60_000,
          1,
        ),
    );
    expect(result).toEqual({ current: 0, ttl: 60_000 });
    expect(warnings).toHaveLength(1);
  });
});
