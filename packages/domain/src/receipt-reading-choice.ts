import { countedPrices, type ReceiptReading, type RecognisedLine } from './receipt-lines';
import { checkReceiptTotal } from './receipt-total-check';

/**
 * Whether a receipt's reading holds together: its printed total was read, and its priced items
 * (with the one fix checkReceiptTotal may propose, and the discounts and deposits) add up to it.
 * A reading that adds up was read right, item by item, far more often than not: a misread price
 * or a lost item shows as a difference. A line whose price was not read takes whatever the others
 * leave, so it holds together only beside most of the lines read surely with their prices: on a
 * crumpled French receipt, every price doubted, it took the whole of a misread total.
 */
export function addsUp(reading: ReceiptReading): boolean {
  const check = checkReceiptTotal(
    reading.items,
    reading.totalCents,
    reading.discountsAndDepositsCents,
  );
  if (check === null || check.adjustmentCents !== 0) return false;
  const takesWhatIsLeft = check.fixes.some((fix) => fix.reason === 'unread');
  return !takesWhatIsLeft || countedPrices(reading.items).length * 2 > reading.items.length;
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

/**
 * Below this mean confidence of its lines a reading is doubted: the shopping lists of the hard
 * photo set read at 51–96, while receipts whose shadow or grain came out as noise, read as lists,
 * gave 0–42.
 */
const DOUBTED_READING_CONFIDENCE = 50;

/**
 * Whether a reading can be taken without trying another way of reading the photo: a receipt whose
 * items add up to its total, or a list recognition was on the whole sure of. Pure.
 */
export function holdsTogether(reading: ReceiptReading, lines: readonly RecognisedLine[]): boolean {
  if (reading.kind === 'receipt') return addsUp(reading);
  if (lines.length === 0) return false;
  const mean = lines.reduce((sum, line) => sum + line.confidence, 0) / lines.length;
  return mean >= DOUBTED_READING_CONFIDENCE;
}

/**
 * Of a reading taken and one made another way as a last resort, the one to trust. A list is given
 * up only for a receipt that adds up (a receipt read as noise by the first ways); between
 * receipts, as strongerReceiptReading says. Pure.
 */
export function strongerLastReading(taken: ReceiptReading, last: ReceiptReading): ReceiptReading {
  if (taken.kind === 'list') return last.kind === 'receipt' && addsUp(last) ? last : taken;
  return strongerReceiptReading(taken, last);
}
