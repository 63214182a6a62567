import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';

export interface ScheduledJob {
  name: string;
  /**
   * A PostgreSQL advisory lock key, unique per job. The job runs in a transaction that holds it
   * (`pg_try_advisory_xact_lock`): a process that cannot take it skips the turn, so however many
   * processes share the database, one runs the job at a time.
   */
  lockKey: number;
  /** Runs at most this often in this process (every tick when 0). */
  everyMs: number;
  /**
   * The work, in the locked transaction. What must wait for the commit (sending mail, say) is
   * returned as a function and run after it.
   */
  run(tx: Tx, now: Date): Promise<void | (() => Promise<void>)>;
}

export interface Scheduler {
  /** Runs every due job once, as at `now`; tests call this for "the 08:00 tick". */
  tick(now?: Date): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

export const TICK_MS = 60_000;
const FIRST_TICK_DELAY_MS = 10_000;

/**
 * Jobs that must run once across all server processes on one database (reminders, digests,
 * pruning), every minute. Each job also keeps its own record of what it has done (unique keys), so
 * even two runs that overlap (a lock taken after the other's commit) never repeat the work.
 */
export function createScheduler(options: {
  db: Db;
  jobs: ScheduledJob[];
  clock?: () => Date;
  onError: (job: string, error: unknown) => void;
  /** Called after every tick, with the tick's time: e.g. to deliver what the jobs recorded. */
  afterTick?: (now: Date) => Promise<void>;
}): Scheduler {
  const clock = options.clock ?? (() => new Date());
  const lastRun = new Map<string, number>();
  let timer: NodeJS.Timeout | null = null;
  let firstTimer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  async function runJob(job: ScheduledJob, now: Date): Promise<void> {
    const after = await options.db.transaction(async (tx) => {
      const result = (await tx.execute(
        sql`select pg_try_advisory_xact_lock(${job.lockKey}::bigint) as locked`,
      )) as unknown as { rows: { locked: boolean }[] };
      const locked = result.rows[0]?.locked === true;
      if (!locked) return undefined;
      return job.run(tx, now);
    });
    if (after) await after();
  }

  async function tick(now = clock()): Promise<void> {
    for (const job of options.jobs) {
      const last = lastRun.get(job.name);
      if (job.everyMs > 0 && last !== undefined && now.getTime() - last < job.everyMs) continue;
      lastRun.set(job.name, now.getTime());
      try {
        await runJob(job, now);
      } catch (error) {
        options.onError(job.name, error);
      }
    }
    if (options.afterTick) {
      try {
        await options.afterTick(now);
      } catch (error) {
        options.onError('after-tick', error);
      }
    }
  }

  /** One tick at a time in this process: a slow one makes the next timer turn wait, not overlap. */
  function serialTick(now?: Date): Promise<void> {
    const previous = running ?? Promise.resolve();
    const next = previous.then(() => tick(now));
    running = next.finally(() => {
      if (running === next) running = null;
    });
    return next;
  }

  return {
    tick: serialTick,
    start() {
      if (timer || firstTimer) return;
      // Not at once: start-up (migrations, the first requests) has the database to itself.
      firstTimer = setTimeout(() => {
        firstTimer = null;
        void serialTick();
        timer = setInterval(() => void serialTick(), TICK_MS);
        timer.unref();
      }, FIRST_TICK_DELAY_MS);
      firstTimer.unref();
    },
    async stop() {
      if (firstTimer) clearTimeout(firstTimer);
      if (timer) clearInterval(timer);
      firstTimer = null;
      timer = null;
      await running?.catch(() => {});
    },
  };
}
