import { beforeAll, describe, expect, it } from 'vitest';
import { itFuzzesEach, openFuzzGate } from './gate';
import { isAccountOperation } from './run';
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
  itFuzzesEach(
    gate,
    'member',
    ordered.filter((candidate) => !isAccountOperation(candidate)),
    'a 4xx problem or a success',
  );

  it('the canary is byte for byte what it was', async () => {
    const after = await takeSnapshot(testApp.app, gate.world().member.auth, urls);
    expect(snapshotChanges(before, after)).toEqual([]);
  });
});
