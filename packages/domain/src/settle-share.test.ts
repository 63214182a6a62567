import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkSettlement,
  checkSettlementChange,
  paymentStatus,
  remainingCents,
  splitStatus,
} from './settle-share';

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

/** A share, what has been paid against it, and one of those payments: consistent, as stored. */
const paidShare = fc.integer({ min: 0, max: 10 ** 9 }).chain((owedCents) =>
  fc.integer({ min: 0, max: owedCents }).chain((settledCents) =>
    fc.record({
      owedCents: fc.constant(owedCents),
      settledCents: fc.constant(settledCents),
      currentCents: fc.integer({ min: 0, max: settledCents }),
    }),
  ),
);

describe('over-settling (spec §5)', () => {
  it('refuses a settlement exactly when it would pay more than remains', () => {
    fc.assert(
      fc.property(paidShare, fc.integer({ min: 1, max: 2 * 10 ** 9 }), (drawn, amount) => {
        const refusal = checkSettlement(share(4, drawn.owedCents, drawn.settledCents), 4, amount);
        const remaining = drawn.owedCents - drawn.settledCents;
        expect(refusal !== null).toBe(amount > remaining);
        if (refusal)
          expect(refusal).toEqual({ code: 'exceeds_remaining', remainingCents: remaining });
      }),
    );
  });

  it('refuses an edited payment exactly when the share would be paid more than it is', () => {
    fc.assert(
      fc.property(paidShare, fc.integer({ min: 0, max: 2 * 10 ** 9 }), (drawn, newCents) => {
        const refusal = checkSettlementChange(drawn, drawn.currentCents, newCents);
        const settledAfter = drawn.settledCents - drawn.currentCents + newCents;
        expect(refusal !== null).toBe(settledAfter > drawn.owedCents);
        if (refusal) {
          // What it names is the most the payment may be: accepted as is, one cent more refused.
          expect(refusal.remainingCents).toBeGreaterThanOrEqual(0);
          expect(
            checkSettlementChange(drawn, drawn.currentCents, refusal.remainingCents),
          ).toBeNull();
          expect(
            checkSettlementChange(drawn, drawn.currentCents, refusal.remainingCents + 1),
          ).not.toBeNull();
        }
      }),
    );
  });

  it('example: 10.00 owed, 4.00 paid by this payment, it may become 10.00 at most', () => {
    const owed = { owedCents: 1000, settledCents: 400 };
    expect(checkSettlementChange(owed, 400, 1000)).toBeNull();
    expect(checkSettlementChange(owed, 400, 1001)).toEqual({
      code: 'exceeds_remaining',
      remainingCents: 1000,
    });
    expect(checkSettlementChange({ owedCents: 1000, settledCents: 1000 }, 300, 301)).toEqual({
      code: 'exceeds_remaining',
      remainingCents: 300,
    });
    expect(checkSettlementChange({ owedCents: 1000, settledCents: 1000 }, 300, 0)).toBeNull();
  });

  it('settling, editing and deleting payments in any order never leaves a negative remainder', () => {
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('settle' as const),
        amount: fc.integer({ min: -5, max: 4000 }),
      }),
      fc.record({
        kind: fc.constant('edit' as const),
        pick: fc.nat(),
        amount: fc.integer({ min: 1, max: 4000 }),
      }),
      fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5000 }),
        fc.array(step, { maxLength: 60 }),
        (owed, steps) => {
          const state = share(9, owed);
          const payments: number[] = [];
          for (const next of steps) {
            if (next.kind === 'settle') {
              if (checkSettlement(state, 9, next.amount) !== null) continue;
              payments.push(next.amount);
              state.settledCents += next.amount;
            } else if (payments.length > 0) {
              const at = next.pick % payments.length;
              const current = payments[at]!;
              const amount = next.kind === 'edit' ? next.amount : 0;
              if (checkSettlementChange(state, current, amount) !== null) continue;
              state.settledCents += amount - current;
              if (amount === 0) payments.splice(at, 1);
              else payments[at] = amount;
            }
            expect(state.settledCents).toBe(payments.reduce((sum, cents) => sum + cents, 0));
            expect(state.owedCents - state.settledCents).toBeGreaterThanOrEqual(0);
          }
        },
      ),
    );
  });
});
