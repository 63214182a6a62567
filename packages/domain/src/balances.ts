/**
 * Who owes whom in a group (docs/expenses.md "Balances"): each member's net position, mine with
 * each person, and the transfers that would clear every debt.
 */

/** An expense as the balances see it: who paid, and what each person's share is. */
export interface LedgerExpense {
  payerId: number;
  shares: readonly { userId: number; amountCents: number }[];
}

/**
 * Money that went from one member to another: a settlement of a share of an expense, or a payment
 * outside any expense ("Ana paid Ben 20 €"). Both reduce what the payer owes the receiver.
 */
export interface LedgerPayment {
  fromId: number;
  toId: number;
  amountCents: number;
}

/** A suggested payment that, with the others, clears every balance. */
export interface Transfer {
  fromId: number;
  toId: number;
  amountCents: number;
}

const add = (map: Map<number, number>, key: number, cents: number) =>
  map.set(key, (map.get(key) ?? 0) + cents);

/**
 * Each person's net position: what they paid for others and paid back, less what they owe and
 * were paid back. Positive: the others owe them. The positions of a group always add up to zero.
 */
export function netBalances(
  expenses: readonly LedgerExpense[],
  payments: readonly LedgerPayment[],
): Map<number, number> {
  const net = new Map<number, number>();
  for (const { payerId, shares } of expenses) {
    for (const { userId, amountCents } of shares) {
      add(net, payerId, amountCents);
      add(net, userId, -amountCents);
    }
  }
  for (const { fromId, toId, amountCents } of payments) {
    add(net, fromId, amountCents);
    add(net, toId, -amountCents);
  }
  return net;
}

/**
 * What each other person owes `me` (positive) or I owe them (negative), from the expenses one of us
 * paid and the other shares, and the payments between us.
 */
export function balancesWith(
  me: number,
  expenses: readonly LedgerExpense[],
  payments: readonly LedgerPayment[],
): Map<number, number> {
  const owed = new Map<number, number>();
  for (const { payerId, shares } of expenses) {
    for (const { userId, amountCents } of shares) {
      if (userId === payerId) continue;
      if (payerId === me) add(owed, userId, amountCents);
      else if (userId === me) add(owed, payerId, -amountCents);
    }
  }
  for (const { fromId, toId, amountCents } of payments) {
    if (toId === me && fromId !== me) add(owed, fromId, -amountCents);
    else if (fromId === me && toId !== me) add(owed, toId, amountCents);
  }
  return owed;
}

/**
 * Transfers that bring every balance to zero, at most one fewer than the people with a balance.
 *
 * Afresh, a debtor and a creditor whose amounts are equal settle each other, and everyone else
 * settles with the person owed most. Ties go by id, so the same input always gives the same
 * suggestions.
 *
 * Given the suggestions made before (`previous`, for the balances as they were then), it keeps
 * them and routes what has changed since through them: a new debt from A to B goes along the
 * existing chain of payments between A and B when there is one, else it becomes a new payment. The
 * suggestions stay a forest, so one more small expense changes a few of them instead of
 * reshuffling them all (bench/README.md "Settle-up stability"). When the result would need more
 * than n − 1 transfers, it starts afresh.
 */
export function suggestTransfers(
  balances: ReadonlyMap<number, number>,
  previous: readonly Transfer[] = [],
): Transfer[] {
  checkBalances(balances);
  if (previous.length === 0) return clear(balances);
  const limit = Math.max(0, [...balances.values()].filter((cents) => cents !== 0).length - 1);
  const plan = PaymentForest.from(previous);
  if (!plan) return clear(balances);
  // What the previous suggestions leave uncleared now: the change in balances since they were made.
  const left = new Map(balances);
  for (const { fromId, toId, amountCents } of previous) {
    add(left, fromId, amountCents);
    add(left, toId, -amountCents);
  }
  for (const change of clear(left)) plan.route(change);
  const transfers = plan.transfers();
  return transfers.length <= limit ? transfers : clear(balances);
}

/** Payments between pairs of people, with no cycle: between two people there is at most one path. */
class PaymentForest {
  /** Amount paid from the lower id to the higher; negative: the other way. */
  private readonly pairs = new Map<string, { low: number; high: number; cents: number }>();

