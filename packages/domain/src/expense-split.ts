/**
 * How an expense's amount is divided among the people who share it (spec §4 split types). Every
 * split adds up exactly to the amount, no share is negative, and the same input always gives the
 * same shares (docs/expenses.md "Splits").
 */

export const SPLIT_TYPES = ['equal', 'exact', 'percentage', 'shares', 'item_based'] as const;
export type SplitType = (typeof SPLIT_TYPES)[number];

/** 100 % in basis points: percentages carry up to two decimals (12.5 % is 1250). */
export const FULL_PERCENT_BASIS_POINTS = 10_000;

/** One item of an item-based split: its price and who takes it (nobody: everyone shares it). */
export interface SplitItem {
  priceCents: number;
  takers: readonly number[];
}

export type SplitRequest =
  | { type: 'equal'; participants: readonly number[] }
  | { type: 'exact'; amounts: readonly { userId: number; amountCents: number }[] }
  | { type: 'percentage'; percentages: readonly { userId: number; basisPoints: number }[] }
  | { type: 'shares'; shares: readonly { userId: number; weight: number }[] }
  | { type: 'item_based'; participants: readonly number[]; items: readonly SplitItem[] };

/** What one person owes of an expense. */
export interface Share {
  userId: number;
  amountCents: number;
}

export type SplitError =
  | { code: 'no_participants' }
  | { code: 'duplicate_participant'; userId: number }
  | { code: 'invalid_amount' }
  | { code: 'negative_value'; userId: number | null }
  /** Exact amounts that do not add up: `differenceCents` = amount − their sum (> 0: left over). */
  | { code: 'exact_sum_mismatch'; differenceCents: number }
  /** Percentages that do not add up to 100: `differenceBasisPoints` = 10000 − their sum. */
  | { code: 'percentage_sum_mismatch'; differenceBasisPoints: number }
  | { code: 'zero_weights' }
  | { code: 'unknown_taker'; userId: number };

export type SplitOutcome = { ok: true; shares: Share[] } | { ok: false; error: SplitError };

export interface SplitOptions {
  /**
   * Where the cents that cannot be divided evenly start: people are ordered by id and the
   * remainder cents go to those with the largest fractions, ties from position `rotation` on.
   * The service passes `rotationOfDate(expense date)`, so that the odd cents move round the
   * household instead of always falling to the same person, and a form can preview the exact
   * shares before the expense is saved.
   */
  rotation?: number;
}

const DAY_MS = 86_400_000;

/** The rotation of an expense dated `date` (YYYY-MM-DD): its day number since 1970-01-01. */
export function rotationOfDate(date: string): number {
  const day = Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
  return Number.isFinite(day) ? Math.abs(day) : 0;
}

/**
 * Divides `amountCents` as the request says. Shares come ordered by user id, one per person named
 * (a person may owe 0, e.g. a 0 % share or exact 0).
 */
export function splitExpense(
  amountCents: number,
  request: SplitRequest,
  options: SplitOptions = {},
): SplitOutcome {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) {
    return fail({ code: 'invalid_amount' });
  }
  const rotation = options.rotation ?? 0;
  switch (request.type) {
    case 'equal':
      return byWeights(
        amountCents,
        request.participants.map((userId) => ({ userId, weight: 1 })),
        rotation,
      );
    case 'shares':
      return byWeights(amountCents, request.shares, rotation);
    case 'percentage': {
      const entries = request.percentages.map(({ userId, basisPoints }) => ({
        userId,
        weight: basisPoints,
      }));
      const invalid = checkPeople(entries);
      if (invalid) return fail(invalid);
      const total = entries.reduce((sum, entry) => sum + entry.weight, 0);
      if (total !== FULL_PERCENT_BASIS_POINTS) {
        return fail({
          code: 'percentage_sum_mismatch',
          differenceBasisPoints: FULL_PERCENT_BASIS_POINTS - total,
        });
      }
      return byWeights(amountCents, entries, rotation);
    }
    case 'exact': {
      const entries = request.amounts.map(({ userId, amountCents: weight }) => ({
        userId,
        weight,
      }));
      const invalid = checkPeople(entries);
      if (invalid) return fail(invalid);
      const total = entries.reduce((sum, entry) => sum + entry.weight, 0);
      if (total !== amountCents) {
        return fail({ code: 'exact_sum_mismatch', differenceCents: amountCents - total });
      }
      return ok(sortById(entries).map(({ userId, weight }) => ({ userId, amountCents: weight })));
    }
    case 'item_based':
      return byItems(amountCents, request.participants, request.items, rotation);
  }
}

