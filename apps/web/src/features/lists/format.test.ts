import { describe, expect, it } from 'vitest';
import { parseOptionalMoneyInput } from '../../lib/money';
import { priceInputValue } from './format';

describe('an item’s price in its input field', () => {
  it.each([
    [1250, 'EUR'],
    [123456, 'EUR'],
    [1500, 'JPY'],
    [1234, 'KWD'],
    [1234567, 'KWD'],
  ])('%i %s goes back into the field as text that reads to the same cents', (cents, currency) => {
    for (const locale of ['en', 'de', 'nl', 'fr', 'es']) {
      const text = priceInputValue(cents, currency);
      expect(parseOptionalMoneyInput(text, currency, locale), `${text} ${locale}`).toBe(cents);
    }
  });

  it('leaves the field empty for an item without a price', () => {
    expect(priceInputValue(null, 'EUR')).toBe('');
  });
});
