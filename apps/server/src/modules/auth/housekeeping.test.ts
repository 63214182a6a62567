import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionTokens, authAttempts, refreshTokens } from '../../db/schema';
import { buildUser } from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { pruneExpiredAuthData, pruneHousekeeping } from './housekeeping';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('housekeeping', () => {
  it('removes expired tokens and old attempts, and keeps what rules still need', async () => {
    const { user } = await buildUser(t.app);
    const db = t.database.db;
    await db.insert(authAttempts).values([
      {
        kind: 'login_failure',
        email: 'old@example.test',
        createdAt: sql`now() - interval '2 days'`,
      },
      { kind: 'login_failure', email: 'recent@example.test' },
    ]);
    await db.insert(refreshTokens).values([
      {
        userId: user.id,
        familyId: crypto.randomUUID(),
        tokenHash: 'expired-token-hash',
        expiresAt: sql`now() - interval '1 minute'`,
      },
      {
        userId: user.id,
        familyId: crypto.randomUUID(),
        tokenHash: 'used-but-valid-token-hash',
        usedAt: sql`now()`,
        expiresAt: sql`now() + interval '1 day'`,
      },
    ]);
    await db.insert(actionTokens).values({
      userId: user.id,
      purpose: 'reset_password',
      tokenHash: 'long-expired-link-hash',
      expiresAt: sql`now() - interval '2 days'`,
    });

    await pruneExpiredAuthData(db);

    const emails = (await db.select().from(authAttempts)).map((row) => row.email);
    expect(emails).toContain('recent@example.test');
    expect(emails).not.toContain('old@example.test');
    const refreshHashes = (await db.select().from(refreshTokens)).map((row) => row.tokenHash);
    expect(refreshHashes).toContain('used-but-valid-token-hash');
    expect(refreshHashes).not.toContain('expired-token-hash');
    const linkHashes = (await db.select().from(actionTokens)).map((row) => row.tokenHash);
    expect(linkHashes).not.toContain('long-expired-link-hash');
    // The user's own login session and verification link are untouched.
    expect(refreshHashes.length).toBeGreaterThanOrEqual(2);
    expect(linkHashes.length).toBeGreaterThanOrEqual(1);
  });

  it('prunes inside one transaction, as the hourly job does, a statement at a time', async () => {
    const db = t.database.db;
    await db.insert(authAttempts).values({
      kind: 'login_failure',
      email: 'stale@example.test',
      createdAt: sql`now() - interval '2 days'`,
    });

    // The scheduler runs the job in a transaction (lib/scheduler.ts): one PostgreSQL connection.
    await db.transaction((tx) => pruneHousekeeping(tx));

    const emails = (await db.select().from(authAttempts)).map((row) => row.email);
    expect(emails).not.toContain('stale@example.test');
  });
});