interface Weighted {
  userId: number;
  weight: number;
}

function byWeights(amountCents: number, entries: readonly Weighted[], rotation: number) {
  const invalid = checkPeople(entries);
  if (invalid) return fail(invalid);
  if (entries.every((entry) => entry.weight === 0)) return fail({ code: 'zero_weights' });
  return ok(allocate(amountCents, sortById(entries), rotation));
}

/**
 * Item by item: an item's price is divided equally among its takers (everyone, when nobody took
 * it). When the amount differs from the items' total (a bag, a discount, a rounding of the till),
 * everyone's subtotal is scaled to the amount in proportion, as tax and tip are in itemised bills.
 */
function byItems(
  amountCents: number,
  participants: readonly number[],
  items: readonly SplitItem[],
  rotation: number,
): SplitOutcome {
  const people = participants.map((userId) => ({ userId, weight: 1 }));
  const invalid = checkPeople(people);
  if (invalid) return fail(invalid);
  const known = new Set(participants);
  const subtotals = new Map(participants.map((userId) => [userId, 0]));
  for (const item of items) {
    if (!Number.isSafeInteger(item.priceCents) || item.priceCents < 0) {
      return fail({ code: 'negative_value', userId: null });
    }
    const unknown = item.takers.find((userId) => !known.has(userId));
    if (unknown !== undefined) return fail({ code: 'unknown_taker', userId: unknown });
    const takers = item.takers.length > 0 ? [...new Set(item.takers)] : [...participants];
    const parts = allocate(
      item.priceCents,
      sortById(takers.map((userId) => ({ userId, weight: 1 }))),
      rotation,
    );
    for (const part of parts) {
      subtotals.set(part.userId, subtotals.get(part.userId)! + part.amountCents);
    }
  }
  const weighted = [...subtotals].map(([userId, weight]) => ({ userId, weight }));
  // No priced item: nothing to go by but the people, so everyone pays alike.
  const weights = weighted.every((entry) => entry.weight === 0) ? people : weighted;
  return ok(allocate(amountCents, sortById(weights), rotation));
}

function checkPeople(entries: readonly Weighted[]): SplitError | null {
  if (entries.length === 0) return { code: 'no_participants' };
  const seen = new Set<number>();
  for (const { userId, weight } of entries) {
    if (seen.has(userId)) return { code: 'duplicate_participant', userId };
    seen.add(userId);
    if (!Number.isSafeInteger(weight) || weight < 0) return { code: 'negative_value', userId };
  }
  return null;
}

const sortById = (entries: readonly Weighted[]) => [...entries].sort((a, b) => a.userId - b.userId);

/**
 * Largest remainders: everyone gets floor(amount × weight / total weight), and the cents left go
 * one each to the largest fractions; equal fractions in id order, starting at `rotation`. Exact
 * for any safe-integer amount and weights (the products are computed as big integers).
 */
function allocate(amountCents: number, entries: readonly Weighted[], rotation: number): Share[] {
  const totalWeight = BigInt(entries.reduce((sum, entry) => sum + entry.weight, 0));
  const amount = BigInt(amountCents);
  const parts = entries.map(({ userId, weight }, index) => {
    const product = amount * BigInt(weight);
    return { userId, index, floor: product / totalWeight, fraction: product % totalWeight };
  });
  const left = amountCents - parts.reduce((sum, part) => sum + Number(part.floor), 0);
  const n = entries.length;
  const start = ((rotation % n) + n) % n;
  const order = [...parts].sort((a, b) => {
    if (a.fraction !== b.fraction) return a.fraction > b.fraction ? -1 : 1;
    return ((a.index - start + n) % n) - ((b.index - start + n) % n);
  });
  // The cents left are (sum of fractions) / total weight, fewer than the parts with a fraction, so
  // they all go to parts with a weight: someone at 0 % never owes a cent.
  const extra = new Set(order.slice(0, left).map((part) => part.index));
  return parts.map((part) => ({
    userId: part.userId,
    amountCents: Number(part.floor) + (extra.has(part.index) ? 1 : 0),
  }));
}

const ok = (shares: Share[]): SplitOutcome => ({ ok: true, shares });
const fail = (error: SplitError): SplitOutcome => ({ ok: false, error });
