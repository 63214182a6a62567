import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { isPostgres } from '../../test/support/test-database';
import { createScheduler, type ScheduledJob } from './scheduler';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

function job(name: string, lockKey: number, run: ScheduledJob['run'], everyMs = 0): ScheduledJob {
  return { name, lockKey, everyMs, run };
}

describe('the scheduler', () => {
  it('runs each job at each tick, hourly ones once an hour, and survives a failing job', async () => {
    const ran: string[] = [];
    const errors: string[] = [];
    const scheduler = createScheduler({
      db: testApp.database.db,
      jobs: [
        job('failing', 9_000_001, async () => {
          throw new Error('boom');
        }),
        job('minutely', 9_000_002, async (_tx, now) => {
          ran.push(`minutely ${now.toISOString()}`);
        }),
        job(
          'hourly',
          9_000_003,
          async (_tx, now) => {
            ran.push(`hourly ${now.toISOString()}`);
          },
          60 * 60 * 1000,
        ),
      ],
      onError: (name) => errors.push(name),
    });
    await scheduler.tick(new Date('2030-01-01T08:00:00Z'));
    await scheduler.tick(new Date('2030-01-01T08:01:00Z'));
    await scheduler.tick(new Date('2030-01-01T09:00:00Z'));
    expect(ran).toEqual([
      'minutely 2030-01-01T08:00:00.000Z',
      'hourly 2030-01-01T08:00:00.000Z',
      'minutely 2030-01-01T08:01:00.000Z',
      'minutely 2030-01-01T09:00:00.000Z',
      'hourly 2030-01-01T09:00:00.000Z',
    ]);
    expect(errors).toEqual(['failing', 'failing', 'failing']);
  });

  it('runs what a job hands back only after its transaction committed', async () => {
    await testApp.database.db.execute(sql`create table if not exists scheduler_probe (n int)`);
    let seenAfter: number | null = null;
    const scheduler = createScheduler({
      db: testApp.database.db,
      jobs: [
        job('probe', 9_000_004, async (tx) => {
          await tx.execute(sql`insert into scheduler_probe values (1)`);
          return async () => {
            const result = (await testApp.database.db.execute(
              sql`select count(*)::int as n from scheduler_probe`,
            )) as unknown as { rows: { n: number }[] };
            seenAfter = result.rows[0]!.n;
          };
        }),
      ],
      onError: (name, error) => {
        throw new Error(`${name}: ${String(error)}`);
      },
    });
    await scheduler.tick(new Date());
    expect(seenAfter).toBe(1);
  });

  it.runIf(isPostgres)('skips a job while another process holds its lock', async () => {
    let runs = 0;
    const scheduler = createScheduler({
      db: testApp.database.db,
      jobs: [job('locked', 9_000_005, async () => void (runs += 1))],
      onError: () => {},
    });
    // Another process, in the middle of the same job: a transaction on another connection.
    await testApp.database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(9000005)`);
      await scheduler.tick(new Date());
      expect(runs).toBe(0);
    });
    await scheduler.tick(new Date());
    expect(runs).toBe(1);
  });
});
