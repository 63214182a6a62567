import { describe, expect, it } from 'vitest';
import { ROUTE_TIMEOUT_MS, openFuzzGate, raceRounds } from './gate';
import { accountWritePairs, raceAccountWrites } from './races';

// The fuzz gate's third phase (gate.ts, docs/fuzz.md).
const { testApp, operations } = await openFuzzGate({ seedsWorld: false });

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
