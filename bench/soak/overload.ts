/**
 * The soak's last phase: three times the capacity for `--duration` seconds (on PostgreSQL the
 * second process gets `kill -9` half-way), a pause with RSS read every few seconds, and every
 * acknowledged write read back. Fills the overload's part of the report.
 */
import { round } from '../lib/cpu';
import { checkInterrupted } from '../lib/load';
import { sleep } from '../lib/server';
import { OVERLOAD_FACTOR, PAUSE_SECONDS, type Options } from './cli';
import { deliveries, reconnections } from './events';
import {
  ConnectionSampler,
  CpuStretches,
  processMemory,
  readRss,
  trackPeakRss,
} from './measurements';
import { runOpenLoop, type Phase, type Rig } from './open-loop-phase';
import { idempotencyClaimsInProgress, killVictim, VICTIM } from './processes';
import type { EngineReport } from './report';
import { requestFigures } from './request-figures';
import { PG_BENCH_DB, type Stand } from './stand';
import { verifyWrites } from './verify';

const PAUSE_READING_SECONDS = 5;

interface LoadOutcome {
  phase: Phase;
  /** When process 2 was killed (PostgreSQL), on the load's clock; null on PGlite. */
  killAt: number | null;
  cpu: CpuStretches;
  rss: { loadStart: (number | null)[]; loadEnd: (number | null)[]; max: (number | null)[] };
}

/** The load itself, with the kill half-way on PostgreSQL, its CPU stretches and RSS readings. */
async function loadWithKill(stand: Stand, rig: Rig, rate: number, seconds: number) {
  const { pids } = stand;
  const loadStart = readRss(pids);
  const max = [...loadStart];
  stand.timers.push(trackPeakRss(pids, max));
  const cpu = new CpuStretches(pids, rig.database);
  let killAt: number | null = null;
  const phase = await runOpenLoop(rig, { rate, seconds, tidy: false }, () => {
    if (stand.engine !== 'postgres') return;
    stand.timers.push(
      setTimeout(() => {
        cpu.end(pids);
        killAt = performance.now();
        killVictim(stand.engine, stand.servers);
      }, seconds * 500),
      // The next stretch starts once the dead process's PostgreSQL backends are gone.
      setTimeout(() => cpu.begin(pids.filter((_, i) => i !== VICTIM)), seconds * 500 + 2000),
    );
  });
  const survivors = pids.filter((_, i) => killAt === null || i !== VICTIM);
  cpu.end(survivors);
  const outcome: LoadOutcome = {
    phase,
    killAt,
    cpu,
    rss: { loadStart, loadEnd: readRss(pids), max },
  };
  return outcome;
}

/** RSS every few seconds of the pause, the last reading being "after the pause". */
async function pauseReadings(pids: number[]): Promise<(number | null)[][]> {
  const readings: (number | null)[][] = [];
  for (let waited = 0; waited < PAUSE_SECONDS; waited += PAUSE_READING_SECONDS) {
    await sleep(PAUSE_READING_SECONDS * 1000);
    readings.push(readRss(pids));
  }
  return readings;
}

/** The served rate before and after the kill, each against its own stretch of the load. */
function servedAroundKill(
  servedAt: number[],
  { origin, killAt, endedAt }: { origin: number; killAt: number | null; endedAt: number },
) {
  if (killAt === null) return {};
  const rate = (from: number, to: number) =>
    round(servedAt.filter((at) => at >= from && at < to).length / ((to - from) / 1000), 1);
  return {
    servedPerSecondBeforeKill: rate(origin, killAt),
    servedPerSecondAfterKill: rate(killAt, endedAt),
  };
}

export async function runOverload(
  stand: Stand,
  rig: Rig,
  {
    options,
    capacity,
    afterBoot,
  }: { options: Options; capacity: number; afterBoot: (number | null)[] },
): Promise<Partial<EngineReport>> {
  const rate = capacity * OVERLOAD_FACTOR;
  stand.log(`${rate} requests/s for ${options.durationSeconds} s, ${options.clients} clients…`);
  if (stand.engine === 'postgres') {
    stand.sampler = new ConnectionSampler(PG_BENCH_DB, performance.now());
    await stand.sampler.start();
  }
  const load = await loadWithKill(stand, rig, rate, options.durationSeconds);
  const { workload, origin, endedAt, figures } = load.phase;
  const { killAt } = load;
  const connectionsAtLoadEnd = stand.sampler ? await stand.sampler.now() : null;
  checkInterrupted();

  stand.log(`pause of ${PAUSE_SECONDS} s…`);
  const duringPause = await pauseReadings(stand.pids);
  const connectionsAfterPause = stand.sampler ? await stand.sampler.now() : null;
  // Every request has ended by now: a claim still in progress (status 0) has no request behind it.
  const idempotencyClaimsLeft =
    killAt === null ? null : idempotencyClaimsInProgress(stand.env.DATABASE_URL);
  checkInterrupted();

  stand.log('reading every acknowledged write back…');
  const survives = (i: number) => killAt === null || i !== VICTIM;
  const writes = await verifyWrites(
    stand.servers.find((_, i) => survives(i))!.base,
    stand.households,
    workload.acknowledged,
    workload.unacknowledgedCreates,
    workload.removedItemIds,
  );
  const requests = requestFigures(workload.records, {
    origin,
    killAt,
    durationSeconds: options.durationSeconds,
  });
  workload.closeEventWindows();
  const events = deliveries(stand.households, workload.acknowledged);
  const seconds = (endedAt - origin) / 1000;
  return {
    requests: { sent: figures.sent, ...requests.requests },
    latencyMs: requests.latencyMs,
    events: events.report,
    ...(killAt === null
      ? {}
      : {
          kill: {
            atSecond: round((killAt - origin) / 1000, 1),
            process: VICTIM + 1,
            failedRequests: Object.values(requests.failedByKill).reduce((sum, n) => sum + n, 0),
            failedByError: requests.failedByKill,
            ...reconnections(stand.households, events.missedWhileAway),
            idempotencyClaimsLeft: idempotencyClaimsLeft!,
          },
        }),
    writes: { ...writes, retried: workload.retries },
    processes: stand.processCount,
    households: stand.households.length,
    clients: options.clients,
    durationSeconds: round(seconds, 1),
    targetRate: rate,
    achievedRate: round(figures.sent / seconds, 1),
    overload: {
      ...figures,
      ofCapacity: round(figures.servedPerSecond / capacity, 2),
      ...servedAroundKill(workload.servedAt, { origin, killAt, endedAt }),
    },
    memory: processMemory(
      { afterBoot, ...load.rss, afterPause: duringPause.at(-1)! },
      stand.pids.length,
      (i) => !survives(i),
    ),
    rssDuringPauseMiB: duringPause,
    ...(stand.sampler
      ? {
          databaseConnections: stand.sampler.figures({
            killSecond: killAt === null ? null : (killAt - origin) / 1000,
            loadSeconds: seconds,
            atLoadEnd: connectionsAtLoadEnd!,
            afterPause: connectionsAfterPause!,
          }),
        }
      : {}),
    cpuCores: load.cpu.cores(),
  };
}
