/** Digits after the decimal point of a currency's minor unit (EUR 2, JPY 0, KWD 3). */
export function minorUnitDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2
  );
}

/** Formats an integer amount of minor units (cents) for a locale, e.g. 1234 EUR in de -> "12,34 €". */
export function formatMoney(amountCents: number, currency: string, locale: string): string {
  if (!Number.isSafeInteger(amountCents)) {
    throw new RangeError(`amountCents must be a safe integer, got ${amountCents}`);
  }
  const digits = minorUnitDigits(currency);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amountCents / 10 ** digits);
}
