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

  it('refuses fractional cents rather than rounding them silently', () => {
    expect(() => formatMoney(1.5, 'EUR', 'en')).toThrow(RangeError);
  });
});
