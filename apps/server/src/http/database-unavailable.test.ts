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
  t = await createTestApp(
    {},
    {
      pool: { poolSize: 1, connectionWaitMs: 200 },
      // A change the database rolls back as it would one caught in a deadlock or a serialization
      // conflict: the error is the database's own, raised with that SQLSTATE.
      extend: (app) =>
        app.post<{ Params: { state: string } }>('/test/rolled-back/:state', async (request) => {
          const state = request.params.state.replace(/[^0-9A-Z]/g, '');
          await t.database.db.transaction(async (tx) => {
            await tx.execute(sql`UPDATE users SET name = 'changed' WHERE id = ${alex.user.id}`);
            await tx.execute(
              sql.raw(
                `DO $$ BEGIN RAISE EXCEPTION 'rolled back' USING ERRCODE = '${state}'; END $$`,
              ),
            );
          });
          return { changed: true };
        }),
    },
  );
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

describe('a change the database rolls back for another transaction', () => {
  it.each([
    ['40P01', 'a deadlock'],
    ['40001', 'a serialization conflict'],
    ['55P03', 'a lock not available'],
  ])('answers 503 with Retry-After for %s (%s), and nothing of it is kept', async (state) => {
    const response = await t.app.inject({ method: 'POST', url: `/test/rolled-back/${state}` });
    expectProblem(response, 503, 'service_unavailable');
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    const me = await t.app.inject({ url: '/api/v1/users/me', headers: alex.auth });
    expect(me.json()).toMatchObject({ name: alex.user.name });
  });

  it('still answers 500 for any other database error', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/test/rolled-back/XX000' });
    expectProblem(response, 500, 'internal_error');
  });
});
