import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { netBalances, suggestTransfers, type LedgerExpense, type LedgerPayment } from './balances';
import { partyOf, unitBalances } from './money-units';
import { explainTransfers, ledgerEntries, pairwiseDebts } from './settle-up-views';

/** A household of 2–8 people, some joined in units, and a ledger. */
const household = fc
  .uniqueArray(fc.integer({ min: 1, max: 40 }), { minLength: 2, maxLength: 8 })
  .chain((ids) =>
    fc.record({
      ids: fc.constant(ids),
      units: fc.array(fc.integer({ min: 0, max: 2 }), {
        minLength: ids.length,
        maxLength: ids.length,
      }),
      expenses: fc.array(
        fc.record({
          payerId: fc.constantFrom(...ids),
          shares: fc.array(
            fc.record({
              userId: fc.constantFrom(...ids),
              amountCents: fc.integer({ min: 0, max: 10 ** 5 }),
            }),
            { minLength: 1, maxLength: 5 },
          ),
        }),
        { maxLength: 15 },
      ),
      payments: fc.array(
        fc.record({
          fromId: fc.constantFrom(...ids),
          toId: fc.constantFrom(...ids),
          amountCents: fc.integer({ min: 1, max: 10 ** 5 }),
        }),
        { maxLength: 6 },
      ),
    }),
  )
  .map(({ ids, units, expenses, payments }) => ({
    unitOf: new Map(
      ids.flatMap((id, index) => (units[index]! > 0 ? [[id, units[index]!] as const] : [])),
    ),
    expenses: expenses as LedgerExpense[],
    payments: payments as LedgerPayment[],
  }));

/** Each side's position from pairwise debts: owed to them less what they owe. */
function positionsOf(debts: readonly { fromId: number; toId: number; amountCents: number }[]) {
  const net = new Map<number, number>();
  for (const { fromId, toId, amountCents } of debts) {
    net.set(fromId, (net.get(fromId) ?? 0) - amountCents);
    net.set(toId, (net.get(toId) ?? 0) + amountCents);
  }
  return net;
}

const nonZero = (map: Map<number, number>) =>
  new Map([...map].filter(([, cents]) => cents !== 0).sort(([a], [b]) => a - b));

describe('pairwise debts: examples', () => {
  // Ana (1) paid 90 for the three of them; Ben (2) paid Ana 20 of his 30; Carl (3) paid Ben 10.
  const expenses: LedgerExpense[] = [
    {
      payerId: 1,
      shares: [
        { userId: 1, amountCents: 3000 },
        { userId: 2, amountCents: 3000 },
        { userId: 3, amountCents: 3000 },
      ],
    },
  ];
  const payments: LedgerPayment[] = [{ fromId: 2, toId: 1, amountCents: 2000 }];

  it('shows a partial payment: Ben paid 20 of 30 to Ana, 10 is open', () => {
    expect(pairwiseDebts(ledgerEntries(expenses, payments))).toEqual([
      { fromId: 3, toId: 1, amountCents: 3000, expenseCount: 1, paidCents: 0 },
      { fromId: 2, toId: 1, amountCents: 1000, expenseCount: 1, paidCents: 2000 },
    ]);
  });

  it('explains a transfer that routes around: Ben pays Ana for Carl', () => {
    // Ben owes Carl 10, Carl owes Ana 10: the fewest transfers is Ben to Ana.
    const debts = pairwiseDebts([
      { fromId: 2, toId: 3, cents: 1000, openCount: 1 },
      { fromId: 3, toId: 1, cents: 1000, openCount: 1 },
    ]);
    expect(explainTransfers([{ fromId: 2, toId: 1, amountCents: 1000 }], debts)).toEqual([
      [{ kind: 'through', amountCents: 1000, throughId: 3 }],
    ]);
  });

  it('keeps what one member of a couple owes the other inside the couple', () => {
    const unitOf = new Map([
      [1, 5],
      [2, 5],
    ]);
    expect(pairwiseDebts(ledgerEntries(expenses, payments), (id) => partyOf(id, unitOf))).toEqual([
      { fromId: 3, toId: -5, amountCents: 3000, expenseCount: 1, paidCents: 0 },
    ]);
  });
});

describe('pairwise debts: properties', () => {
  it('pairwise nets sum to each member’s balance', () => {
    fc.assert(
      fc.property(household, ({ expenses, payments }) => {
        expect(nonZero(positionsOf(pairwiseDebts(ledgerEntries(expenses, payments))))).toEqual(
          nonZero(netBalances(expenses, payments)),
        );
      }),
    );
  });

  it('between parties, they sum to each unit’s position, and nothing runs inside a unit', () => {
    fc.assert(
      fc.property(household, ({ unitOf, expenses, payments }) => {
        const debts = pairwiseDebts(ledgerEntries(expenses, payments), (id) => partyOf(id, unitOf));
        for (const debt of debts) expect(debt.fromId).not.toBe(debt.toId);
        expect(nonZero(positionsOf(debts))).toEqual(
          nonZero(unitBalances(netBalances(expenses, payments), unitOf)),
        );
      }),
    );
  });

  it('one debt per pair, always positive', () => {
    fc.assert(
      fc.property(household, ({ expenses, payments }) => {
        const debts = pairwiseDebts(ledgerEntries(expenses, payments));
        const pairs = debts.map((d) => [d.fromId, d.toId].sort((a, b) => a - b).join(':'));
        expect(new Set(pairs).size).toBe(pairs.length);
        for (const debt of debts) expect(debt.amountCents).toBeGreaterThan(0);
      }),
    );
  });
});

describe('explained transfers: properties', () => {
  it('the reasons of each transfer add up to it, and never use more than a direct debt', () => {
    fc.assert(
      fc.property(household, ({ unitOf, expenses, payments }) => {
        const debts = pairwiseDebts(ledgerEntries(expenses, payments), (id) => partyOf(id, unitOf));
        const transfers = suggestTransfers(unitBalances(netBalances(expenses, payments), unitOf));
        const reasons = explainTransfers(transfers, debts);
        const used = new Map<string, number>();
        const use = (from: number, to: number, cents: number) =>
          used.set(`${from}:${to}`, (used.get(`${from}:${to}`) ?? 0) + cents);
        transfers.forEach((transfer, index) => {
          const parts = reasons[index]!;
          expect(parts.reduce((sum, part) => sum + part.amountCents, 0)).toBe(transfer.amountCents);
          for (const part of parts) {
            expect(part.amountCents).toBeGreaterThan(0);
            if (part.kind === 'direct') use(transfer.fromId, transfer.toId, part.amountCents);
            if (part.kind === 'through') {
              use(transfer.fromId, part.throughId, part.amountCents);
              use(part.throughId, transfer.toId, part.amountCents);
            }
          }
        });
        for (const [key, cents] of used) {
          const debt = debts.find((d) => `${d.fromId}:${d.toId}` === key);
          expect(cents).toBeLessThanOrEqual(debt?.amountCents ?? 0);
        }
      }),
    );
  });
});
