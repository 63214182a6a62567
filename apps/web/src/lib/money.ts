import { formatMoney, minorUnitDigits } from '@household/domain';
import { memoized } from './memoized';

/**
 * An amount of minor units (cents) in its currency and the language the app shows (ARCHITECTURE
 * "Money"). A code Intl cannot format (the server only sends ISO 4217 codes, but a notification's
 * data is kept as it was written) still shows the amount, without a symbol.
 */
export function money(cents: number, currency: string, locale: string): string {
  try {
    return formatMoney(cents, currency, locale);
  } catch {
    return (cents / 100).toFixed(2);
  }
}

/**
 * An amount as a person types it, read into whole minor units (cents) of a currency
 * (ARCHITECTURE "Money": integers everywhere past the input field).
 */
export type MoneyInput =
  { ok: true; cents: number } | { ok: false; reason: 'empty' | 'invalid' | 'too_many_decimals' };

const GROUPING_MARK = /['’\s]/;
const SPACE_GROUPED = /^\d{1,3}(['’\s]\d{3})+([.,]\d*)?$/;

/**
 * The locale's decimal separator ("." in en, "," in de). Learnt once per locale, and the marks
 * below once per currency and locale: every row of supermarket mode reads its price field whenever
 * it is drawn, and making an `Intl.NumberFormat` each time cost 80 ms a tick at 4× CPU slow-down.
 */
export const decimalSeparator = memoized((locale: string): string => {
  const part = new Intl.NumberFormat(locale)
    .formatToParts(1.5)
    .find((entry) => entry.type === 'decimal');
  return part?.value ?? '.';
});

/** The marks a typed amount may carry for its currency: its code and its symbols in `locale`. */
const currencyMarks = memoized(readCurrencyMarks);

function readCurrencyMarks(currency: string, locale: string): readonly string[] {
  const marks = [currency];
  try {
    for (const display of ['symbol', 'narrowSymbol'] as const) {
      const symbol = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        currencyDisplay: display,
      })
        .formatToParts(1)
        .find((entry) => entry.type === 'currency')?.value;
      if (symbol) marks.push(symbol);
    }
  } catch {
    // An unknown currency code: only the code itself is stripped.
  }
  return marks;
}

const isGroupedWhole = (whole: string, mark: string) =>
  new RegExp(`^\\d{1,3}(\\${mark}\\d{3})+$`).test(whole);

/**
 * Reads "12,50", "12.50", "1.234,56", "1,234.56", "1 234,56" or "€ 12.50" in `locale`:
 *
 * - with both "." and ",", the last one is the decimal point and the other groups thousands;
 * - one mark that occurs several times groups thousands ("1.234.567");
 * - one mark that occurs once is the decimal point, unless it is the locale's grouping mark,
 *   exactly three digits follow and the currency has fewer than three decimals ("1.234" in de is
 *   1234 €; "12.50" in de is 12.50 €, as people type it; "1.234" KWD is 1.234 KWD, which is also
 *   how an item's price goes back into its field).
 *
 * More decimals than the currency has are refused rather than rounded: 12.345 € is a typing
 * mistake, not 12.35 €. Negative amounts, letters and other marks are refused.
 */
export function parseMoneyInput(text: string, currency: string, locale: string): MoneyInput {
  let cleaned = text.trim();
  for (const mark of currencyMarks(currency, locale)) cleaned = cleaned.split(mark).join('');
  cleaned = cleaned.trim();
  if (cleaned === '') return { ok: false, reason: 'empty' };
  const digits = minorUnitDigits(currency);

  // Spaces and apostrophes only ever group thousands ("1 234,56", "1'234.56").
  if (GROUPING_MARK.test(cleaned)) {
    if (!SPACE_GROUPED.test(cleaned)) return { ok: false, reason: 'invalid' };
    cleaned = cleaned.replace(/['’\s]/g, '');
  }
  if (!/^[\d.,]+$/.test(cleaned) || !/\d/.test(cleaned)) return { ok: false, reason: 'invalid' };

  let whole = cleaned;
  let fraction = '';
  const lastDot = cleaned.lastIndexOf('.');
  const lastComma = cleaned.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) {
    const point = lastDot > lastComma ? '.' : ',';
    const grouping = point === '.' ? ',' : '.';
    const at = cleaned.lastIndexOf(point);
    whole = cleaned.slice(0, at);
    fraction = cleaned.slice(at + 1);
    if (fraction.includes(grouping) || !isGroupedWhole(whole, grouping)) {
      return { ok: false, reason: 'invalid' };
    }
    whole = whole.split(grouping).join('');
  } else if (lastDot >= 0 || lastComma >= 0) {
    const mark = lastDot >= 0 ? '.' : ',';
    const count = cleaned.split(mark).length - 1;
    const head = cleaned.slice(0, cleaned.lastIndexOf(mark));
    const tail = cleaned.slice(cleaned.lastIndexOf(mark) + 1);
    const localeGroups = decimalSeparator(locale) !== mark;
    const groupsThousands = localeGroups && tail.length === 3 && digits < 3;
    if (count > 1 || (groupsThousands && /^\d{1,3}$/.test(head))) {
      if (!isGroupedWhole(cleaned, mark)) return { ok: false, reason: 'invalid' };
      whole = cleaned.split(mark).join('');
    } else {
      whole = head;
      fraction = tail;
    }
  }
  if (!/^\d*$/.test(whole) || !/^\d*$/.test(fraction) || whole + fraction === '') {
    return { ok: false, reason: 'invalid' };
  }
  if (fraction.length > digits) return { ok: false, reason: 'too_many_decimals' };
  const cents = Number(whole || '0') * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  if (!Number.isSafeInteger(cents)) return { ok: false, reason: 'invalid' };
  return { ok: true, cents };
}

/**
 * An amount that may be left out, such as an item's price: its cents, null for an empty field, NaN
 * for one that does not read (as `parseMoneyInput` reads it).
 */
export function parseOptionalMoneyInput(
  text: string,
  currency: string,
  locale: string,
): number | null {
  const parsed = parseMoneyInput(text, currency, locale);
  if (parsed.ok) return parsed.cents;
  return parsed.reason === 'empty' ? null : Number.NaN;
}

/** Cents as they go back into an input field in `locale`: "12,50" in de, "12.50" in en. */
export function moneyInputValue(cents: number, currency: string, locale: string): string {
  const digits = minorUnitDigits(currency);
  const text = (cents / 10 ** digits).toFixed(digits);
  return digits === 0 ? text : text.replace('.', decimalSeparator(locale));
}
