import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens } from '../../db/schema';
import type { EventBus } from '../../realtime/event-bus';
import { buildUser } from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { revokeAllSessions } from './sessions';
import { createSessionRevocations } from './session-revocations';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An event bus that delivers nothing: what this process knows comes from `announce` alone. */
const silentBus = {
  subscribe: () => () => undefined,
  publish: async () => undefined,
} as unknown as EventBus;

describe('ended sessions', () => {
  it('are refused by this process as soon as announce resolves, named or not', async () => {
    const { user } = await buildUser(t.app);
    const familyId = crypto.randomUUID();
    await t.database.db.insert(refreshTokens).values({
      userId: user.id,
      familyId,
      tokenHash: `hash-${familyId}`,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const revocations = await createSessionRevocations({
      db: t.database.db,
      events: silentBus,
      accessTokenTtlSeconds: 900,
      reloadIntervalMs: null,
      logger: t.app.log,
    });
    try {
      expect(revocations.isRevoked(familyId)).toBe(false);
      await revokeAllSessions(t.database.db, user.id);
      await revocations.announce(user.id);
      expect(revocations.isRevoked(familyId)).toBe(true);
    } finally {
      revocations.close();
    }
  });
});
