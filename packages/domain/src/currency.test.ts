import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertMinor, convertSplit, currencyMinorUnits, parseRate } from './currency';
import { minorUnitDigits } from './money';

const total = (shares: readonly { amountCents: number }[]) =>
  shares.reduce((sum, share) => sum + share.amountCents, 0);

const currency = fc.constantFrom(
  'EUR',
  'USD',
  'GBP',
  'JPY',
  'KRW',
  'ISK',
  'KWD',
  'BHD',
  'TND',
  'CLF',
);
const decimalRate = fc
  .tuple(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 2, max: 8 }))
  .filter(([digits]) => digits > 0)
  .map(([digits, places]) => {
    const text = String(digits).padStart(places + 1, '0');
    return `${text.slice(0, -places)}.${text.slice(-places)}`;
  });
const fractionRate = fc.record({
  numerator: fc.integer({ min: 1, max: 10 ** 4 }),
  denominator: fc.integer({ min: 1, max: 10 ** 4 }),
});
// Bounded so that no conversion leaves the safe integers: amounts up to 10^7 minor units, rates
// up to 10^4, minor units up to 4 digits apart.
const rate = fc.oneof(decimalRate, fractionRate);
const shares = fc.array(
  fc.record({
    userId: fc.integer({ min: 1, max: 99 }),
    amountCents: fc.integer({ min: 0, max: 10 ** 6 }),
  }),
  { minLength: 1, maxLength: 12 },
);

describe('currency minor units', () => {
  it('knows the currencies whose minor unit is not the cent', () => {
    expect(['JPY', 'KRW', 'ISK', 'CLP', 'VND'].map(currencyMinorUnits)).toEqual([0, 0, 0, 0, 0]);
    expect(['BHD', 'KWD', 'JOD', 'OMR', 'TND', 'LYD'].map(currencyMinorUnits)).toEqual([
      3, 3, 3, 3, 3, 3,
    ]);
    expect(['EUR', 'USD', 'GBP', 'CHF'].map(currencyMinorUnits)).toEqual([2, 2, 2, 2]);
  });

  it('counts as every amount of the app does, whole forints and rupiahs included', () => {
    for (const code of ['EUR', 'JPY', 'KWD', 'HUF', 'IDR', 'COP', 'IQD', 'CLF']) {
      expect(currencyMinorUnits(code)).toBe(minorUnitDigits(code));
    }
    expect(['HUF', 'IDR', 'COP'].map(currencyMinorUnits)).toEqual([0, 0, 0]);
  });

  it('refuses what is not a currency code', () => {
    expect(() => currencyMinorUnits('eur')).toThrow(RangeError);
    expect(() => currencyMinorUnits('EURO')).toThrow(RangeError);
  });
});

describe('exchange rates', () => {
  it('reads decimals exactly and reduces fractions', () => {
    expect(parseRate('1.0835')).toEqual({ numerator: 2167n, denominator: 2000n });
    expect(parseRate('162')).toEqual({ numerator: 162n, denominator: 1n });
    expect(parseRate({ numerator: 2, denominator: 6 })).toEqual({ numerator: 1n, denominator: 3n });
  });

  it('refuses zero, negative and unreadable rates', () => {
    for (const bad of ['0', '0.000', '-1', '1e3', '', '1,5', 'abc']) {
      expect(() => parseRate(bad), bad).toThrow(RangeError);
    }
    expect(() => parseRate({ numerator: 1, denominator: 0 })).toThrow(RangeError);
    expect(() => parseRate({ numerator: 1.5, denominator: 2 })).toThrow(RangeError);
  });
});

