import { ITEM_PRICE_MAX_CENTS } from '@household/contracts';
import { countedPrices, type CountedPrice, type ReceiptItem } from './receipt-lines';

/** A correction of one item's price that explains a mismatch with the printed total. */
export type ReceiptPriceFix = {
  /** The item's index in the items checked. */
  itemIndex: number;
  toCents: number;
} & (
  | {
      /**
       * A decimal separator recognition lost (`225` read for `2,25`; with one digit misread
       * too, `145` for `1,15`), or one digit misread or read where there was none.
       */
      reason: 'separator' | 'digit';
      fromCents: number;
    }
  | {
      /**
       * The one product line amid the items whose price was not read at all (an offered
       * suggestion): it costs what the total leaves. Applied, it is ticked.
       */
      reason: 'unread';
      fromCents: null;
    }
);

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
 * The items, with the offered ones that have a price ticked where exactly their prices are what
 * the ticked items leave of the total: the printed total, read far more surely than any line,
 * confirms what recognition doubted (`Eau Minérale 1,10`, read at 55 on a careful French receipt
 * whose other items came to 1,10 short of it). Only beside at least one ticked price, so that a
 * total's line offered as an item never confirms itself; the doubted words stay marked. Applied
 * to the reading a job kept, before its total check, not while readings are compared: a reading
 * that adds up only with its doubted lines counted is no reason to stop reading the photo other
 * ways (on a poor German receipt the first reading would then have been kept, its prices right
 * and two names mangled, `3a Butter`, `Spülmatt ol`). Pure.
 */
export function confirmedByTotal(
  items: readonly ReceiptItem[],
  totalCents: number | null,
  discountsAndDepositsCents = 0,
): ReceiptItem[] {
  if (totalCents === null) return [...items];
  const counted = countedPrices(items);
  const offered = items.filter((item) => item.suggestion && item.priceCents !== null);
  if (counted.length === 0 || offered.length === 0) return [...items];
  const left =
    totalCents - discountsAndDepositsCents - counted.reduce((sum, { cents }) => sum + cents, 0);
  const offeredCents = offered.reduce((sum, item) => sum + item.priceCents!, 0);
  if (left <= 0 || offeredCents !== left) return [...items];
  return items.map((item) =>
    item.suggestion && item.priceCents !== null ? { ...item, suggestion: false } : item,
  );
}

/**
 * Checks the items' prices against the printed total, which recognition reads far more reliably
 * (it stands alone, beside a keyword) than every price above it. When the items do not add up,
 * it looks for the one misreading that explains the whole difference: first a price whose decimal
 * separator was lost (the reading takes a bare `225` as written, 225.00, and this gives 2,25),
 * then one digit of one price misread, or read where there was none (`17:99` for 1,99). Where
 * several would explain it, the one whose price recognition doubted is taken (its words' own
 * confidence, ReceiptItem.priceConfidence); where none or several were doubted, none is: two
 * equally good guesses are no better than none, and the review then offers the difference as an
 * adjustment. A price of whole units above the printed total itself cannot be as read: its
 * separator is given back first, whatever else remains (certainSeparatorFixes), and the one
 * guess may then find a digit of it misread too (`145` for 1,15: one fix, from 145,00 to 1,15).
 * Before any guess, the one product line whose price was not read at all takes what the items
 * leave (unreadPrice). Suggestions are not counted: they are not ticked in the review.
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
  const left = unexplainedCents - changeOf(certain);
  const guess = left === 0 ? null : (unreadPrice(items, left) ?? findFix(counted, certain, left));
  // A guess about a price whose separator was certain replaces that fix: one fix per item.
  const fixes = [
    ...certain.filter((fix) => fix.itemIndex !== guess?.itemIndex),
    ...(guess ? [guess] : []),
  ].sort((a, b) => a.itemIndex - b.itemIndex);
  return {
    itemsCents,
    totalCents,
    differenceCents,
    fixes,
    adjustmentCents: differenceCents - changeOf(fixes),
  };
}

/**
 * Below this confidence recognition doubted a price (ReceiptItem.priceConfidence): on the hard
 * photo set's receipts every misread price scored 26–77, and right ones mostly 88–96.
 */
const DOUBTED_PRICE = 80;

/** What applying the fixes changes the items' sum by. */
const changeOf = (fixes: readonly ReceiptPriceFix[]) =>
  fixes.reduce((sum, fix) => sum + fix.toCents - (fix.fromCents ?? 0), 0);

