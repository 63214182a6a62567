import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  balancesWith,
  netBalances,
  suggestTransfers,
  type LedgerExpense,
  type LedgerPayment,
  type Transfer,
} from './balances';
import { splitExpense } from './expense-split';

const total = (values: Iterable<number>) => [...values].reduce((sum, value) => sum + value, 0);

describe('balances: examples', () => {
  // Ana (1) paid 30.00 for three; Ben (2) paid Ana back 10.00.
  const expenses: LedgerExpense[] = [
    {
      payerId: 1,
      shares: [
        { userId: 1, amountCents: 1000 },
        { userId: 2, amountCents: 1000 },
        { userId: 3, amountCents: 1000 },
      ],
    },
  ];
  const payments: LedgerPayment[] = [{ fromId: 2, toId: 1, amountCents: 1000 }];

  it('nets each member: the payer is owed what the others have not paid back', () => {
    expect(Object.fromEntries(netBalances(expenses, payments))).toEqual({
      1: 1000,
      2: 0,
      3: -1000,
    });
  });

  it('gives my balance with each person', () => {
    expect(Object.fromEntries(balancesWith(1, expenses, payments))).toEqual({ 2: 0, 3: 1000 });
    expect(Object.fromEntries(balancesWith(3, expenses, payments))).toEqual({ 1: -1000 });
  });

  it('suggests who pays whom', () => {
    expect(suggestTransfers(netBalances(expenses, payments))).toEqual([
      { fromId: 3, toId: 1, amountCents: 1000 },
    ]);
    expect(
      suggestTransfers(
        new Map([
          [1, 5000],
          [2, -2000],
          [3, -3000],
          [4, 0],
        ]),
      ),
    ).toEqual([
      { fromId: 3, toId: 1, amountCents: 3000 },
      { fromId: 2, toId: 1, amountCents: 2000 },
    ]);
  });

  it('refuses balances that do not add up to zero', () => {
    expect(() => suggestTransfers(new Map([[1, 5]]))).toThrow(RangeError);
  });
});

const people = fc.uniqueArray(fc.integer({ min: 1, max: 60 }), { minLength: 2, maxLength: 12 });
const ledger = people.chain((ids) =>
  fc.record({
    ids: fc.constant(ids),
    expenses: fc.array(
      fc.record({
        payerId: fc.constantFrom(...ids),
        amountCents: fc.integer({ min: 0, max: 10 ** 7 }),
        sharers: fc.subarray(ids, { minLength: 1 }),
      }),
      { maxLength: 30 },
    ),
    payments: fc.array(
      fc.record({
        fromId: fc.constantFrom(...ids),
        toId: fc.constantFrom(...ids),
        amountCents: fc.integer({ min: 1, max: 10 ** 6 }),
      }),
      { maxLength: 10 },
    ),
  }),
);

function toExpenses(
  drawn: { payerId: number; amountCents: number; sharers: number[] }[],
): LedgerExpense[] {
  return drawn.map(({ payerId, amountCents, sharers }) => {
    const split = splitExpense(amountCents, { type: 'equal', participants: sharers });
    if (!split.ok) throw new Error('refused');
    return { payerId, shares: split.shares };
  });
}

/** The transfers clear every balance, in at most n − 1 positive payments between two people. */
function clearsWithin(net: ReadonlyMap<number, number>, transfers: readonly Transfer[]) {
  const withBalance = [...net.values()].filter((cents) => cents !== 0).length;
  expect(transfers.length).toBeLessThanOrEqual(Math.max(0, withBalance - 1));
  const after = new Map(net);
  for (const { fromId, toId, amountCents } of transfers) {
    expect(fromId).not.toBe(toId);
    expect(amountCents).toBeGreaterThan(0);
    after.set(fromId, (after.get(fromId) ?? 0) + amountCents);
    after.set(toId, (after.get(toId) ?? 0) - amountCents);
  }
  expect([...after.values()].every((cents) => cents === 0)).toBe(true);
}

describe('balances: properties', () => {
  it('net positions of a group always add up to zero', () => {
    fc.assert(
      fc.property(ledger, ({ expenses, payments }) => {
        expect(total(netBalances(toExpenses(expenses), payments).values())).toBe(0);
      }),
    );
  });

  it('my balances with each person add up to my net position', () => {
    fc.assert(
      fc.property(ledger, ({ ids, expenses, payments }) => {
        const ledgerExpenses = toExpenses(expenses);
        const net = netBalances(ledgerExpenses, payments);
        for (const me of ids) {
          expect(total(balancesWith(me, ledgerExpenses, payments).values())).toBe(net.get(me) ?? 0);
        }
      }),
    );
  });

  it('suggested transfers clear every balance, in at most n − 1 positive payments between two people', () => {
    fc.assert(
      fc.property(ledger, ({ expenses, payments }) => {
        const net = netBalances(toExpenses(expenses), payments);
        const transfers = suggestTransfers(net);
        clearsWithin(net, transfers);
        // Recording them as payments leaves nothing to suggest.
        const settled = [...payments, ...transfers];
        expect(suggestTransfers(netBalances(toExpenses(expenses), settled))).toEqual([]);
      }),
    );
  });

  it('suggests the same transfers for the same balances, whatever order they come in', () => {
    fc.assert(
      fc.property(ledger, ({ expenses, payments }) => {
        const net = netBalances(toExpenses(expenses), payments);
        const reversed = new Map([...net].reverse());
        expect(suggestTransfers(reversed)).toEqual(suggestTransfers(net));
      }),
    );
  });

  it('building on the previous suggestions, still clears every balance within n − 1 transfers', () => {
    fc.assert(
      fc.property(ledger, ledger, ({ expenses, payments }, later) => {
        const before = toExpenses(expenses);
        const previous = suggestTransfers(netBalances(before, payments));
        const now = netBalances([...before, ...toExpenses(later.expenses)], payments);
        clearsWithin(now, suggestTransfers(now, previous));
      }),
    );
  });

  it('copes with previous suggestions that no longer fit at all (a cycle, strangers)', () => {
    fc.assert(
      fc.property(
        ledger,
        fc.array(
          fc.record({
            fromId: fc.integer({ min: 1, max: 70 }),
            toId: fc.integer({ min: 1, max: 70 }),
            amountCents: fc.integer({ min: 1, max: 10 ** 6 }),
          }),
          { maxLength: 12 },
        ),
        ({ expenses, payments }, previous) => {
          const net = netBalances(toExpenses(expenses), payments);
          const sane = previous.filter((transfer) => transfer.fromId !== transfer.toId);
          clearsWithin(net, suggestTransfers(net, sane));
        },
      ),
    );
  });
});
