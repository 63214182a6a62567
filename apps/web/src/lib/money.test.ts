import { describe, expect, it } from 'vitest';
import { minorUnitDigits } from '@household/domain';
import { money, moneyInputValue, parseMoneyInput, parseOptionalMoneyInput } from './money';

const cents = (text: string, locale = 'en', currency = 'EUR') => {
  const result = parseMoneyInput(text, currency, locale);
  return result.ok ? result.cents : result.reason;
};

describe('parseMoneyInput', () => {
  it('reads a decimal comma or point whatever the language', () => {
    for (const locale of ['en', 'de', 'nl', 'fr', 'es']) {
      expect(cents('12,50', locale)).toBe(1250);
      expect(cents('12.50', locale)).toBe(1250);
      expect(cents('12', locale)).toBe(1200);
      expect(cents('0,5', locale)).toBe(50);
      expect(cents('.5', locale)).toBe(50);
    }
  });

  it('reads thousands grouped in either convention', () => {
    expect(cents('1.234,56', 'de')).toBe(123456);
    expect(cents('1,234.56', 'en')).toBe(123456);
    expect(cents('1.234.567', 'de')).toBe(123456700);
    expect(cents('1 234,56', 'fr')).toBe(123456);
    expect(cents('1\u202f234,56', 'fr')).toBe(123456);
    expect(cents("1'234.56", 'en')).toBe(123456);
  });

  it('reads one mark before three digits as the locale says', () => {
    // The locale's grouping mark with three digits after it groups thousands...
    expect(cents('1.234', 'de')).toBe(123400);
    expect(cents('1,234', 'en')).toBe(123400);
    // ...the locale's decimal mark is a decimal point, and three decimals are too many for EUR.
    expect(cents('1,234', 'de')).toBe('too_many_decimals');
    expect(cents('1.234', 'en')).toBe('too_many_decimals');
  });

  it('reads one mark before three digits as the decimal point of a currency with three decimals', () => {
    expect(cents('1.234', 'de', 'KWD')).toBe(1234);
    expect(cents('1,234', 'en', 'KWD')).toBe(1234);
    expect(cents('1.234,567', 'de', 'KWD')).toBe(1234567);
  });

  it('strips the currency symbol and code and surrounding spaces', () => {
    expect(cents('€ 12.50')).toBe(1250);
    expect(cents('12,50 €', 'de')).toBe(1250);
    expect(cents(' 12.50 EUR ')).toBe(1250);
    expect(cents('$3', 'en', 'USD')).toBe(300);
  });

  it('follows the currency’s minor unit', () => {
    expect(cents('1500', 'en', 'JPY')).toBe(1500);
    expect(cents('1,500', 'en', 'JPY')).toBe(1500);
    expect(cents('15.5', 'en', 'JPY')).toBe('too_many_decimals');
    expect(cents('1.234', 'en', 'KWD')).toBe(1234);
    expect(cents('12.345')).toBe('too_many_decimals');
  });

  it('refuses junk rather than guessing', () => {
    expect(cents('')).toBe('empty');
    expect(cents('   ')).toBe('empty');
    expect(cents('€')).toBe('empty');
    for (const junk of [
      'abc',
      '12a',
      '-5',
      '1e3',
      '1.2.3,4',
      '12,34,5',
      '1,23.45',
      '.',
      '1 23,45',
      '++1',
      '0x10',
    ]) {
      expect(cents(junk), junk).toBe('invalid');
    }
  });

  it('refuses amounts past a safe integer', () => {
    expect(cents('99999999999999999999')).toBe('invalid');
  });
});

describe('moneyInputValue', () => {
  it('writes cents back with the locale’s decimal mark, which parses to the same cents', () => {
    expect(moneyInputValue(1250, 'EUR', 'de')).toBe('12,50');
    expect(moneyInputValue(1250, 'EUR', 'en')).toBe('12.50');
    expect(moneyInputValue(1500, 'JPY', 'en')).toBe('1500');
    for (const locale of ['en', 'de', 'fr']) {
      expect(cents(moneyInputValue(123456, 'EUR', locale), locale)).toBe(123456);
    }
  });
});

