/** Common ISO 4217 codes offered in currency selects; groups default to EUR (ARCHITECTURE "Money"). */
const COMMON_CURRENCIES = [
  'EUR',
  'USD',
  'GBP',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'CAD',
  'AUD',
  'JPY',
];

/** The options of a currency select, named in the UI's language; a code chosen elsewhere stays. */
export function currencyOptions(locale: string, current?: string) {
  const names = new Intl.DisplayNames(locale, { type: 'currency' });
  const codes =
    current && !COMMON_CURRENCIES.includes(current)
      ? [current, ...COMMON_CURRENCIES]
      : COMMON_CURRENCIES;
  return codes.map((code) => ({ value: code, label: `${code} – ${names.of(code) ?? code}` }));
}

/**
 * Every ISO 4217 code the runtime knows, named in the UI's language, for a searchable select
 * (an expense may be paid in any currency); the common ones first.
 */
export function allCurrencyOptions(locale: string) {
  const names = new Intl.DisplayNames(locale, { type: 'currency' });
  let known: string[] = [];
  try {
    known = Intl.supportedValuesOf('currency');
  } catch {
    // An older runtime: the common ones only.
  }
  const codes = [
    ...COMMON_CURRENCIES,
    ...known.filter((code) => !COMMON_CURRENCIES.includes(code)),
  ];
  return codes.map((code) => ({ value: code, label: `${code} – ${names.of(code) ?? code}` }));
}
