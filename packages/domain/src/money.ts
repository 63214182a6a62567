/**
 * Number formats made once per locale and currency: building an `Intl.NumberFormat` costs far more
 * than formatting with one, and a list draws a price on every row. They never change once made.
 */
const currencyFormats = new Map<string, Intl.NumberFormat>();

function currencyFormat(locale: string, currency: string, digits?: number): Intl.NumberFormat {
  const key = `${locale}|${currency}|${digits ?? ''}`;
  let format = currencyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      ...(digits === undefined
        ? {}
        : { minimumFractionDigits: digits, maximumFractionDigits: digits }),
    });
    currencyFormats.set(key, format);
  }
  return format;
}

/** Digits after the decimal point of a currency's minor unit (EUR 2, JPY 0, KWD 3). */
export function minorUnitDigits(currency: string): number {
  return currencyFormat('en', currency).resolvedOptions().maximumFractionDigits ?? 2;
}

/** Formats an integer amount of minor units (cents) for a locale, e.g. 1234 EUR in de -> "12,34 €". */
export function formatMoney(amountCents: number, currency: string, locale: string): string {
  if (!Number.isSafeInteger(amountCents)) {
    throw new RangeError(`amountCents must be a safe integer, got ${amountCents}`);
  }
  const digits = minorUnitDigits(currency);
  return currencyFormat(locale, currency, digits).format(amountCents / 10 ** digits);
}
