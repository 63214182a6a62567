/**
 * Settling a share of an expense (spec §4 split and payment status, §5 settle amount, §6 own shares
 * only): what remains of a share, its status, the expense's payment status, and whether a
 * settlement may be recorded.
 */

export const SPLIT_STATUSES = ['settled', 'partially_settled', 'unsettled'] as const;
export type SplitStatus = (typeof SPLIT_STATUSES)[number];

export const PAYMENT_STATUSES = ['paid', 'partially_paid', 'unpaid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** One person's share of an expense and what they have paid against it. */
export interface ShareState {
  userId: number;
  /** Who the share is owed to, when an expense has several payers; else the expense's payer. */
  payerId?: number;
  owedCents: number;
  settledCents: number;
}

export const remainingCents = (share: ShareState) =>
  Math.max(0, share.owedCents - share.settledCents);

/** A share of 0 owes nothing, so it is settled; the payer's own share is settled from the start. */
export function splitStatus(share: ShareState): SplitStatus {
  if (remainingCents(share) === 0) return 'settled';
  return share.settledCents > 0 ? 'partially_settled' : 'unsettled';
}

/**
 * Paid when every share of someone other than its payer is settled (or there is none), unpaid when
 * none of them has been paid against at all, partially paid in between.
 */
export function paymentStatus(payerId: number, shares: readonly ShareState[]): PaymentStatus {
  const owedToPayer = shares.filter(
    (share) => share.userId !== (share.payerId ?? payerId) && share.owedCents > 0,
  );
  if (owedToPayer.every((share) => splitStatus(share) === 'settled')) return 'paid';
  return owedToPayer.some((share) => share.settledCents > 0) ? 'partially_paid' : 'unpaid';
}

export type SettleRefusal =
  /** spec §6 "You can only settle your own shares" (403). */
  | { code: 'not_own_share' }
  /** spec §5 "Please enter a positive amount". */
  | { code: 'not_positive' }
  /** spec §5 "Amount cannot exceed remaining: {amount}". */
  | { code: 'exceeds_remaining'; remainingCents: number };

/**
 * Whether `actorId` may settle `amountCents` of `share` now. Run it on the share as read under a
 * row lock in the settlement's transaction, so that concurrent settlements never over-settle.
 */
export function checkSettlement(
  share: ShareState,
  actorId: number,
  amountCents: number,
): SettleRefusal | null {
  if (share.userId !== actorId) return { code: 'not_own_share' };
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) return { code: 'not_positive' };
  const remaining = remainingCents(share);
  if (amountCents > remaining) return { code: 'exceeds_remaining', remainingCents: remaining };
  return null;
}

/**
 * Whether a payment counted against `share` may change from `currentCents` to `newCents` (an
 * edited payment; 0 when it is deleted). It may be at most what remains of the share plus what it
 * already counts, which the refusal names. Run it on the share as read under a row lock, like
 * `checkSettlement`.
 */
export function checkSettlementChange(
  share: Omit<ShareState, 'userId'>,
  currentCents: number,
  newCents: number,
): Extract<SettleRefusal, { code: 'exceeds_remaining' }> | null {
  if (share.settledCents - currentCents + newCents <= share.owedCents) return null;
  const open = Math.max(0, share.owedCents - share.settledCents);
  return { code: 'exceeds_remaining', remainingCents: open + currentCents };
}
