import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app';
import {
  operationsOf,
  readOpenApiDocument,
  registeredApiRoutes,
  undocumentedRoutes,
} from './openapi';
import {
  DEFAULT_SEED,
  describeFailures,
  fuzzOperation,
  isAccountOperation,
  phasesOf,
  runOrder,
  type Phase,
} from './run';
import { accountWritePairs, raceAccountWrites } from './races';
import { seedWorld, type World } from './seed';
import { snapshotChanges, snapshotUrls, takeSnapshot, type Snapshot } from './snapshot';

/**
 * A route's variants, one after another: seconds each on a quiet machine; on a busy 2-core CI
 * machine, with two test files at once, one route's run once took past the default 30 s. So did
 * a pair of phase 3 (39 s; its rounds create and sign in accounts, hashing their passwords), which
 * takes a fifth of a second a round on a quiet one.
 */
const ROUTE_TIMEOUT_MS = 120_000;

// The fuzz gate (docs/fuzz.md): every operation of the OpenAPI document gets the known nasty
// values in every field, then FUZZ_RUNS random variants, on both database engines. No answer may
// be a 5xx, every error is problem+json, an outsider never gets a 2xx for someone else's id, and
// the data that must not change does not.

const seed = Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);
/** Random cases per operation and phase; small, so the file stays around a minute per engine. */
const runs = Number(process.env.FUZZ_RUNS ?? 8);
/** Rounds of each pair of concurrent account writes (phase 3). */
const raceRounds = Number(process.env.FUZZ_RACE_ROUNDS ?? 2);

// The document decides which tests exist, so the app is built while the file is collected.
const testApp = await createTestApp();
const operations = operationsOf(await readOpenApiDocument(testApp.app));
const ordered = runOrder(operations);
let world: World;
let phases: Phase[];

beforeAll(async () => {
  world = await seedWorld(testApp);
  phases = phasesOf(testApp.app, world, operations);
});
afterAll(() => testApp.close());

it('every route under /api/v1 is in the OpenAPI document or on its allow-list', () => {
  // The route listing is read from Fastify's printed tree: it must at least find the documented ones.
  const registered = registeredApiRoutes(testApp.app);
  expect(registered).toEqual(expect.arrayContaining(operations.map((operation) => operation.key)));
  expect(undocumentedRoutes(testApp.app, operations)).toEqual([]);
});

describe('phase 1: an outsider naming the member’s ids changes and sees nothing of theirs', () => {
  const phase = () => phases[0]!;
  let urls: string[];
  let before: Snapshot;
  beforeAll(async () => {
    urls = snapshotUrls(operations, world.memberResources, false);
    before = await takeSnapshot(testApp.app, world.member.auth, urls);
  });

  for (const operation of ordered) {
    it(
      `${operation.key} answers every variant with a 4xx problem or a harmless success`,
      async () => {
        const report = await fuzzOperation(testApp.app, phase(), operation, seed, runs);
        expect(report.failures, describeFailures(report, seed, runs)).toEqual([]);
      },
      ROUTE_TIMEOUT_MS,
    );
  }

  it('everything the member can read is byte for byte what it was', async () => {
    const after = await takeSnapshot(testApp.app, world.member.auth, urls);
    expect(snapshotChanges(before, after)).toEqual([]);
  });
});

describe('phase 2: the member’s malformed requests leave the resources they did not name alone', () => {
  const phase = () => phases[1]!;
  let urls: string[];
  let before: Snapshot;
  beforeAll(async () => {
    urls = snapshotUrls(operations, phase().canary ?? {}, true);
    before = await takeSnapshot(testApp.app, world.member.auth, urls);
  });

  // Account operations are phase 1's only (run.ts says why).
  for (const operation of ordered.filter((candidate) => !isAccountOperation(candidate))) {
    it(
      `${operation.key} answers every variant with a 4xx problem or a success`,
      async () => {
        const report = await fuzzOperation(testApp.app, phase(), operation, seed, runs);
        expect(report.failures, describeFailures(report, seed, runs)).toEqual([]);
      },
      ROUTE_TIMEOUT_MS,
    );
  }

  it('the canary is byte for byte what it was', async () => {
    const after = await takeSnapshot(testApp.app, world.member.auth, urls);
    expect(snapshotChanges(before, after)).toEqual([]);
  });
});

describe('phase 3: two writes to one account at the same instant never answer 5xx', () => {
  for (const pair of accountWritePairs(operations)) {
    it(
      `${pair[0].key} ‖ ${pair[1].key}`,
      async () => {
        const failures = await raceAccountWrites(testApp, pair, raceRounds);
        expect(failures, JSON.stringify(failures.slice(0, 5), null, 2)).toEqual([]);
      },
      ROUTE_TIMEOUT_MS,
    );
  }
});
