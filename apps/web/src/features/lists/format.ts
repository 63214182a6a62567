import { minorUnitDigits } from '@household/domain';
import { memoized } from '../../lib/memoized';

/**
 * The price as it goes back into the input field, with a decimal point in every language, which
 * parseOptionalMoneyInput (lib/money.ts) reads back to the same cents.
 */
export function priceInputValue(cents: number | null, currency: string): string {
  if (cents === null) return '';
  const digits = minorUnitDigits(currency);
  return digits === 0 ? String(cents) : (cents / 10 ** digits).toFixed(digits);
}

/** One number format per locale: every row of a list shows a quantity (packages/domain money.ts). */
const quantityFormat = memoized(
  (locale: string) => new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }),
);

/** A quantity as people write it: "2", "1.5", "500 g". */
export function quantityText(quantity: number, unit: string | null, locale: string): string {
  const number = quantityFormat(locale).format(quantity);
  return unit ? `${number} ${unit}` : `${number} ×`;
}
