import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSettlement, paymentStatus, remainingCents, splitStatus } from './settle-share';

const share = (userId: number, owedCents: number, settledCents = 0) => ({
  userId,
  owedCents,
  settledCents,
});

describe('split status (spec §4)', () => {
  it('is unsettled, partially settled, then settled as payments add up', () => {
    expect(splitStatus(share(2, 1000))).toBe('unsettled');
    expect(splitStatus(share(2, 1000, 400))).toBe('partially_settled');
    expect(splitStatus(share(2, 1000, 1000))).toBe('settled');
    expect(splitStatus(share(2, 0))).toBe('settled');
  });
});

describe('payment status of an expense (spec §4)', () => {
  it('counts only what others owe the payer', () => {
    expect(paymentStatus(1, [share(1, 500), share(2, 500)])).toBe('unpaid');
    expect(paymentStatus(1, [share(1, 500), share(2, 500, 100)])).toBe('partially_paid');
    expect(paymentStatus(1, [share(1, 500), share(2, 500, 500)])).toBe('paid');
    expect(paymentStatus(1, [share(1, 500)])).toBe('paid');
    expect(paymentStatus(1, [share(1, 300), share(2, 300, 300), share(3, 400)])).toBe(
      'partially_paid',
    );
  });
});

describe('checkSettlement (spec §5, §6)', () => {
  it('lets only the person who owes a share settle it', () => {
    expect(checkSettlement(share(2, 1000), 3, 100)).toEqual({ code: 'not_own_share' });
    expect(checkSettlement(share(2, 1000), 2, 100)).toBeNull();
  });

  it('refuses nothing, a negative amount and more than remains', () => {
    expect(checkSettlement(share(2, 1000), 2, 0)).toEqual({ code: 'not_positive' });
    expect(checkSettlement(share(2, 1000), 2, -5)).toEqual({ code: 'not_positive' });
    expect(checkSettlement(share(2, 1000), 2, 0.5)).toEqual({ code: 'not_positive' });
    expect(checkSettlement(share(2, 1000, 700), 2, 301)).toEqual({
      code: 'exceeds_remaining',
      remainingCents: 300,
    });
    expect(checkSettlement(share(2, 1000, 700), 2, 300)).toBeNull();
  });

  it('never lets accepted settlements add up to more than the share, in any order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 9 }),
        fc.array(fc.integer({ min: -100, max: 10 ** 9 }), { maxLength: 40 }),
        (owedCents, attempts) => {
          const state = share(7, owedCents);
          for (const amount of attempts) {
            if (checkSettlement(state, 7, amount) === null) state.settledCents += amount;
          }
          expect(state.settledCents).toBeLessThanOrEqual(owedCents);
          expect(remainingCents(state)).toBe(owedCents - state.settledCents);
        },
      ),
    );
  });
});