describe('converting an amount', () => {
  it('converts between currencies with different minor units', () => {
    expect(convertMinor(1000, 'JPY', 'EUR', '0.0062')).toBe(620); // ¥1,000 → €6.20
    expect(convertMinor(620, 'EUR', 'JPY', '161.29')).toBe(1000); // €6.20 → ¥999.998 → ¥1,000
    expect(convertMinor(100, 'EUR', 'KWD', '0.33')).toBe(330); // €1.00 → 0.330 KWD
    expect(convertMinor(1234, 'KWD', 'EUR', '3')).toBe(370); // 1.234 KWD → €3.702
    expect(convertMinor(1234, 'KWD', 'JPY', '480.5')).toBe(593); // → ¥592.937
  });

  it('rounds half away from zero, exactly where floats drift', () => {
    expect(convertMinor(1005, 'KWD', 'EUR', '1')).toBe(101); // 100.5 cents; floats: 100.4999…
    expect(convertMinor(50, 'EUR', 'JPY', '1')).toBe(1);
    expect(convertMinor(-50, 'EUR', 'JPY', '1')).toBe(-1);
    expect(convertMinor(49, 'EUR', 'JPY', '1')).toBe(0);
    expect(convertMinor(1, 'EUR', 'EUR', { numerator: 1, denominator: 3 })).toBe(0);
    expect(convertMinor(2, 'EUR', 'EUR', { numerator: 1, denominator: 3 })).toBe(1);
  });

  it('refuses amounts that are not whole minor units', () => {
    expect(() => convertMinor(1.5, 'EUR', 'USD', '1')).toThrow(RangeError);
  });

  it('at rate 1 between currencies with the same minor units, changes nothing', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(['EUR', 'USD'], ['JPY', 'KRW'], ['KWD', 'BHD'], ['GBP', 'GBP']),
        fc.integer({ min: -(10 ** 12), max: 10 ** 12 }),
        fc.constantFrom('1', '1.000', { numerator: 7, denominator: 7 }),
        ([from, to], amount, one) => {
          expect(convertMinor(amount, from!, to!, one)).toBe(amount);
        },
      ),
    );
  });

  it('is within half a minor unit of the exact value', () => {
    fc.assert(
      fc.property(
        currency,
        currency,
        fractionRate,
        fc.integer({ min: 0, max: 10 ** 7 }),
        (from, to, r, amount) => {
          const converted = convertMinor(amount, from, to, r);
          const scale = 10 ** (currencyMinorUnits(to) - currencyMinorUnits(from));
          // |converted − exact| ≤ ½, compared in integers: |converted·den − amount·num·scale| ≤ den/2.
          const exactTimesDen = BigInt(amount) * BigInt(r.numerator);
          const den = BigInt(r.denominator);
          const [top, bottom] =
            scale >= 1
              ? [exactTimesDen * BigInt(scale), den]
              : [exactTimesDen, den * BigInt(Math.round(1 / scale))];
          const off = BigInt(converted) * bottom - top;
          expect(2n * (off < 0n ? -off : off) <= bottom).toBe(true);
        },
      ),
    );
  });
});

describe('converting a split', () => {
  it('never creates or loses a minor unit: the shares add up to the converted total', () => {
    fc.assert(
      fc.property(shares, currency, currency, rate, (drawn, from, to, r) => {
        const converted = convertSplit(drawn, from, to, r);
        expect(total(converted)).toBe(convertMinor(total(drawn), from, to, r));
        expect(converted.map((share) => share.userId)).toEqual(drawn.map((share) => share.userId));
      }),
    );
  });

  it('gives every share within one minor unit of its exact value', () => {
    fc.assert(
      fc.property(shares, currency, currency, rate, (drawn, from, to, r) => {
        const converted = convertSplit(drawn, from, to, r);
        drawn.forEach((share, index) => {
          const down = convertMinor(share.amountCents, from, to, r);
          expect(Math.abs(converted[index]!.amountCents - down)).toBeLessThanOrEqual(1);
        });
      }),
    );
  });

  it('at rate 1 between currencies with the same minor units, changes no share', () => {
    fc.assert(
      fc.property(
        shares,
        fc.constantFrom(['EUR', 'USD'], ['JPY', 'ISK'], ['KWD', 'TND']),
        (drawn, [from, to]) => {
          expect(convertSplit(drawn, from!, to!, '1')).toEqual(drawn);
        },
      ),
    );
  });

  it('gives the units left to the largest remainders, equal ones in the order given', () => {
    const halves = [
      { userId: 3, amountCents: 1 },
      { userId: 1, amountCents: 1 },
      { userId: 2, amountCents: 1 },
    ];
    // Three shares of 1 cent at 50 ¥/€ are ½ yen each; the total, 1.5 yen, rounds to 2: the
    // first two in the order given get one each.
    expect(convertSplit(halves, 'EUR', 'JPY', '50').map((share) => share.amountCents)).toEqual([
      1, 1, 0,
    ]);
    // ¥1,000 split 334/333/333 → € at 0.0062: 2.0708, 2.0646, 2.0646 (total 6.20).
    expect(
      convertSplit(
        [
          { userId: 1, amountCents: 334 },
          { userId: 2, amountCents: 333 },
          { userId: 3, amountCents: 333 },
        ],
        'JPY',
        'EUR',
        '0.0062',
      ).map((share) => share.amountCents),
    ).toEqual([207, 207, 206]);
  });

  it('converts 3-digit currencies into 0-digit ones and back without losing a unit', () => {
    const kwd = [
      { userId: 1, amountCents: 1001 },
      { userId: 2, amountCents: 1001 },
      { userId: 3, amountCents: 999 },
    ];
    const yen = convertSplit(kwd, 'KWD', 'JPY', '480.5');
    expect(total(yen)).toBe(convertMinor(3001, 'KWD', 'JPY', '480.5'));
    const back = convertSplit(yen, 'JPY', 'KWD', { numerator: 2, denominator: 961 });
    expect(total(back)).toBe(
      convertMinor(total(yen), 'JPY', 'KWD', { numerator: 2, denominator: 961 }),
    );
  });
});
