/** A participant key: a user id, or whatever the caller identifies people by. */
export type ParticipantKey = string | number | null;

/** One line of the list as the cost summary sees it: who added it and what it costs. */
export interface CostItem<K extends ParticipantKey> {
  /** Null: the account that added it has since been deleted. */
  addedBy: K | null;
  /** The price of the whole line in cents; null when not known yet. */
  priceCents: number | null;
}

/** One participant's line of the cost summary. */
export interface CostSummaryRow<K extends ParticipantKey> {
  /** Null: items added by an account since deleted. */
  key: K | null;
  /** Sum of the prices of the items this participant added. */
  itemsAddedCents: number;
  /** This participant's share of the total; shares add up exactly to the total. */
  amountDueCents: number;
  /** itemsAdded - amountDue: positive means the others owe them. Balances add up to zero. */
  balanceCents: number;
}

/** spec §3 Cost summary, before it is presented on the wire. */
export interface ListCostSummary<K extends ParticipantKey> {
  totalCents: number;
  /** floor(total / participants), before remainder cents; 0 without participants. */
  equalShareCents: number;
  rows: CostSummaryRow<K>[];
}

/** Splits an integer total into n integer parts that add up to it; the first (total mod n) parts get one cent more. */
export function splitEvenly(totalCents: number, n: number): number[] {
  if (!Number.isSafeInteger(totalCents)) {
    throw new RangeError(`totalCents must be a safe integer, got ${totalCents}`);
  }
  if (!Number.isSafeInteger(n) || n < 0) {
    throw new RangeError(`n must be a non-negative integer, got ${n}`);
  }
  if (n === 0) {
    if (totalCents !== 0) throw new RangeError('cannot split a non-zero total among nobody');
    return [];
  }
  // `%` and the division of an exact multiple are exact on safe integers, where
  // `Math.floor(total / n)` may round; a negative total (a refund) still gets floor shares.
  const truncatedRemainder = totalCents % n;
  const truncated = (totalCents - truncatedRemainder) / n;
  const base = truncatedRemainder < 0 ? truncated - 1 : truncated;
  const remainder = truncatedRemainder < 0 ? truncatedRemainder + n : truncatedRemainder;
  return Array.from({ length: n }, (_, index) => (index < remainder ? base + 1 : base));
}

/**
 * Summarizes a list's costs: total, equal share and, per participant, items added, amount due and
 * balance. Participants are `participants` in the given order (duplicates dropped), then every
 * other adder of a priced item (a former member) in ascending key order with `null` (a deleted
 * account) last. The total is split evenly; remainder cents go one each to the first participants
 * in that order.
 */
export function summarizeListCosts<K extends ParticipantKey>(options: {
  participants: readonly K[];
  items: readonly CostItem<K>[];
}): ListCostSummary<K> {
  const addedCents = new Map<K | null, number>();
  let totalCents = 0;
  for (const item of options.items) {
    if (item.priceCents === null) continue;
    if (!Number.isSafeInteger(item.priceCents)) {
      throw new RangeError(`priceCents must be a safe integer, got ${item.priceCents}`);
    }
    totalCents += item.priceCents;
    addedCents.set(item.addedBy, (addedCents.get(item.addedBy) ?? 0) + item.priceCents);
  }

  const keys: (K | null)[] = [...new Set<K | null>(options.participants)];
  const members = new Set<K | null>(keys);
  // An item priced at 0 still counts as priced: its adder put a price on the list.
  const formers = [...addedCents.keys()].filter((key) => !members.has(key)).sort(compareKeys);
  keys.push(...formers);

  const shares = splitEvenly(totalCents, keys.length);
  const rows = keys.map((key, index): CostSummaryRow<K> => {
    const itemsAddedCents = addedCents.get(key) ?? 0;
    const amountDueCents = shares[index] ?? 0;
    return { key, itemsAddedCents, amountDueCents, balanceCents: itemsAddedCents - amountDueCents };
  });
  // The last share never gets a remainder cent (remainder < n), so it is floor(total / n).
  const equalShareCents = shares.at(-1) ?? 0;
  return { totalCents, equalShareCents, rows };
}

/** Ascending: numbers before strings (by code unit, not locale, so it is the same everywhere), null last. */
function compareKeys(a: ParticipantKey, b: ParticipantKey): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return a < b ? -1 : 1;
}
