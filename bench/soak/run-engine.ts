/**
 * One engine's soak, in order: start the processes and send a new user's first requests at once,
 * build the households and connect their clients, find the capacity C, run half of it, closed
 * loops of readers, one person beside programs that take both cores, and last the overload: three
 * times C (killing a process half-way on PostgreSQL), a pause, and every acknowledged write read
 * back. Whatever happens, it stops what it started and removes what it created.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Balancer } from '../lib/balancer';
import { round } from '../lib/cpu';
import { recordFailure, type Engine } from '../lib/engines';
import { checkInterrupted } from '../lib/load';
import { createBenchDatabase, dropBenchDatabase } from '../lib/postgres';
import { sleep, type Server } from '../lib/server';
import { findCapacity } from './capacity';
import type { Options } from './cli';
import { runClosedLoops } from './closed-loop';
import { runContention } from './contention';
import { deliveries, reconnections } from './events';
import { connectClients, createHousehold, HOUSEHOLD_SIZE, type Household } from './households';
import {
  ConnectionSampler,
  CpuStretches,
  processMemory,
  readRss,
  trackPeakRss,
} from './measurements';
import {
  idempotencyClaimsInProgress,
  killVictim,
  startAppServer,
  stopProcesses,
  VICTIM,
} from './processes';
import { runOpenLoop, type Rig } from './open-loop-phase';
import type { EngineReport } from './report';
import { requestFigures } from './request-figures';
import { firstRequests } from './start-up';
import { verifyWrites } from './verify';

const PG_BENCH_DB = 'household_bench_soak';
/** Idle time after boot before the first RSS reading. */
const BOOT_IDLE_SECONDS = 5;
/** The stretch at half the capacity. */
const HALF_LOAD_SECONDS = 30;
/** The overload, in multiples of the capacity. */
export const OVERLOAD_FACTOR = 3;
/**
 * Idle time after the load before the last RSS and connection readings; events still in flight
 * arrive meanwhile. V8 gives back the memory of a burst some 20 to 40 s after the allocations stop
 * (its memory reducer), not at once: RSS is read every 5 s of the pause.
 */
export const PAUSE_SECONDS = 45;
const PAUSE_READING_SECONDS = 5;

