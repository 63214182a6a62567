import { ITEM_QUANTITY_MAX } from '@household/contracts';
import { ITEM_LINE_UNITS } from './item-line';

/*
 * Amounts. Prices have exactly two decimals, in either convention, with thousands grouped by
 * the other separator ("1.299,00", "1,299.00"); an O read for a 0 is taken as one.
 */
const DIGIT = '[0-9Oo]';
export const AMOUNT =
  `${DIGIT}{1,3}(?:\\.${DIGIT}{3})+,${DIGIT}{2}|${DIGIT}{1,3}(?:,${DIGIT}{3})+\\.${DIGIT}{2}` +
  `|${DIGIT}{1,9}[.,]${DIGIT}{2}`;
export const CURRENCY = '(?:[€£$]|EUR|Eur|eur)';
/** The tax class after a price: "1,99 A", "1,99 B*", "1,99 *", "1,99 1". */
export const TAX_CLASS = '(?: ?(?:[A-F]\\*?|\\*{1,2})| [1-9])';
/** Groups: 1 a leading minus, 2 the amount, 3 a trailing minus ("0,50-"). */
export const TRAILING_PRICE = new RegExp(
  `(?:^| )(?:${CURRENCY} ?)?(-)?(?:${CURRENCY} ?)?(${AMOUNT})(-)?(?: ?${CURRENCY})?${TAX_CLASS}?$`,
  'u',
);
/** "6, 65": recognition often reads a space after the decimal separator. */
export const SPACED_DECIMALS = new RegExp(
  `(\\d[.,]) (\\d{2}-?(?: ?${CURRENCY})?${TAX_CLASS}?)$`,
  'u',
);
export const AMOUNT_TOKEN = new RegExp(`^[-€£$]*(?:${AMOUNT})-?(?:[€£$]|EUR)?[A-F]?\\*?$`, 'iu');

/*
 * Measures: "2 x 0,49", "2 Stk x 0,49 EUR", "0,746 kg x 1,65 EUR/kg", "1,064 kg 1,79 €/kg": a
 * quantity at a unit price. Groups: 1 quantity, 2 unit, 3 the times sign, 4 unit price, 5 "/kg".
 */
const UNITS = [...ITEM_LINE_UNITS].sort((a, b) => b.length - a.length).join('|');
const QUANTITY = '(\\d{1,6}(?:[.,]\\d{1,3})?)';
const TIMES = '[x×*@]';
const MEASURE =
  `${QUANTITY} ?(?:(${UNITS})\\.? ?)?(${TIMES} ?)?` +
  `(?:${CURRENCY} ?)?(${AMOUNT})(?: ?${CURRENCY})?( ?\\/ ?(?:${UNITS})\\.?)?`;
export const MEASURE_LINE = new RegExp(`^${MEASURE}$`, 'iu');
export const TRAILING_MEASURE = new RegExp(`^(.+?) ${MEASURE}$`, 'iu');
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

/** An amount as AMOUNT matched it, in cents; null when it holds no digit at all ("O,OO"). */
export function amountCents(amount: string): number | null {
  if (!/\d/.test(amount)) return null;
  const digits = amount.replace(/[Oo]/g, '0').replace(/[^\d]/g, '');
  const cents = Number(digits);
  return Number.isSafeInteger(cents) ? cents : null;
}

export function isQuantity(quantity: number): boolean {
  return quantity > 0 && quantity <= ITEM_QUANTITY_MAX;
}
