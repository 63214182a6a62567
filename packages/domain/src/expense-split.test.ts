import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rotationOfDate, splitExpense, type Share, type SplitRequest } from './expense-split';

const sum = (shares: readonly Share[]) =>
  shares.reduce((total, share) => total + share.amountCents, 0);
const amounts = (request: SplitRequest, amountCents: number, rotation = 0) => {
  const outcome = splitExpense(amountCents, request, { rotation });
  if (!outcome.ok) throw new Error(`refused: ${JSON.stringify(outcome.error)}`);
  return outcome.shares.map((share) => [share.userId, share.amountCents]);
};

describe('splitExpense: examples', () => {
  it('rotates by the day of the expense: consecutive days start the odd cents one further on', () => {
    expect(rotationOfDate('1970-01-01')).toBe(0);
    expect(rotationOfDate('2026-11-20')).toBe(rotationOfDate('2026-11-19') + 1);
    // Across a month end and a leap day, still one per calendar day.
    expect(rotationOfDate('2028-03-01') - rotationOfDate('2028-02-28')).toBe(2);
    expect(rotationOfDate('not a date')).toBe(0);
    const trio = { type: 'equal', participants: [1, 2, 3] } as const;
    const odd = ['2026-11-19', '2026-11-20', '2026-11-21'].map((date) =>
      amounts(trio, 100, rotationOfDate(date)).findIndex(([, cents]) => cents === 34),
    );
    expect(new Set(odd).size).toBe(3);
  });

  it('splits equally, the odd cents in id order from the rotation on', () => {
    expect(amounts({ type: 'equal', participants: [3, 1, 2] }, 1000)).toEqual([
      [1, 334],
      [2, 333],
      [3, 333],
    ]);
    expect(amounts({ type: 'equal', participants: [3, 1, 2] }, 1000, 2)).toEqual([
      [1, 333],
      [2, 333],
      [3, 334],
    ]);
  });

  it('takes exact amounts as given, and names the difference when they do not add up', () => {
    expect(
      amounts(
        {
          type: 'exact',
          amounts: [
            { userId: 1, amountCents: 700 },
            { userId: 2, amountCents: 300 },
          ],
        },
        1000,
      ),
    ).toEqual([
      [1, 700],
      [2, 300],
    ]);
    const short = splitExpense(1000, {
      type: 'exact',
      amounts: [
        { userId: 1, amountCents: 600 },
        { userId: 2, amountCents: 300 },
      ],
    });
    expect(short).toEqual({
      ok: false,
      error: { code: 'exact_sum_mismatch', differenceCents: 100 },
    });
  });

  it('splits by percentages with two decimals, which must add up to 100', () => {
    const percentages = [
      { userId: 1, basisPoints: 3333 },
      { userId: 2, basisPoints: 3333 },
      { userId: 3, basisPoints: 3334 },
    ];
    expect(amounts({ type: 'percentage', percentages }, 100)).toEqual([
      [1, 33],
      [2, 33],
      [3, 34],
    ]);
    expect(splitExpense(100, { type: 'percentage', percentages: percentages.slice(0, 2) })).toEqual(
      { ok: false, error: { code: 'percentage_sum_mismatch', differenceBasisPoints: 3334 } },
    );
  });

  it('splits by shares (weights)', () => {
    expect(
      amounts(
        {
          type: 'shares',
          shares: [
            { userId: 1, weight: 2 },
            { userId: 2, weight: 1 },
          ],
        },
        3000,
      ),
    ).toEqual([
      [1, 2000],
      [2, 1000],
    ]);
  });

  it("splits item by item: takers share an item, an item nobody took is everyone's", () => {
    const request: SplitRequest = {
      type: 'item_based',
      participants: [1, 2, 3],
      items: [
        { priceCents: 600, takers: [1] },
        { priceCents: 300, takers: [2, 3] },
        { priceCents: 300, takers: [] },
      ],
    };
    expect(amounts(request, 1200)).toEqual([
      [1, 700],
      [2, 250],
      [3, 250],
    ]);
    // A receipt total 10 % under the items' (a discount): everyone's part scales alike.
    expect(amounts(request, 1080)).toEqual([
      [1, 630],
      [2, 225],
      [3, 225],
    ]);
  });

  it('refuses what cannot be split', () => {
    expect(splitExpense(100, { type: 'equal', participants: [] })).toMatchObject({
      error: { code: 'no_participants' },
    });
    expect(splitExpense(100, { type: 'equal', participants: [1, 1] })).toMatchObject({
      error: { code: 'duplicate_participant', userId: 1 },
    });
    expect(splitExpense(-1, { type: 'equal', participants: [1] })).toMatchObject({
      error: { code: 'invalid_amount' },
    });
    expect(splitExpense(100, { type: 'shares', shares: [{ userId: 1, weight: 0 }] })).toMatchObject(
      { error: { code: 'zero_weights' } },
    );
    expect(
      splitExpense(100, {
        type: 'item_based',
        participants: [1],
        items: [{ priceCents: 100, takers: [9] }],
      }),
    ).toMatchObject({ error: { code: 'unknown_taker', userId: 9 } });
  });
});

const userIds = fc.uniqueArray(fc.integer({ min: 1, max: 2 ** 31 - 1 }), {
  minLength: 1,
  maxLength: 30,
});
const amount = fc.integer({ min: 0, max: 10 ** 12 });

