/**
 * Capacity C of the server on this machine: the highest rate of the mixed load (open loop) that it
 * serves with p99 ≤ 250 ms and not one error or refusal, found by probing (issue "Steady service",
 * §3). The other phases run at multiples of it, so their targets fit whatever machine runs them.
 */
import { checkInterrupted } from '../lib/load';
import { sleep } from '../lib/server';
import { runOpenLoop, type PhaseFigures, type Rig } from './open-loop-phase';

const PROBE_SECONDS = 10;
const P99_LIMIT_MS = 250;
const FIRST_RATE = 10;
const HIGHEST_RATE = 2000;
/** Halvings of the step between the last rate that passed and the first that did not. */
const BISECTIONS = 4;
/** Quiet between probes, so that one probe's backlog is not the next one's start. */
const SETTLE_MS = 2000;

export interface CapacityProbe extends PhaseFigures {
  passed: boolean;
}

export interface Capacity {
  /** Requests a second; 0 when not even the first probe passed. */
  capacity: number;
  probes: CapacityProbe[];
}

function passes(figures: PhaseFigures): boolean {
  return (
    figures.refused === 0 &&
    figures.errors === 0 &&
    figures.latencyMs.p99 !== null &&
    figures.latencyMs.p99 <= P99_LIMIT_MS
  );
}

/** Doubles the rate until a probe fails, then bisects between the last pass and that failure. */
export async function findCapacity(rig: Rig, log: (line: string) => void): Promise<Capacity> {
  const probes: CapacityProbe[] = [];
  const probe = async (rate: number) => {
    checkInterrupted();
    await sleep(SETTLE_MS);
    const { figures } = await runOpenLoop(rig, { rate, seconds: PROBE_SECONDS, tidy: true });
    const result = { ...figures, passed: passes(figures) };
    probes.push(result);
    log(
      `probe ${rate} req/s: ${result.passed ? 'passed' : 'failed'} (p99 ${figures.latencyMs.p99} ms, ${figures.refused} refused, ${figures.errors} errors)`,
    );
    return result.passed;
  };

  let passed = 0;
  let failed = FIRST_RATE;
  while (failed <= HIGHEST_RATE && (await probe(failed))) {
    passed = failed;
    failed *= 2;
  }
  for (let i = 0; i < BISECTIONS && failed - passed > 1; i += 1) {
    const middle = Math.round((passed + failed) / 2);
    if (await probe(middle)) passed = middle;
    else failed = middle;
  }
  return { capacity: passed, probes };
}
