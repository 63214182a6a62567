import { describe, expect, it, vi } from 'vitest';
import { memoized } from './memoized';

describe('memoized', () => {
  it('makes a value once per distinct arguments and answers the same one after', () => {
    const make = vi.fn((locale: string, currency: string) => ({ locale, currency }));
    const cached = memoized(make);
    const first = cached('de', 'EUR');
    expect(cached('de', 'EUR')).toBe(first);
    expect(cached('en', 'EUR')).toEqual({ locale: 'en', currency: 'EUR' });
    // Arguments are kept apart, not run together ("d" + "eEUR" is not "de" + "EUR").
    expect(cached('d', 'eEUR')).toEqual({ locale: 'd', currency: 'eEUR' });
    expect(make).toHaveBeenCalledTimes(3);
  });

  it('keeps nothing when making fails, so the next call tries again', () => {
    const make = vi.fn((currency: string) => {
      if (currency === 'NOPE') throw new RangeError('unknown currency');
      return currency.length;
    });
    const cached = memoized(make);
    expect(() => cached('NOPE')).toThrow(RangeError);
    expect(() => cached('NOPE')).toThrow(RangeError);
    expect(make).toHaveBeenCalledTimes(2);
  });
});
