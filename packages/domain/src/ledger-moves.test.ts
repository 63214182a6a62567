import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { netBalances, type LedgerExpense, type LedgerPayment } from './balances';
import { addChange, paymentChanges, splitChanges, type BalanceChanges } from './ledger-moves';

const total = (values: Iterable<number>) => [...values].reduce((sum, value) => sum + value, 0);

/** Zero changes are no change: a person moved up and down again is where they were. */
const nonZero = (changes: ReadonlyMap<number, number>) =>
  new Map([...changes].filter(([, cents]) => cents !== 0).sort(([a], [b]) => a - b));

const person = fc.integer({ min: 1, max: 12 });
const expense: fc.Arbitrary<LedgerExpense> = fc.record({
  payerId: person,
  shares: fc.array(
    fc.record({ userId: person, amountCents: fc.integer({ min: 0, max: 10 ** 7 }) }),
    { minLength: 1, maxLength: 8 },
  ),
});
const payment: fc.Arbitrary<LedgerPayment> = fc.record({
  fromId: person,
  toId: person,
  amountCents: fc.integer({ min: 1, max: 10 ** 7 }),
});

/** A history of money changes: expenses and payments made, and some of them taken back. */
const move = fc.oneof(
  fc.record({ kind: fc.constant('expense' as const), expense, sign: fc.constantFrom(1, -1) }),
  fc.record({ kind: fc.constant('payment' as const), payment, sign: fc.constantFrom(1, -1) }),
);

describe('ledger moves: examples', () => {
  it('moves the payer up by the others’ shares and each debtor down by theirs', () => {
    const changes: BalanceChanges = new Map();
    splitChanges(
      changes,
      1,
      [
        { userId: 1, amountCents: 1000 },
        { userId: 2, amountCents: 1000 },
        { userId: 3, amountCents: 1000 },
      ],
      1,
    );
    expect(Object.fromEntries(changes)).toEqual({ 1: 2000, 2: -1000, 3: -1000 });
  });

  it('moves who pays up and who is paid down, and takes it back with sign −1', () => {
    const changes: BalanceChanges = new Map();
    paymentChanges(changes, { fromId: 2, toId: 1, amountCents: 400 }, 1);
    expect(Object.fromEntries(changes)).toEqual({ 1: -400, 2: 400 });
    paymentChanges(changes, { fromId: 2, toId: 1, amountCents: 400 }, -1);
    expect(Object.fromEntries(changes)).toEqual({ 1: 0, 2: 0 });
  });

  it('adds to what a person already has', () => {
    const changes: BalanceChanges = new Map([[4, 10]]);
    addChange(changes, 4, -25);
    addChange(changes, 5, 3);
    expect(Object.fromEntries(changes)).toEqual({ 4: -15, 5: 3 });
  });
});

describe('ledger moves: properties', () => {
  it('any sequence of expense and payment moves keeps the balances adding up to zero', () => {
    fc.assert(
      fc.property(fc.array(move, { maxLength: 40 }), (moves) => {
        const changes: BalanceChanges = new Map();
        for (const step of moves) {
          if (step.kind === 'expense') {
            splitChanges(changes, step.expense.payerId, step.expense.shares, step.sign);
          } else {
            paymentChanges(changes, step.payment, step.sign);
          }
          expect(total(changes.values())).toBe(0);
        }
      }),
    );
  });

  it('an expense or a payment moved in and out again leaves the balances as they were', () => {
    fc.assert(
      fc.property(fc.array(move, { maxLength: 20 }), expense, payment, (before, taken, paid) => {
        const changes: BalanceChanges = new Map();
        for (const step of before) {
          if (step.kind === 'expense') {
            splitChanges(changes, step.expense.payerId, step.expense.shares, step.sign);
          } else paymentChanges(changes, step.payment, step.sign);
        }
        const was = nonZero(changes);
        splitChanges(changes, taken.payerId, taken.shares, 1);
        paymentChanges(changes, paid, 1);
        splitChanges(changes, taken.payerId, taken.shares, -1);
        paymentChanges(changes, paid, -1);
        expect(nonZero(changes)).toEqual(was);
      }),
    );
  });

  it('the moves of a ledger are its net balances', () => {
    fc.assert(
      fc.property(
        fc.array(expense, { maxLength: 20 }),
        fc.array(payment, { maxLength: 20 }),
        (expenses, payments) => {
          const changes: BalanceChanges = new Map();
          for (const { payerId, shares } of expenses) splitChanges(changes, payerId, shares, 1);
          for (const paid of payments) paymentChanges(changes, paid, 1);
          expect(nonZero(changes)).toEqual(nonZero(netBalances(expenses, payments)));
        },
      ),
    );
  });

  it('an edit (old splits out, new ones in) leaves the balances of the edited ledger', () => {
    fc.assert(
      fc.property(
        fc.array(expense, { minLength: 1, maxLength: 10 }),
        fc.nat(),
        expense,
        (expenses, pick, edited) => {
          const index = pick % expenses.length;
          const changes: BalanceChanges = new Map();
          for (const { payerId, shares } of expenses) splitChanges(changes, payerId, shares, 1);
          const old = expenses[index]!;
          splitChanges(changes, old.payerId, old.shares, -1);
          splitChanges(changes, edited.payerId, edited.shares, 1);
          const after = expenses.map((one, at) => (at === index ? edited : one));
          expect(nonZero(changes)).toEqual(nonZero(netBalances(after, [])));
        },
      ),
    );
  });
});