  /** Null when the payments are not a forest (they were not made by this function). */
  static from(transfers: readonly Transfer[]): PaymentForest | null {
    const forest = new PaymentForest();
    for (const transfer of transfers) {
      if (forest.path(transfer.fromId, transfer.toId)) return null;
      forest.pay(transfer.fromId, transfer.toId, transfer.amountCents);
    }
    return forest;
  }

  /** Sends `amountCents` from one person to another along their path, or directly. */
  route({ fromId, toId, amountCents }: Transfer): void {
    const path = this.path(fromId, toId);
    if (!path) {
      this.pay(fromId, toId, amountCents);
      return;
    }
    for (let step = 0; step + 1 < path.length; step += 1) {
      this.pay(path[step]!, path[step + 1]!, amountCents);
    }
  }

  transfers(): Transfer[] {
    return [...this.pairs.values()]
      .filter((pair) => pair.cents !== 0)
      .map(({ low, high, cents }) =>
        cents > 0
          ? { fromId: low, toId: high, amountCents: cents }
          : { fromId: high, toId: low, amountCents: -cents },
      );
  }

  private pay(fromId: number, toId: number, cents: number) {
    const [low, high] = fromId < toId ? [fromId, toId] : [toId, fromId];
    const key = `${low}:${high}`;
    const pair = this.pairs.get(key) ?? { low, high, cents: 0 };
    pair.cents += fromId === low ? cents : -cents;
    if (pair.cents === 0) this.pairs.delete(key);
    else this.pairs.set(key, pair);
  }

  /** The people from one to the other along payments, both included; null when not connected. */
  private path(fromId: number, toId: number): number[] | null {
    const neighbours = new Map<number, number[]>();
    for (const { low, high } of this.pairs.values()) {
      neighbours.set(low, [...(neighbours.get(low) ?? []), high]);
      neighbours.set(high, [...(neighbours.get(high) ?? []), low]);
    }
    const cameFrom = new Map<number, number>([[fromId, fromId]]);
    const queue = [fromId];
    while (queue.length > 0) {
      const person = queue.shift()!;
      if (person === toId) break;
      for (const next of neighbours.get(person) ?? []) {
        if (cameFrom.has(next)) continue;
        cameFrom.set(next, person);
        queue.push(next);
      }
    }
    if (!cameFrom.has(toId) || fromId === toId) return null;
    const path = [toId];
    while (path[0] !== fromId) path.unshift(cameFrom.get(path[0]!)!);
    return path;
  }
}

function checkBalances(balances: ReadonlyMap<number, number>) {
  let sum = 0;
  for (const [userId, cents] of balances) {
    if (!Number.isSafeInteger(cents)) throw new RangeError(`balance of ${userId} is ${cents}`);
    sum += cents;
  }
  if (sum !== 0) throw new RangeError(`balances add up to ${sum}, not 0`);
}

/**
 * Fresh suggestions: a debtor and a creditor whose amounts are equal settle each other; everyone
 * else settles with the person owed most (the hub), who pays the other creditors on. Every person
 * then has a single payment to make or receive but the hub, and a later change of a few balances
 * changes only their payments (bench/README.md "Settle-up stability").
 */
function clear(balances: ReadonlyMap<number, number>): Transfer[] {
  const debtors: Open[] = [];
  const creditors: Open[] = [];
  for (const [userId, cents] of balances) {
    if (cents < 0) debtors.push({ userId, cents: -cents });
    else if (cents > 0) creditors.push({ userId, cents });
  }
  const transfers: Transfer[] = [];
  for (const debtor of sortOpen(debtors)) {
    const match = sortOpen(creditors).find((creditor) => creditor.cents === debtor.cents);
    if (!match) continue;
    transfers.push({ fromId: debtor.userId, toId: match.userId, amountCents: debtor.cents });
    debtor.cents = 0;
    match.cents = 0;
  }
  const [hub, ...others] = sortOpen(creditors.filter((open) => open.cents > 0));
  if (!hub) return transfers;
  for (const debtor of sortOpen(debtors.filter((open) => open.cents > 0))) {
    transfers.push({ fromId: debtor.userId, toId: hub.userId, amountCents: debtor.cents });
  }
  for (const creditor of others) {
    transfers.push({ fromId: hub.userId, toId: creditor.userId, amountCents: creditor.cents });
  }
  return transfers;
}

interface Open {
  userId: number;
  cents: number;
}

/** Largest first; equal amounts by ascending id. */
const sortOpen = (opens: readonly Open[]) =>
  [...opens].sort((a, b) => b.cents - a.cents || a.userId - b.userId);
