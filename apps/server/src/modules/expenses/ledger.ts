import { suggestTransfers, unitBalances, type BalanceChanges } from '@household/domain';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { groupBalances, groupLedgers, groupMembers } from '../../db/schema';

/**
 * A group's money state (docs/expenses.md "Ledger"): every change of a group's expenses or
 * settlements runs `lockLedger` first, then moves balances with `moveBalances`, then calls
 * `refreshSuggestions`, all in its transaction. One money change at a time per group: a
 * settlement's check of what remains and the balances it moves can never interleave with another.
 */

// The moves themselves are pure rules of the domain (property-tested there); they are re-exported
// for the services that build a change.
export { paymentChanges, rowChanges, splitChanges, type BalanceChanges } from '@household/domain';

/** Locks the group's ledger row (created on first use) for the rest of the transaction. */
export async function lockLedger(tx: Tx, groupId: number) {
  await tx.insert(groupLedgers).values({ groupId }).onConflictDoNothing();
  const [ledger] = await tx
    .select()
    .from(groupLedgers)
    .where(eq(groupLedgers.groupId, groupId))
    .for('update');
  return ledger!;
}

export async function moveBalances(tx: Tx, groupId: number, changes: BalanceChanges) {
  const moves = [...changes].filter(([, cents]) => cents !== 0).sort(([a], [b]) => a - b);
  if (moves.length === 0) return;
  await tx
    .insert(groupBalances)
    .values(moves.map(([userId, netCents]) => ({ groupId, userId, netCents })))
    .onConflictDoUpdate({
      target: [groupBalances.groupId, groupBalances.userId],
      set: { netCents: sql`${groupBalances.netCents} + excluded.net_cents` },
    });
}

/** Everyone with a balance in the group, zero or not, by user id. */
export async function readBalances(
  db: DbOrTx,
  groupId: number,
  options: { nonZero?: boolean } = {},
) {
  return db
    .select({ userId: groupBalances.userId, netCents: groupBalances.netCents })
    .from(groupBalances)
    .where(
      and(
        eq(groupBalances.groupId, groupId),
        options.nonZero ? ne(groupBalances.netCents, 0) : undefined,
      ),
    )
    .orderBy(groupBalances.userId);
}

/** Who is in which unit (user id → unit id); members in none are left out. */
export async function readUnitOf(db: DbOrTx, groupId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ userId: groupMembers.userId, unitId: groupMembers.unitId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), isNotNull(groupMembers.unitId)));
  return new Map(rows.map((row) => [row.userId, row.unitId!]));
}

/**
 * The suggested transfers for the balances as they are now, between parties (units and members in
 * none, docs/expenses.md "Units"), built on the ones stored before, so that a small change changes
 * few suggestions; stored for the next change and for reads. `afresh` when the parties themselves
 * changed (a unit made, changed or dissolved): the stored ones ran between other parties.
 */
export async function refreshSuggestions(
  tx: Tx,
  ledger: Awaited<ReturnType<typeof lockLedger>>,
  options: { afresh?: boolean } = {},
) {
  const balances = await readBalances(tx, ledger.groupId, { nonZero: true });
  const unitOf = await readUnitOf(tx, ledger.groupId);
  const parties = unitBalances(new Map(balances.map((row) => [row.userId, row.netCents])), unitOf);
  const transfers = suggestTransfers(
    new Map([...parties].filter(([, cents]) => cents !== 0)),
    options.afresh ? [] : ledger.transfers,
  );
  await tx
    .update(groupLedgers)
    .set({ transfers, updatedAt: sql`now()` })
    .where(eq(groupLedgers.groupId, ledger.groupId));
}

/** The whole change of a group's money: lock, move balances, refresh suggestions. */
export async function commitToLedger(
  tx: Tx,
  ledger: Awaited<ReturnType<typeof lockLedger>>,
  changes: BalanceChanges,
) {
  await moveBalances(tx, ledger.groupId, changes);
  await refreshSuggestions(tx, ledger);
}