/** Any valid request for the given people and amount. */
const requestFor = (people: number[], amountCents: number): fc.Arbitrary<SplitRequest> =>
  fc.oneof(
    fc.constant<SplitRequest>({ type: 'equal', participants: people }),
    fc
      .array(fc.integer({ min: 1, max: 1000 }), {
        minLength: people.length,
        maxLength: people.length,
      })
      .map((weights) => ({
        type: 'shares' as const,
        shares: people.map((userId, index) => ({ userId, weight: weights[index]! })),
      })),
    fc.array(fc.nat(), { minLength: people.length, maxLength: people.length }).map((raw) => {
      // Whole basis points adding up to exactly 10000.
      const total = raw.reduce((s, value) => s + value, 0) || 1;
      const points = raw.map((value) => Math.floor((value * 10_000) / total));
      points[0]! += 10_000 - points.reduce((s, value) => s + value, 0);
      return {
        type: 'percentage' as const,
        percentages: people.map((userId, index) => ({ userId, basisPoints: points[index]! })),
      };
    }),
    fc.array(fc.nat(), { minLength: people.length, maxLength: people.length }).map((raw) => {
      const total = raw.reduce((s, value) => s + value, 0) || 1;
      const parts = raw.map((value) => Math.floor((value / total) * amountCents));
      parts[0]! += amountCents - parts.reduce((s, value) => s + value, 0);
      return {
        type: 'exact' as const,
        amounts: people.map((userId, index) => ({ userId, amountCents: parts[index]! })),
      };
    }),
    fc
      .array(
        fc.record({
          priceCents: fc.integer({ min: 0, max: 100_000 }),
          takers: fc.subarray(people),
        }),
        { maxLength: 20 },
      )
      .map((items) => ({ type: 'item_based' as const, participants: people, items })),
  );

describe('splitExpense: properties', () => {
  const cases = fc
    .tuple(userIds, amount, fc.integer({ min: 0, max: 1000 }))
    .chain(([people, amountCents, rotation]) =>
      requestFor(people, amountCents).map((request) => ({
        people,
        amountCents,
        rotation,
        request,
      })),
    );

  it('adds up exactly to the amount, with no negative share, one share per person in id order', () => {
    fc.assert(
      fc.property(cases, ({ people, amountCents, rotation, request }) => {
        const outcome = splitExpense(amountCents, request, { rotation });
        expect(outcome.ok).toBe(true);
        if (!outcome.ok) return;
        expect(sum(outcome.shares)).toBe(amountCents);
        expect(outcome.shares.every((share) => Number.isSafeInteger(share.amountCents))).toBe(true);
        expect(outcome.shares.every((share) => share.amountCents >= 0)).toBe(true);
        expect(outcome.shares.map((share) => share.userId)).toEqual(
          [...people].sort((a, b) => a - b),
        );
      }),
    );
  });

  it('gives the same shares for the same input, whatever order the people come in', () => {
    fc.assert(
      fc.property(cases, ({ amountCents, rotation, request }) => {
        const reversed = reverseRequest(request);
        expect(splitExpense(amountCents, reversed, { rotation })).toEqual(
          splitExpense(amountCents, request, { rotation }),
        );
      }),
    );
  });

  it('keeps every share within a cent of its exact value for weights (equal, shares, percentage)', () => {
    fc.assert(
      fc.property(cases, ({ amountCents, request }) => {
        if (
          request.type !== 'shares' &&
          request.type !== 'equal' &&
          request.type !== 'percentage'
        ) {
          return;
        }
        const weights =
          request.type === 'equal'
            ? request.participants.map((userId) => ({ userId, weight: 1 }))
            : request.type === 'shares'
              ? request.shares
              : request.percentages.map((p) => ({ userId: p.userId, weight: p.basisPoints }));
        const total = weights.reduce((s, entry) => s + entry.weight, 0);
        const outcome = splitExpense(amountCents, request);
        if (!outcome.ok) throw new Error('refused');
        for (const share of outcome.shares) {
          const weight = weights.find((entry) => entry.userId === share.userId)!.weight;
          const exact = (BigInt(amountCents) * BigInt(weight)) / BigInt(total);
          const diff = BigInt(share.amountCents) - exact;
          expect(diff === 0n || diff === 1n).toBe(true);
        }
      }),
    );
  });

  it('moves the odd cents round with the rotation: over n rotations an equal split is fair', () => {
    fc.assert(
      fc.property(userIds, fc.integer({ min: 0, max: 10 ** 9 }), (people, amountCents) => {
        const totals = new Map<number, number>();
        for (let rotation = 0; rotation < people.length; rotation += 1) {
          const outcome = splitExpense(
            amountCents,
            { type: 'equal', participants: people },
            { rotation },
          );
          if (!outcome.ok) throw new Error('refused');
          for (const share of outcome.shares) {
            totals.set(share.userId, (totals.get(share.userId) ?? 0) + share.amountCents);
          }
        }
        expect(new Set(totals.values()).size).toBe(1);
      }),
    );
  });
});

function reverseRequest(request: SplitRequest): SplitRequest {
  switch (request.type) {
    case 'equal':
      return { ...request, participants: [...request.participants].reverse() };
    case 'shares':
      return { ...request, shares: [...request.shares].reverse() };
    case 'percentage':
      return { ...request, percentages: [...request.percentages].reverse() };
    case 'exact':
      return { ...request, amounts: [...request.amounts].reverse() };
    case 'item_based':
      return {
        ...request,
        participants: [...request.participants].reverse(),
        items: request.items.map((item) => ({ ...item, takers: [...item.takers].reverse() })),
      };
  }
}
