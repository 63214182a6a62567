/**
 * What one change of a group's money does to its members' positions (docs/expenses.md "One money
 * change at a time per group"): the server adds up the moves of a change and writes them to the
 * kept positions in the same transaction. Taken together, the moves of a ledger are its
 * `netBalances`, so the kept positions never need recomputing from the whole history.
 */

/** Position changes by user id, in cents: positive, the others owe them more. */
export type BalanceChanges = Map<number, number>;

/** Adds `cents` to one person's change. */
export function addChange(changes: BalanceChanges, userId: number, cents: number): void {
  changes.set(userId, (changes.get(userId) ?? 0) + cents);
}

/** What an expense's splits do to balances (`sign` −1 takes them back): payer up, debtors down. */
export function splitChanges(
  changes: BalanceChanges,
  payerId: number,
  splits: readonly { userId: number; amountCents: number }[],
  sign: 1 | -1,
): void {
  for (const { userId, amountCents } of splits) {
    addChange(changes, payerId, sign * amountCents);
    addChange(changes, userId, -sign * amountCents);
  }
}

/** A payment from one person to another: the payer's position goes up, the receiver's down. */
export function paymentChanges(
  changes: BalanceChanges,
  payment: { fromId: number; toId: number; amountCents: number },
  sign: 1 | -1,
): void {
  addChange(changes, payment.fromId, sign * payment.amountCents);
  addChange(changes, payment.toId, -sign * payment.amountCents);
}

/**
 * What an expense's ledger rows do to balances, each row to its own payer (several payers): the
 * same as `splitChanges` row by row.
 */
export function rowChanges(
  changes: BalanceChanges,
  rows: readonly { userId: number; payerId: number; amountCents: number }[],
  sign: 1 | -1,
): void {
  for (const row of rows) splitChanges(changes, row.payerId, [row], sign);
}
