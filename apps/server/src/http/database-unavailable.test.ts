import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../../test/support/assertions';
import { buildUser, type TestUser } from '../../test/support/factories';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { isPostgres } from '../../test/support/test-database';

let t: TestApp;
let alex: TestUser;

beforeAll(async () => {
  // One pooled connection, and a short wait for it, so that the test can hold it.
  t = await createTestApp({}, { pool: { poolSize: 1, connectionWaitMs: 200 } });
  alex = await buildUser(t.app);
});
afterAll(() => t.close());

// PostgreSQL only: the embedded engine has no connection pool to wait for.
describe.skipIf(!isPostgres)('a request that cannot get a database connection in time', () => {
  it('answers 503 with Retry-After, not 500, and is served again once a connection is free', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding: () => void = () => {};
    const isHolding = new Promise<void>((resolve) => (holding = resolve));
    const transaction = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      holding();
      await held;
    });
    await isHolding;

    const busy = await t.app.inject({ url: '/api/v1/users/me', headers: alex.auth });
    expectProblem(busy, 503, 'service_unavailable');
    expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);

    release();
    await transaction;
    const served = await t.app.inject({ url: '/api/v1/users/me', headers: alex.auth });
    expect(served.statusCode, served.body).toBe(200);
  });
});