export async function soakEngine(engine: Engine, options: Options): Promise<EngineReport> {
  const report: EngineReport = { engine, status: 'ran' };
  const servers: Server[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'household-soak-'));
  let createdDatabase = false;
  let balancer: Balancer | null = null;
  let sampler: ConnectionSampler | null = null;
  const households: Household[] = [];
  const timers: NodeJS.Timeout[] = [];
  const loadBefore = round(os.loadavg()[0] ?? 0);
  try {
    const env: Record<string, string> = { JWT_SECRET: randomBytes(48).toString('base64url') };
    if (engine === 'postgres') {
      env.DATABASE_URL = createBenchDatabase(PG_BENCH_DB);
      createdDatabase = true;
    } else {
      env.DATA_DIR = dataDir;
    }
    const processCount = engine === 'postgres' ? 2 : 1;
    const log = (line: string) => console.log(`[${engine}] ${line}`);
    for (let i = 0; i < processCount; i++) {
      log(`starting server process ${i + 1}…`);
      servers.push(await startAppServer(env));
      // As soon as it answers its health check, a new user's first requests.
      if (i === 0) report.startUp = await firstRequests(servers[0]!.base);
    }
    await sleep(BOOT_IDLE_SECONDS * 1000);
    const pids = servers.map((server) => server.child.pid!);
    const afterBoot = readRss(pids);
    balancer = new Balancer(servers.map((server) => server.port));

    const householdCount = options.clients / HOUSEHOLD_SIZE;
    log(`${householdCount} households of ${HOUSEHOLD_SIZE}, ${options.clients} clients…`);
    for (let i = 0; i < householdCount; i++) {
      households.push(await createHousehold(servers[0]!.base, i));
    }
    await connectClients(households, balancer, processCount);
    checkInterrupted();

    const database = engine === 'postgres' ? PG_BENCH_DB : null;
    const rig: Rig = { balancer, households, pids, database };
    log('finding the capacity…');
    report.capacity =
      options.capacity === null
        ? await findCapacity(rig, log)
        : { capacity: options.capacity, probes: [] };
    const capacityRate = report.capacity.capacity;
    if (capacityRate === 0) throw new Error('not even the first capacity probe passed');
    checkInterrupted();

    const halfRate = Math.max(1, Math.round(capacityRate / 2));
    log(`half the capacity: ${halfRate} requests/s for ${HALF_LOAD_SECONDS} s…`);
    report.halfLoad = (
      await runOpenLoop(rig, { rate: halfRate, seconds: HALF_LOAD_SECONDS, tidy: true })
    ).figures;
    checkInterrupted();

    report.closedLoop = await runClosedLoops(servers[0]!.base, balancer, households[0]!, log);
    checkInterrupted();
    log('one person clicking while other programs take both cores…');
    report.contention = await runContention(rig);
    checkInterrupted();

    const rate = capacityRate * OVERLOAD_FACTOR;
    log(
      `${rate} requests/s for ${options.durationSeconds} s, ${options.clients} WebSocket clients…`,
    );
    if (engine === 'postgres') {
      sampler = new ConnectionSampler(PG_BENCH_DB, performance.now());
      await sampler.start();
    }
    const loadStart = readRss(pids);
    const maxRss = [...loadStart];
    timers.push(trackPeakRss(pids, maxRss));
    const durationMs = options.durationSeconds * 1000;
    let killAt: number | null = null;
    const cpu = new CpuStretches(pids, database);
    const overload = await runOpenLoop(
      rig,
      { rate, seconds: options.durationSeconds, tidy: false },
      () => {
        if (engine !== 'postgres') return;
        timers.push(
          setTimeout(() => {
            cpu.end(pids);
            killAt = performance.now();
            killVictim(engine, servers);
          }, durationMs / 2),
          // The next stretch starts once the dead process's PostgreSQL backends are gone.
          setTimeout(() => cpu.begin(pids.filter((_, i) => i !== VICTIM)), durationMs / 2 + 2000),
        );
      },
    );
    const { workload, origin, figures: overloadFigures } = overload;
    const sent = overloadFigures.sent;
    const loadEndedAt = overload.endedAt;
    const survives = (i: number) => killAt === null || i !== VICTIM;
    cpu.end(pids.filter((_, i) => survives(i)));
    const loadEnd = readRss(pids);
    const connectionsAtLoadEnd = sampler ? await sampler.now() : null;
    checkInterrupted();

    log(`pause of ${PAUSE_SECONDS} s…`);
    const duringPause: (number | null)[][] = [];
    for (let waited = 0; waited < PAUSE_SECONDS; waited += PAUSE_READING_SECONDS) {
      await sleep(PAUSE_READING_SECONDS * 1000);
      duringPause.push(readRss(pids));
    }
    const afterPause = duringPause.at(-1)!;
    report.rssDuringPauseMiB = duringPause;
    const connectionsAfterPause = sampler ? await sampler.now() : null;
    // Every request has ended by now: a claim still in progress (status 0) has no request behind it.
    const idempotencyClaimsLeft =
      killAt === null ? null : idempotencyClaimsInProgress(env.DATABASE_URL);
    checkInterrupted();

    log('reading every acknowledged write back…');
    const writes = await verifyWrites(
      servers.find((_, i) => survives(i))!.base,
      households,
      workload.acknowledged,
      workload.unacknowledgedCreates,
      workload.removedItemIds,
    );

    const figures = requestFigures(workload.records, {
      origin,
      killAt,
      durationSeconds: options.durationSeconds,
    });
    report.requests = { sent, ...figures.requests };
    report.latencyMs = figures.latencyMs;

    workload.closeEventWindows();
    const events = deliveries(households, workload.acknowledged);
    report.events = events.report;
    if (killAt !== null) {
      report.kill = {
        atSecond: round((killAt - origin) / 1000, 1),
        process: VICTIM + 1,
        failedRequests: Object.values(figures.failedByKill).reduce((sum, n) => sum + n, 0),
        failedByError: figures.failedByKill,
        ...reconnections(households, events.missedWhileAway),
        idempotencyClaimsLeft: idempotencyClaimsLeft!,
      };
    }
    report.writes = { ...writes, retried: workload.retries };
    report.processes = processCount;
    report.households = householdCount;
    report.clients = options.clients;
    report.durationSeconds = round((loadEndedAt - origin) / 1000, 1);
    report.targetRate = rate;
    report.achievedRate = round(sent / ((loadEndedAt - origin) / 1000), 1);
    report.overload = {
      ...overloadFigures,
      ofCapacity: round(overloadFigures.servedPerSecond / capacityRate, 2),
      ...servedAroundKill(workload.servedAt, { origin, killAt, endedAt: loadEndedAt }),
    };
    report.memory = processMemory(
      { afterBoot, loadStart, loadEnd, afterPause, max: maxRss },
      pids.length,
      (i) => !survives(i),
    );
    if (sampler) {
      report.databaseConnections = sampler.figures({
        killSecond: killAt === null ? null : (killAt - origin) / 1000,
        loadSeconds: (loadEndedAt - origin) / 1000,
        atLoadEnd: connectionsAtLoadEnd!,
        afterPause: connectionsAfterPause!,
      });
    }
    report.cpuCores = cpu.cores();
    report.loadAverage1m = { before: loadBefore, after: round(os.loadavg()[0] ?? 0) };
  } catch (error) {
    recordFailure(report, error);
  } finally {
    for (const timer of timers) clearInterval(timer);
    await sampler?.stop();
    // Clients go first: a server shutting down closes their connections, which they would retry.
    for (const household of households) for (const client of household.clients) client.stop();
    balancer?.close();
    report.serverLogs = await stopProcesses(servers);
    if (createdDatabase) dropBenchDatabase(PG_BENCH_DB);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return report;
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
