/**
 * One engine's soak, in order: start the processes and send a new user's first requests at once,
 * build the households and connect their clients, find the capacity C, run half of it, closed
 * loops of readers, one person beside programs that take both cores, and last the overload: three
 * times C (killing a process half-way on PostgreSQL), a pause, and every acknowledged write read
 * back. Whatever happens, it stops what it started and removes what it created.
 */
import os from 'node:os';
import { round } from '../lib/cpu';
import { recordFailure, type Engine } from '../lib/engines';
import { checkInterrupted } from '../lib/load';
import { findCapacity } from './capacity';
import type { Options } from './cli';
import { runClosedLoops } from './closed-loop';
import { runContention } from './contention';
import { runOpenLoop, type Rig } from './open-loop-phase';
import { runOverload } from './overload';
import type { EngineReport } from './report';
import { Stand } from './stand';

/** The stretch at half the capacity. */
const HALF_LOAD_SECONDS = 30;

/** The phases below the overload; resolves with the capacity they were measured against. */
async function belowOverload(
  report: EngineReport,
  stand: Stand,
  rig: Rig,
  options: Options,
): Promise<number> {
  stand.log('finding the capacity…');
  report.capacity =
    options.capacity === null
      ? await findCapacity(rig, stand.log)
      : { capacity: options.capacity, probes: [] };
  const capacity = report.capacity.capacity;
  if (capacity === 0) throw new Error('not even the first capacity probe passed');
  checkInterrupted();

  const halfRate = Math.max(1, Math.round(capacity / 2));
  stand.log(`half the capacity: ${halfRate} requests/s for ${HALF_LOAD_SECONDS} s…`);
  report.halfLoad = (
    await runOpenLoop(rig, { rate: halfRate, seconds: HALF_LOAD_SECONDS, tidy: true })
  ).figures;
  checkInterrupted();

  report.closedLoop = await runClosedLoops(
    stand.servers[0]!.base,
    rig.balancer,
    rig.households[0]!,
    stand.log,
  );
  checkInterrupted();
  stand.log('one person clicking while other programs take both cores…');
  report.contention = await runContention(rig);
  checkInterrupted();
  return capacity;
}

export async function soakEngine(engine: Engine, options: Options): Promise<EngineReport> {
  const report: EngineReport = { engine, status: 'ran' };
  const stand = new Stand(engine, (line) => console.log(`[${engine}] ${line}`));
  const loadBefore = round(os.loadavg()[0] ?? 0);
  try {
    const { startUp, afterBoot } = await stand.start();
    report.startUp = startUp;
    const rig = await stand.buildHouseholds(options.clients);
    const capacity = await belowOverload(report, stand, rig, options);
    Object.assign(report, await runOverload(stand, rig, { options, capacity, afterBoot }));
    report.loadAverage1m = { before: loadBefore, after: round(os.loadavg()[0] ?? 0) };
  } catch (error) {
    recordFailure(report, error);
  } finally {
    report.serverLogs = await stand.close();
  }
  return report;
}
