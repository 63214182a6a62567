/**
 * One stretch of the mixed load at a fixed rate (open loop), and the figures every load phase of
 * the soak reports: what was served, refused and lost, and how fast.
 */
import type { Balancer } from '../lib/balancer';
import { cpuSnapshot, cpuUsed, round, type CpuUsed } from '../lib/cpu';
import { isInterrupted } from '../lib/load';
import { paced } from '../lib/open-loop';
import { API, rssMiB } from '../lib/server';
import { summarize, type Summary } from '../lib/stats';
import type { Household } from './households';
import { Workload, type RequestRecord } from './workload';

/** What the load phases run against: the balancer, the households, and whose CPU to count. */
export interface Rig {
  balancer: Balancer;
  households: Household[];
  /** The server processes alive during the phase. */
  pids: number[];
  /** The PostgreSQL database whose backends count as the server's (null on PGlite). */
  database: string | null;
}

export interface PhaseFigures {
  rate: number;
  seconds: number;
  sent: number;
  /** Answers that did the work (2xx, a toggle's 409), resends of writes included, per second. */
  servedPerSecond: number;
  /** Of those, the writes: a write refused is sent again (as the outbox does), a read is not. */
  servedWritesPerSecond: number;
  /** First attempts answered 503 by a server shedding load. */
  refused: number;
  /** First attempts that failed otherwise: no answer in 10 s, a 5xx, an unexpected 4xx. */
  errors: number;
  timeouts: number;
  /** From when each request was due to its answer, of the answers other than 503. */
  latencyMs: Summary;
  /** Cores used meanwhile by the servers, their database, the load generator and the rest. */
  cpuCores: {
    servers: number | null;
    database: number | null;
    load: number;
    others: number | null;
  };
}

export interface Phase {
  workload: Workload;
  origin: number;
  endedAt: number;
  figures: PhaseFigures;
}

const isServed = (record: RequestRecord) =>
  record.status !== null &&
  (record.status < 300 || (record.status === 409 && record.operation === 'PATCH /items/:id'));

/** The figures of a stretch of load whose requests were due from `origin` to `endedAt`. */
export function phaseFigures(
  workload: Workload,
  {
    rate,
    origin,
    endedAt,
    sent,
    cpu,
  }: { rate: number; origin: number; endedAt: number; sent: number; cpu: CpuUsed },
): PhaseFigures {
  const seconds = (endedAt - origin) / 1000;
  const records = workload.records;
  const served = workload.servedAt.filter((at) => at <= endedAt).length;
  const servedWrites = workload.servedWritesAt.filter((at) => at <= endedAt).length;
  return {
    rate,
    seconds: round(seconds, 1),
    sent,
    servedPerSecond: round(served / seconds, 1),
    servedWritesPerSecond: round(servedWrites / seconds, 1),
    refused: records.filter((record) => record.status === 503).length,
    errors: records.filter((record) => record.status !== 503 && !isServed(record)).length,
    timeouts: records.filter((record) => record.error === 'timeout').length,
    latencyMs: summarize(
      records
        .filter((record) => record.status !== null && record.status !== 503)
        .map((record) => record.doneAt - record.dueAt),
    ),
    cpuCores: {
      servers: cpu.serverCores,
      database: cpu.databaseCores,
      load: cpu.loadGeneratorCores,
      others: cpu.otherCores,
    },
  };
}

/** How many deletes of created items are sent at once when tidying up after a phase. */
const TIDY_CONCURRENCY = 4;

/**
 * Deletes the items the load added and stops tracking them, so that the next phase reads lists of
 * the size this one did.
 */
async function removeAddedItems({ balancer, households }: Rig) {
  const queue = households.flatMap((household) =>
    household.items.filter((item) => item.added).map((item) => ({ household, item })),
  );
  const worker = async () => {
    for (let next = queue.pop(); next; next = queue.pop()) {
      await balancer.send({
        method: 'DELETE',
        path: `${API}/items/${next.item.id}`,
        headers: { authorization: `Bearer ${next.household.ownerToken}` },
        keepBody: false,
      });
    }
  };
  await Promise.all(Array.from({ length: TIDY_CONCURRENCY }, worker));
  for (const household of households) {
    household.items = household.items.filter((item) => !item.added);
  }
}

/**
 * The mixed load at `rate` requests a second for `seconds`; `during(origin)` starts whatever runs
 * beside it (the kill). Resolves once every request has ended, writes sent again included, and,
 * with `tidy`, the items it created are deleted again.
 */
export async function runOpenLoop(
  rig: Rig,
  { rate, seconds, tidy }: { rate: number; seconds: number; tidy: boolean },
  during: (origin: number) => void = () => {},
): Promise<Phase> {
  const workload = new Workload(rig.balancer, rig.households);
  const before = cpuSnapshot(rig.pids, rig.database);
  const origin = performance.now();
  during(origin);
  const sent = await paced(rate, seconds * 1000, (dueAt) => workload.fire(dueAt), isInterrupted);
  const endedAt = performance.now();
  // Of the processes still alive: a killed one's CPU cannot be read any more.
  const alive = rig.pids.filter((pid) => rssMiB(pid) !== null);
  const cpu = cpuUsed(
    { ...before, server: alive.length === rig.pids.length ? before.server : null },
    cpuSnapshot(alive, rig.database),
    sent,
  );
  await workload.drain();
  const figures = phaseFigures(workload, { rate, origin, endedAt, sent, cpu });
  if (tidy) await removeAddedItems(rig);
  return { workload, origin, endedAt, figures };
}
