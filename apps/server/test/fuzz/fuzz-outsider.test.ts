import { beforeAll, describe, expect, it } from 'vitest';
import { itFuzzesEach, openFuzzGate } from './gate';
import { registeredApiRoutes, undocumentedRoutes } from './openapi';
import { snapshotChanges, snapshotUrls, takeSnapshot, type Snapshot } from './snapshot';

// The fuzz gate's first phase (gate.ts, docs/fuzz.md), and the routes it reaches.
const gate = await openFuzzGate();
const { testApp, operations, ordered } = gate;

it('every route under /api/v1 is in the OpenAPI document or on its allow-list', () => {
  // The route listing is read from Fastify's printed tree: it must at least find the documented ones.
  const registered = registeredApiRoutes(testApp.app);
  expect(registered).toEqual(expect.arrayContaining(operations.map((operation) => operation.key)));
  expect(undocumentedRoutes(testApp.app, operations)).toEqual([]);
});

describe('phase 1: an outsider naming the member’s ids changes and sees nothing of theirs', () => {
  let urls: string[];
  let before: Snapshot;
  beforeAll(async () => {
    const { member, memberResources } = gate.world();
    urls = snapshotUrls(operations, memberResources, false);
    before = await takeSnapshot(testApp.app, member.auth, urls);
  });

  itFuzzesEach(gate, 'outsider', ordered, 'a 4xx problem or a harmless success');

  it('everything the member can read is byte for byte what it was', async () => {
    const after = await takeSnapshot(testApp.app, gate.world().member.auth, urls);
    expect(snapshotChanges(before, after)).toEqual([]);
  });
});
