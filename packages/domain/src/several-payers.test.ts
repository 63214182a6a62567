import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { netBalances } from './balances';
import { rowChanges } from './ledger-moves';
import { checkPayers, divideAmongPayers, mainPayer, type PayerAmount } from './several-payers';

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** Shares of distinct people (some may be 0, not all) and payers of distinct people paying their sum. */
const expenseWithPayers = fc
  .tuple(
    fc.uniqueArray(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 9 }),
    fc.uniqueArray(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 6 }),
    fc.array(fc.integer({ min: 0, max: 200_000 }), { minLength: 9, maxLength: 9 }),
    fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 6, maxLength: 6 }),
  )
  .filter(([people, payerIds, amounts]) => {
    const total = sum(amounts.slice(0, people.length));
    return total >= payerIds.length;
  })
  .map(([people, payerIds, amounts, weights]) => {
    const shares = people.map((userId, i) => ({ userId, amountCents: amounts[i]! }));
    const total = sum(shares.map((share) => share.amountCents));
    // Cut the total among the payers by weight, each at least 1.
    const w = weights.slice(0, payerIds.length);
    const spare = total - payerIds.length;
    const parts = w.map((weight) => Math.floor((spare * weight) / sum(w)));
    parts[0]! += spare - sum(parts);
    const payers: PayerAmount[] = payerIds.map((userId, j) => ({
      userId,
      amountCents: 1 + parts[j]!,
    }));
    return { shares, payers, total };
  });

describe('several payers: examples', () => {
  it('divides each share between two payers as they paid: Ana €30, Ben €20 of €50', () => {
    const rows = divideAmongPayers(
      [
        { userId: 1, amountCents: 2500 },
        { userId: 2, amountCents: 2500 },
      ],
      [
        { userId: 1, amountCents: 3000 },
        { userId: 2, amountCents: 2000 },
      ],
    );
    expect(rows).toEqual([
      { userId: 1, payerId: 1, amountCents: 1500 },
      { userId: 1, payerId: 2, amountCents: 1000 },
      { userId: 2, payerId: 1, amountCents: 1500 },
      { userId: 2, payerId: 2, amountCents: 1000 },
    ]);
  });

  it('a share of 0 keeps one row of 0 with the payer who paid most', () => {
    const rows = divideAmongPayers(
      [
        { userId: 3, amountCents: 0 },
        { userId: 4, amountCents: 10 },
      ],
      [
        { userId: 1, amountCents: 3 },
        { userId: 2, amountCents: 7 },
      ],
    );
    expect(rows).toEqual([
      { userId: 3, payerId: 2, amountCents: 0 },
      { userId: 4, payerId: 1, amountCents: 3 },
      { userId: 4, payerId: 2, amountCents: 7 },
    ]);
  });

  it('with one payer, every share is owed to them whole, as before', () => {
    const shares = [
      { userId: 1, amountCents: 333 },
      { userId: 2, amountCents: 0 },
    ];
    expect(divideAmongPayers(shares, [{ userId: 2, amountCents: 333 }])).toEqual([
      { userId: 1, payerId: 2, amountCents: 333 },
      { userId: 2, payerId: 2, amountCents: 0 },
    ]);
  });

  it('odd cents: three people owing 1 cent each to payers of 2 and 1 still add up both ways', () => {
    const rows = divideAmongPayers(
      [1, 2, 3].map((userId) => ({ userId, amountCents: 1 })),
      [
        { userId: 7, amountCents: 2 },
        { userId: 8, amountCents: 1 },
      ],
    );
    expect(rows.filter((row) => row.payerId === 7)).toHaveLength(2);
    expect(rows.filter((row) => row.payerId === 8)).toHaveLength(1);
  });

  it('the main payer is who paid most, the first of equals', () => {
    expect(
      mainPayer([
        { userId: 5, amountCents: 10 },
        { userId: 3, amountCents: 20 },
        { userId: 4, amountCents: 20 },
      ]),
    ).toBe(3);
  });

  it('refuses payers that do not add up, repeat a person, pay nothing or are none', () => {
    expect(checkPayers([], 10)).toEqual({ code: 'no_payers' });
    expect(
      checkPayers(
        [
          { userId: 1, amountCents: 5 },
          { userId: 1, amountCents: 5 },
        ],
        10,
      ),
    ).toEqual({ code: 'duplicate_payer', userId: 1 });
    expect(checkPayers([{ userId: 1, amountCents: 0 }], 0)).toEqual({
      code: 'not_positive',
      userId: 1,
    });
    expect(checkPayers([{ userId: 1, amountCents: 4 }], 10)).toEqual({
      code: 'payers_sum_mismatch',
      differenceCents: 6,
    });
    expect(
      checkPayers(
        [
          { userId: 1, amountCents: 4 },
          { userId: 2, amountCents: 6 },
        ],
        10,
      ),
    ).toBeNull();
  });
});

