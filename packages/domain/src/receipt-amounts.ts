import { ITEM_QUANTITY_MAX } from '@household/contracts';
import { ITEM_LINE_UNITS } from './item-line';

/*
 * Amounts. Prices have exactly two decimals, in either convention, with thousands grouped by
 * the other separator ("1.299,00", "1,299.00") or, in French, by a space ("1 960,06").
 * Recognition reads some digits as the letters they look like; inside an amount, where no letter
 * belongs, they are taken back: O for 0, I and l for 1, S for 5, B for 8 ("2,2S" is 2,25).
 */
const amountPattern = (digit: string, decimal: string) =>
  `${digit}{1,3}(?: ${digit}{3})+,${decimal}{2}` +
  `|${digit}{1,3}(?:\\.${digit}{3})+,${decimal}{2}|${digit}{1,3}(?:,${digit}{3})+\\.${decimal}{2}` +
  `|${digit}{1,9}[.,]${decimal}{2}`;
/** With an O for a 0 only: the form searched for inside a line, beside quantities and units. */
const AMOUNT = amountPattern('[0-9Oo]', '[0-9Oo]');
/**
 * At the end of a line, where the price stands: the other look-alikes too, but no l as a last
 * decimal ("0,5l" is half a litre) and none of them where the case-insensitive units could match.
 */
const PRICE_AMOUNT = amountPattern('[0-9OoIlSB]', '[0-9OoSB]');
const CURRENCY = '(?:[€£$]|EUR|Eur|eur)';
/**
 * The tax class after a price: "1,99 A", "1,99 B*", "1,99 *", "1,99 1"; an A read with an accent
 * ("3,15 À", from French and Spanish models) is one too.
 */
const TAX_CLASS = '(?: ?(?:[A-FÀÁÂÄ]\\*?|\\*{1,2})| [1-9])';
/**
 * Specks and creases read after a price ("1,99 A'", "2,49 ,", "3,10 |"): one or two marks that
 * are neither letters nor digits, so that the price is not taken for part of the name.
 */
const STRAY = '(?: ?[^\\p{L}\\p{N}\\s-]{1,2})?';
/** Groups: 1 a leading minus, 2 the amount, 3 a trailing minus ("0,50-"). */
export const TRAILING_PRICE = new RegExp(
  `(?:^| )(?:${CURRENCY} ?)?(-)?(?:${CURRENCY} ?)?(${PRICE_AMOUNT})(-)?(?: ?${CURRENCY})?${TAX_CLASS}?${STRAY}$`,
  'u',
);
/**
 * Prices whose decimal separator recognition lost, read only where a receipt's price belongs.
 * "2 25", "2:25": a space, or a colon or semicolon, where the separator was, read as 2,25. "225": the digits alone, read as
 * written (225.00): nothing tells 2,25 from 22,50 on the line itself, but the receipt's total
 * does, and checkReceiptTotal proposes the separator back when it explains the difference.
 * Groups: 1 the units, 2 the cents (the first form only).
 */
export const SPACED_PRICE = new RegExp(
  `(?:^| )(?:${CURRENCY} ?)?(\\d{1,3})[ :;](\\d{2})(?: ?${CURRENCY})?${TAX_CLASS}?${STRAY}$`,
  'u',
);
export const WHOLE_PRICE = new RegExp(
  `(?:^| )(?:${CURRENCY} ?)?(\\d{3,5})(?: ?${CURRENCY})?${TAX_CLASS}?${STRAY}$`,
  'u',
);
/** "6, 65": recognition often reads a space after the decimal separator. */
export const SPACED_DECIMALS = new RegExp(
  `(\\d[.,]) (\\d{2}-?(?: ?${CURRENCY})?${TAX_CLASS}?)$`,
  'u',
);
export const AMOUNT_TOKEN = new RegExp(`^[-€£$]*(?:${AMOUNT})-?(?:[€£$]|EUR)?[A-F]?\\*?$`, 'iu');

/*
 * Measures: "2 x 0,49", "2 Stk x 0,49 EUR", "0,746 kg x 1,65 EUR/kg", "1,064 kg 1,79 €/kg",
 * "0,845 kg x 1,99 per kg": a quantity at a unit price. Groups: 1 quantity, 2 unit, 3 the times sign, 4 unit price, 5 "/kg".
 */
const UNITS = [...ITEM_LINE_UNITS].sort((a, b) => b.length - a.length).join('|');
const QUANTITY = '(\\d{1,6}(?:[.,]\\d{1,3})?)';
/** The times sign, which recognition sometimes reads twice ("3 Xx 0,95"). */
const TIMES = '[x×*@]{1,2}';
const MEASURE =
  `${QUANTITY} ?(?:(${UNITS})\\.? ?)?(${TIMES} ?)?` +
  `(?:${CURRENCY} ?)?(${AMOUNT})(?: ?${CURRENCY})?( ?(?:\\/|per|pro|par|por) ?(?:${UNITS})\\.?)?`;
/** A quantity line of its own, with the tax class and specks a price line may have. */
export const MEASURE_LINE = new RegExp(`^${MEASURE}${TAX_CLASS}?${STRAY}$`, 'iu');
export const TRAILING_MEASURE = new RegExp(`^(.+?) ${MEASURE}$`, 'iu');
/**
 * A quantity line whose count was read as a letter ("Sx 1,29", "Z x 0,89", "S xXx 1,29"):
 * group 1 the unit price. The count is the item's price over it (readReceiptItems).
 */
export const COUNT_LOST_LINE = new RegExp(
  `^\\p{L} ?[x×*]{1,3} ?(?:${CURRENCY} ?)?(${AMOUNT})(?: ?${CURRENCY})?${TAX_CLASS}?${STRAY}$`,
  'iu',
);
/** "BANANEN 2 x" before the price: the price is each one's. */
export const TRAILING_TIMES = new RegExp(
  `^(.+?) ${QUANTITY} ?(?:(${UNITS})\\.? ?)?${TIMES}$`,
  'iu',
);
/** "2 PAN DE MOLDE 1,15" before the price 2,30: the first amount is the unit price. */
export const TRAILING_AMOUNT = new RegExp(
  `^(.+?) (?:${CURRENCY} ?)?(${AMOUNT})(?: ?${CURRENCY})?$`,
  'iu',
);
/** "Milk - 1.99", "Milk: 1.99". */
export const PRICE_SEPARATOR = / ?[-–—:=@]$/u;

/**
 * An amount as AMOUNT matched it, in cents; null when it holds no digit at all ("O,OO") or more
 * than one letter taken for a digit other than O (then it is more likely a word than a price).
 */
export function amountCents(amount: string): number | null {
  if (!/\d/.test(amount) || (amount.match(/[IlSB]/g)?.length ?? 0) > 1) return null;
  const digits = amount
    .replace(/[Oo]/g, '0')
    .replace(/[Il]/g, '1')
    .replace(/S/g, '5')
    .replace(/B/g, '8')
    .replace(/[^\d]/g, '');
  const cents = Number(digits);
  return Number.isSafeInteger(cents) ? cents : null;
}

export function isQuantity(quantity: number): boolean {
  return quantity > 0 && quantity <= ITEM_QUANTITY_MAX;
}
