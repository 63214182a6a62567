/**
 * Converting money between currencies (issue "Money the way households share it" §2): amounts are
 * whole minor units of their currency, a rate is the household's own, and the arithmetic is exact
 * (BigInt), so a rate like 0.0062 or 1/3 never drifts the way a float does. Rounding is half away
 * from zero; a split is converted so that its shares still add up exactly to the converted total.
 */

import { minorUnitDigits } from './money';

const CURRENCY_CODE = /^[A-Z]{3}$/;

/**
 * Minor units of a currency code (JPY 0, EUR 2, KWD 3): the app's one rule, `minorUnitDigits`,
 * which every amount, form and format already counts in, so a converted amount means what the
 * rest of the app reads. It is CLDR's: for a few codes (HUF, IDR, COP, IQD...) that is whole units
 * where ISO 4217 lists a minor unit nobody pays in any more (docs/decisions.md "Several
 * currencies"). Refuses what is not an upper-case three-letter code.
 */
export function currencyMinorUnits(currency: string): number {
  if (!CURRENCY_CODE.test(currency)) throw new RangeError(`not a currency code: ${currency}`);
  return minorUnitDigits(currency);
}

/**
 * How many units of the target currency one unit of the source currency is worth (in major units:
 * EUR→JPY "162.35"): a decimal string, or an exact fraction. Always positive.
 */
export type ExchangeRate = string | { numerator: number | bigint; denominator: number | bigint };

/** A rate as a positive fraction of integers. */
export interface ExactRate {
  numerator: bigint;
  denominator: bigint;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** Reads a rate exactly: "1.0835" is 10835/10000; refuses zero, negatives and anything not a number. */
export function parseRate(rate: ExchangeRate): ExactRate {
  let numerator: bigint;
  let denominator: bigint;
  if (typeof rate === 'string') {
    const match = DECIMAL.exec(rate.trim());
    if (!match) throw new RangeError(`not a decimal rate: ${rate}`);
    const fraction = match[2] ?? '';
    numerator = BigInt(match[1]! + fraction);
    denominator = 10n ** BigInt(fraction.length);
  } else {
    numerator = toBigInt(rate.numerator);
    denominator = toBigInt(rate.denominator);
  }
  if (numerator <= 0n || denominator <= 0n) throw new RangeError('a rate is positive');
  const common = gcd(numerator, denominator);
  return { numerator: numerator / common, denominator: denominator / common };
}

function toBigInt(value: number | bigint): bigint {
  if (typeof value === 'bigint') return value;
  if (!Number.isSafeInteger(value)) throw new RangeError(`not a whole number: ${value}`);
  return BigInt(value);
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** Amount × rate, in the target's minor units, as an exact fraction over a positive denominator. */
function exactConversion(amountMinor: number, from: string, to: string, rate: ExchangeRate) {
  if (!Number.isSafeInteger(amountMinor)) {
    throw new RangeError(`amount must be a whole number of minor units, got ${amountMinor}`);
  }
  const { numerator, denominator } = parseRate(rate);
  return {
    numerator: BigInt(amountMinor) * numerator * 10n ** BigInt(currencyMinorUnits(to)),
    denominator: denominator * 10n ** BigInt(currencyMinorUnits(from)),
  };
}

function toSafeNumber(value: bigint): number {
  const result = Number(value);
  if (!Number.isSafeInteger(result)) throw new RangeError(`converted amount too large: ${value}`);
  return result;
}

/** Rounds numerator/denominator (denominator > 0) half away from zero: 0.5 → 1, −0.5 → −1. */
function roundHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator; // BigInt division truncates toward zero
  const rest = numerator % denominator; // same sign as the numerator
  const twice = 2n * (rest < 0n ? -rest : rest);
  if (twice < denominator) return quotient;
  return numerator < 0n ? quotient - 1n : quotient + 1n;
}

/** Floor of numerator/denominator (denominator > 0), and what is left over (0 ≤ left < denominator). */
function floorDivision(numerator: bigint, denominator: bigint) {
  let quotient = numerator / denominator;
  if (numerator % denominator < 0n) quotient -= 1n;
  return { quotient, left: numerator - quotient * denominator };
}

/**
 * Converts a whole amount of `from`'s minor units into `to`'s at `rate`, rounding half away from
 * zero: 1.005 KWD at 1 is 1.01 EUR, where floats would say 1.00.
 */
export function convertMinor(
  amountMinor: number,
  from: string,
  to: string,
  rate: ExchangeRate,
): number {
  const { numerator, denominator } = exactConversion(amountMinor, from, to, rate);
  return toSafeNumber(roundHalfAwayFromZero(numerator, denominator));
}

/**
 * Converts an expense's shares so that they add up exactly to the converted total (the sum of the
 * shares converted with `convertMinor`): each share gets the floor of its exact value, and the
 * units left go one each to the largest remainders, equal remainders in the order given. No
 * minor unit is created or lost, and every share is within one unit of its exact value.
 */
export function convertSplit<Share extends { amountCents: number }>(
  shares: readonly Share[],
  from: string,
  to: string,
  rate: ExchangeRate,
): Share[] {
  const exact = shares.map((share) => exactConversion(share.amountCents, from, to, rate));
  const total = shares.reduce((sum, share) => sum + share.amountCents, 0);
  const convertedTotal = BigInt(convertMinor(total, from, to, rate));
  const parts = exact.map(({ numerator, denominator }) => floorDivision(numerator, denominator));
  let left = convertedTotal - parts.reduce((sum, part) => sum + part.quotient, 0n);
  // Every denominator is the same (the rate's, scaled by `from`'s digits): remainders compare as is.
  const order = parts
    .map((part, index) => ({ index, left: part.left }))
    .sort((a, b) => (a.left === b.left ? a.index - b.index : a.left > b.left ? -1 : 1));
  const amounts = parts.map((part) => part.quotient);
  for (const { index, left: remainder } of order) {
    if (left === 0n || remainder === 0n) break;
    amounts[index]! += 1n;
    left -= 1n;
  }
  if (left !== 0n) throw new Error('converted shares do not add up to the converted total');
  return shares.map((share, index) => ({ ...share, amountCents: toSafeNumber(amounts[index]!) }));
}
