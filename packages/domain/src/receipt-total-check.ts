import { countedPrices, type ReceiptItem } from './receipt-lines';

/** A proposed correction of one item's price that explains a mismatch with the printed total. */
export interface ReceiptPriceFix {
  /** The item's index in the items checked. */
  itemIndex: number;
  /** A decimal separator recognition lost (`225` read for `2,25`), or one misread digit. */
  reason: 'separator' | 'digit';
  fromCents: number;
  toCents: number;
}

/** The printed total against the sum of the items that are not suggestions. */
export interface ReceiptTotalCheck {
  itemsCents: number;
  totalCents: number;
  /** total − the items' sum. */
  differenceCents: number;
  fixes: ReceiptPriceFix[];
  /** What is still off once the fixes are applied; 0 when they explain it all. */
  adjustmentCents: number;
}

/**
 * Checks the items' prices against the printed total, which recognition reads far more reliably
 * (it stands alone, beside a keyword) than every price above it. When the items do not add up,
 * it looks for the one misreading that explains the whole difference: first a price whose decimal
 * separator was lost (the reading takes a bare `225` as written, 225.00, and this proposes 2,25),
 * then one digit of one price misread. It proposes a fix only when exactly one explains the
 * difference: two equally good guesses are no better than none, and the review then offers the
 * difference as an adjustment. A price of whole units above the printed total itself cannot be
 * as read: its separator is proposed back first, whatever else remains (certainSeparatorFixes).
 * Suggestions are not counted: they are not ticked in the review.
 * The discounts and deposits printed among the items (ReceiptReading.discountsAndDepositsCents)
 * are no misreading: the fixes are looked for in what they leave unexplained, and they stay in
 * the adjustment. Null without a total. Pure.
 */
export function checkReceiptTotal(
  items: readonly ReceiptItem[],
  totalCents: number | null,
  discountsAndDepositsCents = 0,
): ReceiptTotalCheck | null {
  if (totalCents === null) return null;
  const counted = countedPrices(items);
  const itemsCents = counted.reduce((sum, { cents }) => sum + cents, 0);
  const differenceCents = totalCents - itemsCents;
  // Discounts and deposits explain their part of the difference; they stay in the adjustment.
  const unexplainedCents = differenceCents - discountsAndDepositsCents;
  const certain = certainSeparatorFixes(counted, totalCents);
  const fixedItems = new Set(certain.map((fix) => fix.itemIndex));
  const rest = counted.filter(({ itemIndex }) => !fixedItems.has(itemIndex));
  const left = unexplainedCents - changeOf(certain);
  const fixes = [...certain, ...(left === 0 ? [] : findFix(rest, left))].sort(
    (a, b) => a.itemIndex - b.itemIndex,
  );
  return {
    itemsCents,
    totalCents,
    differenceCents,
    fixes,
    adjustmentCents: differenceCents - changeOf(fixes),
  };
}

/** What applying the fixes changes the items' sum by. */
const changeOf = (fixes: readonly ReceiptPriceFix[]) =>
  fixes.reduce((sum, fix) => sum + fix.toCents - fix.fromCents, 0);

/**
 * Prices that cannot be as read: whole units above the printed total itself (`145` read for 1,45
 * on a receipt of 22,81). Their separator was lost, whatever else was misread: each is proposed
 * back even where it does not explain the whole difference (a second misreading, or a line lost,
 * is then left to the search below and the adjustment).
 */
function certainSeparatorFixes(
  counted: readonly { itemIndex: number; cents: number }[],
  totalCents: number,
): ReceiptPriceFix[] {
  if (totalCents <= 0) return [];
  return counted.flatMap(({ itemIndex, cents }): ReceiptPriceFix[] =>
    cents > totalCents && cents % 100 === 0 && cents / 100 <= totalCents
      ? [{ itemIndex, reason: 'separator', fromCents: cents, toCents: cents / 100 }]
      : [],
  );
}

function findFix(
  counted: readonly { itemIndex: number; cents: number }[],
  differenceCents: number,
): ReceiptPriceFix[] {
  const separator = counted.flatMap(({ itemIndex, cents }): ReceiptPriceFix[] => {
    if (cents <= 0 || cents % 100 !== 0) return [];
    const toCents = cents / 100;
    return toCents - cents === differenceCents
      ? [{ itemIndex, reason: 'separator', fromCents: cents, toCents }]
      : [];
  });
  if (separator.length > 0) return separator.length === 1 ? separator : [];
  const digit = counted.flatMap(({ itemIndex, cents }): ReceiptPriceFix[] =>
    oneDigitChanges(cents)
      .filter((toCents) => toCents - cents === differenceCents)
      .map((toCents) => ({ itemIndex, reason: 'digit', fromCents: cents, toCents })),
  );
  return digit.length === 1 ? digit : [];
}

/**
 * Every amount one printed digit away: cents print with at least three digits ("0,49"), and a
 * longer amount's first digit is never 0.
 */
function oneDigitChanges(cents: number): number[] {
  if (cents < 0) return [];
  const digits = String(cents).padStart(3, '0');
  const changes: number[] = [];
  for (let position = 0; position < digits.length; position += 1) {
    for (const replacement of '0123456789') {
      if (replacement === digits[position]) continue;
      if (position === 0 && replacement === '0' && digits.length > 3) continue;
      changes.push(Number(digits.slice(0, position) + replacement + digits.slice(position + 1)));
    }
  }
  return changes;
}
