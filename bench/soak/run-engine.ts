/**
 * One engine's soak, in order: start the processes, build the households and connect their
 * clients, run the load (killing a process half-way on PostgreSQL), pause, read every acknowledged
 * write back, and put the figures in a report. Whatever happens, it stops what it started and
 * removes what it created.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Balancer } from '../lib/balancer';
import { round } from '../lib/cpu';
import { recordFailure, type Engine } from '../lib/engines';
import { checkInterrupted, isInterrupted } from '../lib/load';
import { paced } from '../lib/open-loop';
import { createBenchDatabase, dropBenchDatabase } from '../lib/postgres';
import { sleep, type Server } from '../lib/server';
import type { Options } from './cli';
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
import type { EngineReport } from './report';
import { requestFigures } from './request-figures';
import { verifyWrites } from './verify';
import { Workload } from './workload';

const PG_BENCH_DB = 'household_bench_soak';
/** Idle time after boot before the first RSS reading. */
const BOOT_IDLE_SECONDS = 5;
/**
 * Idle time after the load before the last RSS and connection readings; events still in flight
 * arrive meanwhile.
 */
export const PAUSE_SECONDS = 15;

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
    for (let i = 0; i < processCount; i++) {
      console.log(`[${engine}] starting server process ${i + 1}…`);
      servers.push(await startAppServer(env));
    }
    await sleep(BOOT_IDLE_SECONDS * 1000);
    const pids = servers.map((server) => server.child.pid!);
    const afterBoot = readRss(pids);
    balancer = new Balancer(servers.map((server) => server.port));

    const householdCount = options.clients / HOUSEHOLD_SIZE;
    console.log(
      `[${engine}] ${householdCount} households of ${HOUSEHOLD_SIZE}, ${options.clients} clients…`,
    );
    for (let i = 0; i < householdCount; i++) {
      households.push(await createHousehold(servers[0]!.base, i));
    }
    await connectClients(households, balancer, processCount);
    checkInterrupted();

    const database = engine === 'postgres' ? PG_BENCH_DB : null;
    const workload = new Workload(balancer, households);
    console.log(
      `[${engine}] ${options.rate} requests/s for ${options.durationSeconds} s, ${options.clients} WebSocket clients…`,
    );
    const origin = performance.now();
    if (engine === 'postgres') {
      sampler = new ConnectionSampler(PG_BENCH_DB, origin);
      await sampler.start();
    }
    const loadStart = readRss(pids);
    const maxRss = [...loadStart];
    timers.push(trackPeakRss(pids, maxRss));
    const durationMs = options.durationSeconds * 1000;
    let killAt: number | null = null;
    const cpu = new CpuStretches(pids, database);
    if (engine === 'postgres') {
      timers.push(
        setTimeout(() => {
          cpu.end(pids);
          killAt = performance.now();
          killVictim(engine, servers);
        }, durationMs / 2),
        // The next stretch starts once the dead process's PostgreSQL backends are gone.
        setTimeout(() => cpu.begin(pids.filter((_, i) => i !== VICTIM)), durationMs / 2 + 2000),
      );
    }
    const sent = await paced(
      options.rate,
      durationMs,
      (dueAt) => workload.fire(dueAt),
      isInterrupted,
    );
    const loadEndedAt = performance.now();
    await workload.drain();
    const survives = (i: number) => killAt === null || i !== VICTIM;
    cpu.end(pids.filter((_, i) => survives(i)));
    const loadEnd = readRss(pids);
    const connectionsAtLoadEnd = sampler ? await sampler.now() : null;
    checkInterrupted();

    console.log(`[${engine}] pause of ${PAUSE_SECONDS} s…`);
    await sleep(PAUSE_SECONDS * 1000);
    const afterPause = readRss(pids);
    const connectionsAfterPause = sampler ? await sampler.now() : null;
    // Every request has ended by now: a claim still in progress (status 0) has no request behind it.
    const idempotencyClaimsLeft =
      killAt === null ? null : idempotencyClaimsInProgress(env.DATABASE_URL);
    checkInterrupted();

    console.log(`[${engine}] reading every acknowledged write back…`);
    const writes = await verifyWrites(
      servers.find((_, i) => survives(i))!.base,
      households,
      workload.acknowledged,
      workload.unacknowledgedCreates,
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
    report.targetRate = options.rate;
    report.achievedRate = round(sent / ((loadEndedAt - origin) / 1000), 1);
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
