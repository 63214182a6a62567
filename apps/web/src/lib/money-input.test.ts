import { describe, expect, it } from 'vitest';
import { moneyInputValue, parseMoneyInput } from './money-input';

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
