import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { operationsOf, readOpenApiDocument, type Operation } from './openapi';
import {
  DEFAULT_SEED,
  describeFailures,
  fuzzOperation,
  phasesOf,
  runOrder,
  type Phase,
  type PhaseName,
} from './run';
import { FUZZ_APP_OPTIONS, seedWorld, type World } from './seed';

/*
 * The fuzz gate in `npm test` (docs/fuzz.md): every operation of the OpenAPI document gets the
 * known nasty values in every field, then FUZZ_RUNS random variants, on both database engines.
 * No answer may be a 5xx, every error is problem+json, an outsider never gets a 2xx for someone
 * else's id, and the data that must not change does not. One file per phase (fuzz-*.test.ts), so
 * that the test run's workers share the gate rather than one of them running it all.
 */

/**
 * A route's variants, one after another: seconds each on a quiet machine; on a busy 2-core CI
 * machine, with two test files at once, one route's run once took past the default 30 s. So did
 * a pair of phase 3 (39 s; its rounds create and sign in accounts, hashing their passwords), which
 * takes a fifth of a second a round on a quiet one.
 */
export const ROUTE_TIMEOUT_MS = 120_000;

export const seed = Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);
/** Random cases per operation and phase; small, so that each file stays a few minutes long. */
export const runs = Number(process.env.FUZZ_RUNS ?? 8);
/** Rounds of each pair of concurrent account writes (phase 3). */
export const raceRounds = Number(process.env.FUZZ_RACE_ROUNDS ?? 2);

export interface FuzzGate {
  testApp: TestApp;
  operations: Operation[];
  /** The operations in the order they are fuzzed (run.ts). */
  ordered: Operation[];
  /** The seeded world, from the file's first test on. */
  world: () => World;
  /** A phase of that world, from the file's first test on. */
  phase: (name: PhaseName) => Phase;
}

/**
 * The app of one test file, on its own database, and the operations its document lists; the
 * world is seeded before the first test, where the file's phase reads it (the races of phase 3
 * make their own accounts). Called at the top of the file: the document decides which tests exist,
 * so the app is built while the file is collected.
 */
export async function openFuzzGate({ seedsWorld = true } = {}): Promise<FuzzGate> {
  const testApp = await createTestApp({}, FUZZ_APP_OPTIONS);
  const operations = operationsOf(await readOpenApiDocument(testApp.app));
  let world: World | null = null;
  let phases: Phase[] = [];
  if (seedsWorld) {
    beforeAll(async () => {
      world = await seedWorld(testApp);
      phases = phasesOf(testApp.app, world, operations);
    });
  }
  afterAll(() => testApp.close());
  return {
    testApp,
    operations,
    ordered: runOrder(operations),
    world: () => world ?? noWorld(),
    phase: (name) => {
      if (!world) return noWorld();
      return phases.find((candidate) => candidate.name === name)!;
    },
  };
}

function noWorld(): never {
  throw new Error('No fuzz world: the gate was opened without seeding one');
}

/** One test per operation: every variant of it, sent in the phase, answered as the phase wants. */
export function itFuzzesEach(
  gate: FuzzGate,
  phase: PhaseName,
  operations: readonly Operation[],
  answers: string,
): void {
  for (const operation of operations) {
    it(
      `${operation.key} answers every variant with ${answers}`,
      async () => {
        const report = await fuzzOperation(
          gate.testApp.app,
          gate.phase(phase),
          operation,
          seed,
          runs,
        );
        expect(report.failures, describeFailures(report, seed, runs)).toEqual([]);
      },
      ROUTE_TIMEOUT_MS,
    );
  }
}