describe('several payers: properties', () => {
  it('every person’s rows add up to their share exactly', () => {
    fc.assert(
      fc.property(expenseWithPayers, ({ shares, payers }) => {
        const rows = divideAmongPayers(shares, payers);
        for (const share of shares) {
          const owed = sum(rows.filter((r) => r.userId === share.userId).map((r) => r.amountCents));
          expect(owed).toBe(share.amountCents);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('every payer’s rows add up to what they paid exactly', () => {
    fc.assert(
      fc.property(expenseWithPayers, ({ shares, payers }) => {
        const rows = divideAmongPayers(shares, payers);
        for (const payer of payers) {
          const got = sum(rows.filter((r) => r.payerId === payer.userId).map((r) => r.amountCents));
          expect(got).toBe(payer.amountCents);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('every row is a whole, non-negative amount: its exact part rounded down or up', () => {
    fc.assert(
      fc.property(expenseWithPayers, ({ shares, payers, total }) => {
        const rows = divideAmongPayers(shares, payers);
        for (const row of rows) {
          expect(Number.isSafeInteger(row.amountCents)).toBe(true);
          expect(row.amountCents).toBeGreaterThanOrEqual(0);
          const share = shares.find((s) => s.userId === row.userId)!.amountCents;
          const paid = payers.find((p) => p.userId === row.payerId)!.amountCents;
          const exact = (share * paid) / total;
          if (share > 0) expect(Math.abs(row.amountCents - exact)).toBeLessThan(1);
        }
        const pairs = rows.map((row) => `${row.userId}-${row.payerId}`);
        expect(new Set(pairs).size).toBe(pairs.length);
      }),
      { numRuns: 500 },
    );
  });

  it('balances move as each person paid less what they owe, and sum to zero', () => {
    fc.assert(
      fc.property(expenseWithPayers, ({ shares, payers }) => {
        const rows = divideAmongPayers(shares, payers);
        const changes = new Map<number, number>();
        rowChanges(changes, rows, 1);
        const people = new Set([...shares.map((s) => s.userId), ...payers.map((p) => p.userId)]);
        for (const person of people) {
          const paid = payers.find((p) => p.userId === person)?.amountCents ?? 0;
          const owed = shares.find((s) => s.userId === person)?.amountCents ?? 0;
          expect(changes.get(person) ?? 0).toBe(paid - owed);
        }
        expect(sum([...changes.values()])).toBe(0);
        const net = netBalances(
          rows.map((row) => ({ payerId: row.payerId, shares: [row] })),
          [],
        );
        for (const person of people) expect(net.get(person) ?? 0).toBe(changes.get(person) ?? 0);
      }),
      { numRuns: 300 },
    );
  });

  it('the same expense always gives the same rows', () => {
    fc.assert(
      fc.property(expenseWithPayers, ({ shares, payers }) => {
        expect(divideAmongPayers(shares, payers)).toEqual(divideAmongPayers(shares, payers));
      }),
      { numRuns: 100 },
    );
  });
});
