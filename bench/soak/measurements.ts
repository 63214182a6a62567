/**
 * What the soak measures besides requests and events: each process's RSS, the connections to the
 * bench database, and the CPU used by the servers, the database, the load generator and the rest.
 */
import pg from 'pg';
import { cpuSnapshot, cpuUsed, round, type CpuSnapshot } from '../lib/cpu';
import { PG_ADMIN_URL } from '../lib/postgres';
import { rssMiB, sleep } from '../lib/server';

export interface ProcessMemory {
  process: number;
  afterBootMiB: number | null;
  loadStartMiB: number | null;
  loadEndMiB: number | null;
  afterPauseMiB: number | null;
  maxMiB: number | null;
  /** After the pause against the start of the load, in %; null for a killed process. */
  pauseVsLoadStartPercent: number | null;
}

export interface ConnectionSample {
  second: number;
  total: number;
  listening: number;
  active: number;
  idleInTransaction: number;
}

export const readRss = (pids: number[]) => pids.map((pid) => rssMiB(pid));

/** Raises `peaks` (one per process) to each process's RSS, every second, until cleared. */
export function trackPeakRss(pids: number[], peaks: (number | null)[]): NodeJS.Timeout {
  return setInterval(() => {
    pids.forEach((pid, i) => {
      const rss = rssMiB(pid);
      if (rss !== null) peaks[i] = Math.max(peaks[i] ?? 0, rss);
    });
  }, 1000);
}

/** Each process's RSS readings; a killed process has none after it died. */
export function processMemory(
  rss: Record<'afterBoot' | 'loadStart' | 'loadEnd' | 'afterPause' | 'max', (number | null)[]>,
  processCount: number,
  killed: (process: number) => boolean,
): ProcessMemory[] {
  return Array.from({ length: processCount }, (_, i) => {
    const start = rss.loadStart[i] ?? null;
    const paused = killed(i) ? null : (rss.afterPause[i] ?? null);
    return {
      process: i + 1,
      afterBootMiB: rss.afterBoot[i] ?? null,
      loadStartMiB: start,
      loadEndMiB: killed(i) ? null : (rss.loadEnd[i] ?? null),
      afterPauseMiB: paused,
      maxMiB: rss.max[i] ?? null,
      pauseVsLoadStartPercent:
        start === null || paused === null ? null : round(((paused - start) / start) * 100, 1),
    };
  });
}

/** Connections to the bench database, every second, through one connection to another database. */
export class ConnectionSampler {
  readonly samples: ConnectionSample[] = [];
  private readonly client = new pg.Client({ connectionString: PG_ADMIN_URL });
  private timer: NodeJS.Timeout | null = null;
  private busy = false;

  constructor(
    private readonly database: string,
    private readonly origin: number,
  ) {}

  async start(): Promise<void> {
    await this.client.connect();
    await this.sample();
    this.timer = setInterval(() => void this.sample(), 1000);
  }

  async sample(): Promise<ConnectionSample | null> {
    if (this.busy) return null;
    this.busy = true;
    try {
      const { rows } = await this.client.query<{
        total: string;
        listening: string;
        active: string;
        idle_in_transaction: string;
      }>(
        `SELECT count(*) AS total,
                count(*) FILTER (WHERE application_name = 'household-realtime') AS listening,
                count(*) FILTER (WHERE state = 'active') AS active,
                count(*) FILTER (WHERE state LIKE 'idle in transaction%') AS idle_in_transaction
           FROM pg_stat_activity WHERE datname = $1`,
        [this.database],
      );
      const row = rows[0]!;
      const sample = {
        second: round((performance.now() - this.origin) / 1000, 1),
        total: Number(row.total),
        listening: Number(row.listening),
        active: Number(row.active),
        idleInTransaction: Number(row.idle_in_transaction),
      };
      this.samples.push(sample);
      return sample;
    } finally {
      this.busy = false;
    }
  }

  /** One reading now (waiting for a sample in progress to finish first). */
  async now(): Promise<number> {
    while (this.busy) await sleep(10);
    return (await this.sample())!.total;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    while (this.busy) await sleep(10);
    await this.client.end();
  }

  /** The samples' figures; seconds count from the start of the load. */
  figures({
    killSecond,
    loadSeconds,
    atLoadEnd,
    afterPause,
  }: {
    killSecond: number | null;
    loadSeconds: number;
    atLoadEnd: number;
    afterPause: number;
  }) {
    const totals = (from: number, to: number) =>
      this.samples
        .filter((sample) => sample.second >= from && sample.second < to)
        .map((sample) => sample.total);
    return {
      atLoadStart: this.samples[0]!.total,
      maxBeforeKill: Math.max(...totals(0, killSecond ?? loadSeconds)),
      // From two seconds after the kill: the dead process's backends need a moment to go.
      maxAfterKill: killSecond === null ? null : Math.max(...totals(killSecond + 2, loadSeconds)),
      atLoadEnd,
      afterPause,
      samples: this.samples,
    };
  }
}

/**
 * The CPU used during the load, in stretches: on PostgreSQL one before the kill and one that starts
 * once the dead process's backends are gone, so that neither counts a process that is not there.
 */
export class CpuStretches {
  private readonly stretches: { before: CpuSnapshot; after: CpuSnapshot }[] = [];
  private start: CpuSnapshot | null;

  constructor(
    pids: number[],
    private readonly database: string | null,
  ) {
    this.start = cpuSnapshot(pids, database);
  }

  /** Starts a stretch over these processes. */
  begin(pids: number[]): void {
    this.start = cpuSnapshot(pids, this.database);
  }

  /** Ends the stretch in progress, if any. */
  end(pids: number[]): void {
    if (this.start)
      this.stretches.push({ before: this.start, after: cpuSnapshot(pids, this.database) });
    this.start = null;
  }

  /** The stretches added up, as cores over their wall time. */
  cores() {
    let wall = 0;
    const sums = { servers: 0, database: 0, loadGenerator: 0, others: 0, steal: 0 };
    const known = { servers: true, database: true, others: true, steal: true };
    for (const { before, after } of this.stretches) {
      const ms = after.at - before.at;
      const used = cpuUsed(before, after, 0);
      wall += ms;
      const add = (key: keyof typeof known, cores: number | null) => {
        if (cores === null) known[key] = false;
        else sums[key] += cores * ms;
      };
      add('servers', used.serverCores);
      add('database', used.databaseCores);
      add('others', used.otherCores);
      add('steal', used.stealCores);
      sums.loadGenerator += used.loadGeneratorCores * ms;
    }
    const cores = (key: keyof typeof sums) => round(sums[key] / wall);
    return {
      servers: known.servers ? cores('servers') : null,
      database: known.database ? cores('database') : null,
      loadGenerator: cores('loadGenerator'),
      others: known.others ? cores('others') : null,
      steal: known.steal ? cores('steal') : null,
    };
  }
}
