import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_TIMEOUT_MS, openFuzzGate, runs, seed } from './gate';
import { describeFailures, fuzzOperation, isAccountOperation } from './run';
import { snapshotChanges, snapshotUrls, takeSnapshot, type Snapshot } from './snapshot';

// The fuzz gate's second phase (gate.ts, docs/fuzz.md).
const gate = await openFuzzGate();
const { testApp, operations, ordered } = gate;

describe('phase 2: the member’s malformed requests leave the resources they did not name alone', () => {
  let urls: string[];
  let before: Snapshot;
  beforeAll(async () => {
    urls = snapshotUrls(operations, gate.phase('member').canary ?? {}, true);
    before = await takeSnapshot(testApp.app, gate.world().member.auth, urls);
  });

  // Account operations are phase 1's only (run.ts says why).
  for (const operation of ordered.filter((candidate) => !isAccountOperation(candidate))) {
    it(
      `${operation.key} answers every variant with a 4xx problem or a success`,
      async () => {
        const report = await fuzzOperation(
          testApp.app,
          gate.phase('member'),
          operation,
          seed,
          runs,
        );
        expect(report.failures, describeFailures(report, seed, runs)).toEqual([]);
      },
      ROUTE_TIMEOUT_MS,
    );
  }

  it('the canary is byte for byte what it was', async () => {
    const after = await takeSnapshot(testApp.app, gate.world().member.auth, urls);
    expect(snapshotChanges(before, after)).toEqual([]);
  });
});
