import { minorUnitDigits } from '@household/domain';

/**
 * The price as it goes back into the input field, with a decimal point in every language, which
 * parseOptionalMoneyInput (lib/money.ts) reads back to the same cents.
 */
export function priceInputValue(cents: number | null, currency: string): string {
  if (cents === null) return '';
  const digits = minorUnitDigits(currency);
  return digits === 0 ? String(cents) : (cents / 10 ** digits).toFixed(digits);
}

/** A quantity as people write it: "2", "1.5", "500 g". */
export function quantityText(quantity: number, unit: string | null, locale: string): string {
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(quantity);
  return unit ? `${number} ${unit}` : `${number} ×`;
}
