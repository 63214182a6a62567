/**
 * Settle-up anyone can follow (docs/expenses.md "Settle-up views"): what each person owes each
 * other person directly (pairwise), and why each suggested transfer of the simplified view is what
 * it is, from those direct debts.
 */
import type { LedgerExpense, LedgerPayment, Transfer } from './balances';

/**
 * One open debt or payment between two people before netting: `fromId` owes `toId` `cents` (a
 * payment from `fromId` to `toId` is a negative entry). `openCount` counts the open splits behind
 * it, `paidCents` the payments from `fromId` to `toId` it includes or that settled splits.
 */
export interface PairEntry {
  fromId: number;
  toId: number;
  cents: number;
  openCount?: number;
  paidCents?: number;
}

/** What one person (or party) owes another directly, netted over both directions. */
export interface PairDebt {
  fromId: number;
  toId: number;
  /** Positive: what is still open from `fromId` to `toId`. */
  amountCents: number;
  /** Open splits behind the debt, in both directions. */
  expenseCount: number;
  /**
   * Payments between the two, from `fromId` to `toId` less the other way: positive, a partial
   * payment ("paid 20 of 50"); negative, the creditor paid the debtor more than they owed directly.
   */
  paidCents: number;
}

/** The entries of a ledger: each share is owed to its payer, each payment counts against a debt. */
export function ledgerEntries(
  expenses: readonly LedgerExpense[],
  payments: readonly LedgerPayment[],
): PairEntry[] {
  const entries: PairEntry[] = [];
  for (const { payerId, shares } of expenses) {
    for (const { userId, amountCents } of shares) {
      if (userId !== payerId && amountCents !== 0)
        entries.push({ fromId: userId, toId: payerId, cents: amountCents, openCount: 1 });
    }
  }
  for (const { fromId, toId, amountCents } of payments) {
    if (fromId !== toId)
      entries.push({ fromId, toId, cents: -amountCents, paidCents: amountCents });
  }
  return entries;
}

/**
 * The pairwise view: the entries netted per pair of parties (`partyOf` maps a person to their
 * party, e.g. a couple's unit; what one member owes the other stays inside), one debt per pair
 * that owes anything, the largest first, ties by ids. For each person, what they are owed less
 * what they owe adds up to their net balance.
 */
export function pairwiseDebts(
  entries: readonly PairEntry[],
  partyOf: (id: number) => number = (id) => id,
): PairDebt[] {
  const pairs = new Map<
    string,
    { low: number; high: number; cents: number; n: number; paid: number }
  >();
  for (const entry of entries) {
    const from = partyOf(entry.fromId);
    const to = partyOf(entry.toId);
    if (from === to) continue;
    const [low, high] = from < to ? [from, to] : [to, from];
    const sign = from === low ? 1 : -1;
    const key = `${low}:${high}`;
    const pair = pairs.get(key) ?? { low, high, cents: 0, n: 0, paid: 0 };
    // Positive `cents`: the lower id owes the higher.
    pair.cents += sign * entry.cents;
    pair.n += entry.openCount ?? 0;
    pair.paid += sign * (entry.paidCents ?? 0);
    pairs.set(key, pair);
  }
  return [...pairs.values()]
    .filter((pair) => pair.cents !== 0)
    .map(({ low, high, cents, n, paid }) =>
      cents > 0
        ? { fromId: low, toId: high, amountCents: cents, expenseCount: n, paidCents: paid }
        : {
            fromId: high,
            toId: low,
            amountCents: -cents,
            expenseCount: n,
            paidCents: paid === 0 ? 0 : -paid,
          },
    )
    .sort((a, b) => b.amountCents - a.amountCents || a.fromId - b.fromId || a.toId - b.toId);
}

/** Why part of a suggested transfer is there. */
export type TransferReason =
  /** The payer owes the receiver this much directly ("Ben owes Ana €30 for 3 expenses"). */
  | { kind: 'direct'; amountCents: number; expenseCount: number }
  /** The payer owes `throughId`, who owes the receiver: one payment instead of two. */
  | { kind: 'through'; amountCents: number; throughId: number }
  /** The rest: longer chains of debts, evened out across the group. */
  | { kind: 'balance'; amountCents: number };

/**
 * Each suggested transfer's reasons, whose amounts add up to it: first what the payer owes the
 * receiver directly, then debts through one other party (payer owes them, they owe the receiver),
 * then the rest. Each direct debt is used once across all transfers, so two transfers never claim
 * the same money.
 */
export function explainTransfers(
  transfers: readonly Transfer[],
  debts: readonly PairDebt[],
): TransferReason[][] {
  const left = new Map(debts.map((debt) => [`${debt.fromId}:${debt.toId}`, debt.amountCents]));
  const countOf = new Map(debts.map((debt) => [`${debt.fromId}:${debt.toId}`, debt.expenseCount]));
  const take = (from: number, to: number, cents: number) => {
    const key = `${from}:${to}`;
    const taken = Math.min(cents, left.get(key) ?? 0);
    if (taken > 0) left.set(key, left.get(key)! - taken);
    return taken;
  };
  const reasons: TransferReason[][] = transfers.map(() => []);
  const rest = transfers.map((transfer) => transfer.amountCents);
  transfers.forEach(({ fromId, toId }, index) => {
    const direct = take(fromId, toId, rest[index]!);
    if (direct > 0) {
      reasons[index]!.push({
        kind: 'direct',
        amountCents: direct,
        expenseCount: countOf.get(`${fromId}:${toId}`) ?? 0,
      });
      rest[index]! -= direct;
    }
  });
  const parties = [...new Set(debts.flatMap((debt) => [debt.fromId, debt.toId]))].sort(
    (a, b) => a - b,
  );
  transfers.forEach(({ fromId, toId }, index) => {
    for (const throughId of parties) {
      if (rest[index] === 0) break;
      if (throughId === fromId || throughId === toId) continue;
      const cents = Math.min(
        rest[index]!,
        left.get(`${fromId}:${throughId}`) ?? 0,
        left.get(`${throughId}:${toId}`) ?? 0,
      );
      if (cents <= 0) continue;
      take(fromId, throughId, cents);
      take(throughId, toId, cents);
      reasons[index]!.push({ kind: 'through', amountCents: cents, throughId });
      rest[index]! -= cents;
    }
    if (rest[index]! > 0) reasons[index]!.push({ kind: 'balance', amountCents: rest[index]! });
  });
  return reasons;
}