/**
 * The price of the one product line whose price was not read, where the items leave some of the
 * total unexplained: it must be in that difference, and a single line missing its price is a far
 * likelier cause than a misread digit besides. Null with none or several such lines, and where an
 * offered line has a price: what is left may then be that line's (a doubted "Réfrigérateur
 * 1 299,00" left 1 313,40 to "Lessive", the line without a price, which cost 11,95).
 */
function unreadPrice(items: readonly ReceiptItem[], leftCents: number): ReceiptPriceFix | null {
  if (leftCents <= 0 || leftCents > ITEM_PRICE_MAX_CENTS) return null;
  if (items.some((item) => item.suggestion && item.priceCents !== null)) return null;
  const unpriced = items.flatMap((item, itemIndex) =>
    item.suggestion && item.priceCents === null ? [itemIndex] : [],
  );
  if (unpriced.length !== 1) return null;
  return { itemIndex: unpriced[0]!, reason: 'unread', fromCents: null, toCents: leftCents };
}

/**
 * Prices that cannot be as read: whole units above the printed total itself (`135` read for 1,35
 * on a receipt of 29,68). Their separator was lost, whatever else was misread: each is given
 * back even where it does not explain the whole difference (a second misreading, or a line lost,
 * is then left to the search below and the adjustment).
 */
function certainSeparatorFixes(
  counted: readonly CountedPrice[],
  totalCents: number,
): ReceiptPriceFix[] {
  if (totalCents <= 0) return [];
  return counted.flatMap(({ itemIndex, cents }): ReceiptPriceFix[] =>
    cents > totalCents && cents % 100 === 0 && cents / 100 <= totalCents
      ? [{ itemIndex, reason: 'separator', fromCents: cents, toCents: cents / 100 }]
      : [],
  );
}

/** A fix the search may propose, with how sure recognition was of the price it changes. */
type Guess = ReceiptPriceFix & { confidence: number };

/** The one fix that explains `differenceCents` on top of the certain ones; null when none does. */
function findFix(
  counted: readonly CountedPrice[],
  certain: readonly ReceiptPriceFix[],
  differenceCents: number,
): ReceiptPriceFix | null {
  const fixed = new Map(certain.map((fix) => [fix.itemIndex, fix]));
  const rest = counted.filter(({ itemIndex }) => !fixed.has(itemIndex));
  const separator = rest.flatMap(({ itemIndex, cents, confidence }): Guess[] => {
    if (cents <= 0 || cents % 100 !== 0) return [];
    const toCents = cents / 100;
    return toCents - cents === differenceCents
      ? [{ itemIndex, reason: 'separator', fromCents: cents, toCents, confidence }]
      : [];
  });
  if (separator.length > 0) return onlyGuess(separator);
  const digit = counted.flatMap(({ itemIndex, cents, confidence }): Guess[] => {
    const certainFix = fixed.get(itemIndex);
    const read = certainFix?.toCents ?? cents;
    return misreadDigits(read)
      .filter((toCents) => toCents - read === differenceCents)
      .map((toCents) => ({
        itemIndex,
        reason: certainFix ? 'separator' : 'digit',
        fromCents: cents,
        toCents,
        confidence,
      }));
  });
  return onlyGuess(digit);
}

/** The guess to take: the only one, or the only one whose price recognition doubted. */
function onlyGuess(guesses: readonly Guess[]): ReceiptPriceFix | null {
  const doubted = guesses.filter((guess) => guess.confidence < DOUBTED_PRICE);
  const [guess] = guesses.length === 1 ? guesses : doubted.length === 1 ? doubted : [];
  if (!guess) return null;
  const { confidence: _confidence, ...fix } = guess;
  return fix;
}

/** The amounts a price may have been, one digit of it misread or read where there was none. */
const misreadDigits = (cents: number) => [
  ...new Set([...oneDigitChanges(cents), ...oneDigitTooMany(cents)]),
];

/**
 * Every amount with one digit fewer: a mark read as a digit (`17:99` for 1,99). Only where at
 * least three digits remain, as every printed price has.
 */
function oneDigitTooMany(cents: number): number[] {
  const digits = String(cents);
  if (cents <= 0 || digits.length < 4) return [];
  return [...digits].map((_digit, position) =>
    Number(digits.slice(0, position) + digits.slice(position + 1)),
  );
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
