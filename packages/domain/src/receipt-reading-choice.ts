import type { ReceiptReading } from './receipt-lines';
import { checkReceiptTotal } from './receipt-total-check';

/**
 * Whether a receipt's reading holds together: its printed total was read, and its priced items
 * (with the one fix checkReceiptTotal may propose, and the discounts and deposits) add up to it.
 * A reading that adds up was read right, item by item, far more often than not: a misread price
 * or a lost item shows as a difference.
 */
export function addsUp(reading: ReceiptReading): boolean {
  const check = checkReceiptTotal(
    reading.items,
    reading.totalCents,
    reading.discountsAndDepositsCents,
  );
  return check !== null && check.adjustmentCents === 0;
}

/** The items that count against the total: priced, and not mere suggestions. */
const pricedItems = (reading: ReceiptReading) =>
  reading.items.filter((item) => !item.suggestion && item.priceCents !== null).length;

/**
 * Of two readings of one receipt photo (two ways of finding its lines), the one to trust: a
 * reading that adds up to its total before one that does not, else the one with more priced
 * items, the first on a tie. A reading that found a shopping list is no reading of a receipt: the
 * other wins while it found one. Pure.
 */
export function strongerReceiptReading(
  first: ReceiptReading,
  second: ReceiptReading,
): ReceiptReading {
  if (first.kind !== second.kind) return first.kind === 'receipt' ? first : second;
  const firstAddsUp = addsUp(first);
  if (firstAddsUp !== addsUp(second)) return firstAddsUp ? first : second;
  return pricedItems(second) > pricedItems(first) ? second : first;
}
