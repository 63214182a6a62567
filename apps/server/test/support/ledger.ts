import { netBalances } from '@household/domain';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client';
import { expenseSplits, groupBalances, settlements } from '../../src/db/schema';

/**
 * The positions the ledger keeps (`group_balances`) are what the group's splits and payments add
 * up to (the domain's `netBalances`), and add up to zero.
 */
export async function expectLedgerConsistent(db: Db, groupId: number) {
  const splits = await db.select().from(expenseSplits).where(eq(expenseSplits.groupId, groupId));
  const payments = await db.select().from(settlements).where(eq(settlements.groupId, groupId));
  const expected = netBalances(
    splits.map((split) => ({ payerId: split.payerId, shares: [split] })),
    payments,
  );
  const kept = await db.select().from(groupBalances).where(eq(groupBalances.groupId, groupId));
  for (const row of kept) expect(row.netCents).toBe(expected.get(row.userId) ?? 0);
  for (const [userId, cents] of expected) {
    if (cents !== 0) expect(kept.find((row) => row.userId === userId)?.netCents).toBe(cents);
  }
  expect(kept.reduce((sum, row) => sum + row.netCents, 0)).toBe(0);
}