/** The item price field's own parser before prices shared this one: the reference it agrees with. */
function priceBefore(text: string, currency: string): number | null {
  const cleaned = text.replace(/[\s€$£]/g, '');
  if (cleaned === '') return null;
  const digits = minorUnitDigits(currency);
  const pattern = digits === 0 ? /^\d+$/ : new RegExp(`^\\d+(?:[.,]\\d{1,${digits}})?$`);
  if (!pattern.test(cleaned)) return Number.NaN;
  const [whole = '0', fraction = ''] = cleaned.split(/[.,]/);
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** Prices as people type them: whole, with a decimal mark, with the currency's sign around. */
function typedPrices(currency: string): string[] {
  const signs: Record<string, string> = { EUR: '€', USD: '$', GBP: '£' };
  const sign = signs[currency];
  const wholes = ['0', '5', '12', '123', '1234', '99999'];
  const fractions = ['', '0', '5', '05', '50', '99', '123', '999'];
  const numbers = wholes.flatMap((whole) =>
    fractions.flatMap((fraction) =>
      fraction === '' ? [whole] : [`${whole}.${fraction}`, `${whole},${fraction}`],
    ),
  );
  const decorated = sign
    ? numbers.flatMap((n) => [n, `${sign}${n}`, `${sign} ${n}`, `${n} ${sign}`, ` ${n} `])
    : numbers.flatMap((n) => [n, ` ${n} `]);
  return decorated;
}

describe('parseOptionalMoneyInput (an item’s price)', () => {
  it('reads an empty field as no price and junk as not a price', () => {
    expect(parseOptionalMoneyInput('', 'EUR', 'en')).toBeNull();
    expect(parseOptionalMoneyInput(' € ', 'EUR', 'de')).toBeNull();
    expect(parseOptionalMoneyInput('abc', 'EUR', 'en')).toBeNaN();
    expect(parseOptionalMoneyInput('12.345', 'EUR', 'en')).toBeNaN();
  });

  it('reads thousands separators in a price as an expense reads them', () => {
    expect(parseOptionalMoneyInput('1.234,56', 'EUR', 'de')).toBe(123456);
    expect(parseOptionalMoneyInput('1,234.56', 'EUR', 'en')).toBe(123456);
    expect(parseOptionalMoneyInput('1 234,56 €', 'EUR', 'fr')).toBe(123456);
    // The item price field read these as no price at all.
    expect(priceBefore('1.234,56', 'EUR')).toBeNaN();
    expect(priceBefore('1,234.56', 'EUR')).toBeNaN();
  });

  it('reads every price the item price field read before to the same cents, in every language', () => {
    let compared = 0;
    for (const currency of ['EUR', 'USD', 'GBP', 'CHF', 'JPY', 'KWD']) {
      for (const text of typedPrices(currency)) {
        const before = priceBefore(text, currency);
        if (before === null || Number.isNaN(before)) continue;
        for (const locale of ['en', 'de', 'nl', 'fr', 'es']) {
          expect(
            parseOptionalMoneyInput(text, currency, locale),
            `${text} ${currency} ${locale}`,
          ).toBe(before);
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it('refuses, as for an expense, what the price field read only by dropping characters', () => {
    // Another currency's sign was dropped, and so was a space anywhere in the number.
    expect(priceBefore('$3.50', 'EUR')).toBe(350);
    expect(parseOptionalMoneyInput('$3.50', 'EUR', 'en')).toBeNaN();
    expect(priceBefore('1 2,50', 'EUR')).toBe(1250);
    expect(parseOptionalMoneyInput('1 2,50', 'EUR', 'de')).toBeNaN();
  });
});

describe('money', () => {
  it('shows cents in their currency and the reader’s language', () => {
    expect(money(123456, 'EUR', 'de')).toBe('1.234,56\u00a0€');
    expect(money(1250, 'GBP', 'en')).toBe('£12.50');
    expect(money(1500, 'JPY', 'en')).toBe('¥1,500');
  });

  it('shows an amount as each of the five languages writes it, and reads it back to the same cents', () => {
    const shown = {
      en: '€1,234.56',
      de: '1.234,56\u00a0€',
      nl: '€\u00a01.234,56',
      fr: '1\u202f234,56\u00a0€',
      es: '1234,56\u00a0€',
    };
    for (const [locale, text] of Object.entries(shown)) {
      expect(money(123456, 'EUR', locale), locale).toBe(text);
      expect(parseMoneyInput(text, 'EUR', locale), locale).toEqual({ ok: true, cents: 123456 });
    }
  });

  it('still shows the amount when the currency code cannot be formatted', () => {
    expect(money(250, 'XYZW', 'en')).toBe('2.50');
  });
});
