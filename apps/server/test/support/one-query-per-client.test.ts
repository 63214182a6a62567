import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client';
import { PG_BUSY_CLIENT_WARNING } from './one-query-per-client';
import { createTestDatabase, isPostgres, type TestDatabase } from './test-database';

// The guard is the PostgreSQL suite's set-up (vitest.config.ts); PGlite has no pg client to watch.
describe.skipIf(!isPostgres)('one query at a time on a PostgreSQL client', () => {
  let fresh: TestDatabase;
  let database: Database;
  beforeAll(async () => {
    fresh = await createTestDatabase();
    database = await openDatabase({ databaseUrl: fresh.url, dataDir: null, poolSize: 4 });
  });
  afterAll(async () => {
    await database.close();
    await fresh.drop();
  });

  const slowQuery = sql`select pg_sleep(0.05), 1 as answer`;
  const quickQuery = sql`select 2 as answer`;
  // Both drivers answer `rows`; the shared Db type does not say so.
  const answerOf = (result: unknown) => (result as { rows: { answer: number }[] }).rows[0]?.answer;

  it('refuses the second of two queries sent at once on one transaction', async () => {
    const outcomes = await database.db.transaction(async (tx) =>
      // allSettled, not all: the first query must be answered before the transaction commits.
      Promise.allSettled([tx.execute(slowQuery), tx.execute(quickQuery)]),
    );
    expect(outcomes[0].status).toBe('fulfilled');
    expect(outcomes[1]).toMatchObject({
      status: 'rejected',
      reason: { cause: { name: 'ConcurrentQueryError' } },
    });
  });

  it('runs the same queries on one transaction one after the other', async () => {
    const answers = await database.db.transaction(async (tx) => {
      const slow = await tx.execute(slowQuery);
      const quick = await tx.execute(quickQuery);
      return [answerOf(slow), answerOf(quick)];
    });
    expect(answers).toEqual([1, 2]);
  });

  it('runs them at once on the pool, where each query has a client of its own', async () => {
    const [slow, quick] = await Promise.all([
      database.db.execute(slowQuery),
      database.db.execute(quickQuery),
    ]);
    expect([answerOf(slow), answerOf(quick)]).toEqual([1, 2]);
  });

  it("turns pg's own deprecation of a query sent to a busy client into an error", () => {
    const pgMessage = `${PG_BUSY_CLIENT_WARNING} a query is deprecated and will be removed in pg@9.0.`;
    expect(() => process.emitWarning(pgMessage, 'DeprecationWarning')).toThrow(
      expect.objectContaining({ name: 'ConcurrentQueryError' }),
    );
  });
});
