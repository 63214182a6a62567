import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, minorUnitDigits } from './money';

describe('money', () => {
  it('knows how many minor-unit digits a currency has', () => {
    expect(minorUnitDigits('EUR')).toBe(2);
    expect(minorUnitDigits('JPY')).toBe(0);
    expect(minorUnitDigits('KWD')).toBe(3);
  });

  it('formats cents in the reader’s locale', () => {
    expect(formatMoney(123456, 'EUR', 'en')).toBe('€1,234.56');
    expect(formatMoney(123456, 'EUR', 'de').replace(/\s/g, ' ')).toBe('1.234,56 €');
    expect(formatMoney(500, 'JPY', 'en')).toBe('¥500');
    expect(formatMoney(-5, 'USD', 'en')).toBe('-$0.05');
  });

  it('never loses a cent when formatting: the digits shown are the cents stored', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (cents) => {
        const shown = formatMoney(cents, 'EUR', 'en').replace(/[^0-9]/g, '');
        expect(Number(shown)).toBe(cents);
      }),
    );
  });

  it('formats the same in any order of locales and currencies (its formats are made once each)', () => {
    const cases = [
      { cents: 123456, currency: 'EUR', locale: 'de' },
      { cents: 123456, currency: 'EUR', locale: 'en' },
      { cents: 500, currency: 'JPY', locale: 'en' },
      { cents: 1234, currency: 'KWD', locale: 'fr' },
      { cents: 99, currency: 'CHF', locale: 'nl' },
    ];
    const fresh = ({ cents, currency, locale }: (typeof cases)[number]) => {
      const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits!;
      return new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }).format(cents / 10 ** digits);
    };
    fc.assert(
      fc.property(fc.shuffledSubarray(cases, { minLength: 1 }), (order) => {
        for (const each of order) {
          expect(formatMoney(each.cents, each.currency, each.locale)).toBe(fresh(each));
        }
      }),
    );
  });

  it('refuses an unknown currency, and still formats a known one after', () => {
    expect(() => formatMoney(100, 'NOPE', 'en')).toThrow(RangeError);
    expect(formatMoney(100, 'EUR', 'en')).toBe('€1.00');
  });

  it('refuses fractional cents rather than rounding them silently', () => {
    expect(() => formatMoney(1.5, 'EUR', 'en')).toThrow(RangeError);
  });
});
