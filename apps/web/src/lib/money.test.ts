import { describe, expect, it } from 'vitest';
import { money } from './money';

describe('money', () => {
  it('shows cents in their currency and the reader’s language', () => {
    expect(money(123456, 'EUR', 'de')).toBe('1.234,56\u00a0€');
    expect(money(1250, 'GBP', 'en')).toBe('£12.50');
    expect(money(1500, 'JPY', 'en')).toBe('¥1,500');
  });

  it('still shows the amount when the currency code cannot be formatted', () => {
    expect(money(250, 'XYZW', 'en')).toBe('2.50');
  });
});
