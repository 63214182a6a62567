import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitEvenly, summarizeListCosts } from './cost-summary';

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

describe('splitEvenly', () => {
  it('gives the remainder cents, one each, to the first parts', () => {
    expect(splitEvenly(100, 3)).toEqual([34, 33, 33]);
    expect(splitEvenly(101, 3)).toEqual([34, 34, 33]);
    expect(splitEvenly(99, 3)).toEqual([33, 33, 33]);
    expect(splitEvenly(2, 5)).toEqual([1, 1, 0, 0, 0]);
    expect(splitEvenly(0, 2)).toEqual([0, 0]);
  });

  it('splits a negative total (a refund) into floor shares that still add up', () => {
    expect(splitEvenly(-100, 3)).toEqual([-33, -33, -34]);
  });

  it('splits nothing among nobody, and refuses to split money among nobody', () => {
    expect(splitEvenly(0, 0)).toEqual([]);
    expect(() => splitEvenly(1, 0)).toThrow(RangeError);
  });

  it('refuses fractional cents and fractional or negative people', () => {
    expect(() => splitEvenly(1.5, 2)).toThrow(RangeError);
    expect(() => splitEvenly(100, 1.5)).toThrow(RangeError);
    expect(() => splitEvenly(100, -1)).toThrow(RangeError);
  });

  it('always adds up exactly to the total, with parts at most one cent apart', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 1, max: 200 }),
        (total, n) => {
          const parts = splitEvenly(total, n);
          expect(parts).toHaveLength(n);
          expect(parts.every(Number.isSafeInteger)).toBe(true);
          expect(sum(parts)).toBe(total);
          expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
          // Larger parts come first: the remainder order is stated, not incidental.
          expect([...parts].sort((a, b) => b - a)).toEqual(parts);
        },
      ),
    );
  });
});

describe('summarizeListCosts', () => {
  it('shows nothing for a list without participants or priced items', () => {
    expect(summarizeListCosts({ participants: [], items: [] })).toEqual({
      totalCents: 0,
      equalShareCents: 0,
      rows: [],
    });
    expect(
      summarizeListCosts({ participants: [], items: [{ addedBy: 1, priceCents: null }] }),
    ).toEqual({ totalCents: 0, equalShareCents: 0, rows: [] });
  });

  it('splits the total of the priced items equally and credits each adder with their items', () => {
    const summary = summarizeListCosts({
      participants: [1, 2, 3],
      items: [
        { addedBy: 1, priceCents: 300 },
        { addedBy: 1, priceCents: 100 },
        { addedBy: 2, priceCents: 200 },
        { addedBy: 3, priceCents: null },
      ],
    });
    expect(summary).toEqual({
      totalCents: 600,
      equalShareCents: 200,
      rows: [
        { key: 1, itemsAddedCents: 400, amountDueCents: 200, balanceCents: 200 },
        { key: 2, itemsAddedCents: 200, amountDueCents: 200, balanceCents: 0 },
        { key: 3, itemsAddedCents: 0, amountDueCents: 200, balanceCents: -200 },
      ],
    });
  });

  it('gives the remainder cents to the first participants in the given order', () => {
    const summary = summarizeListCosts({
      participants: [7, 3, 5],
      items: [{ addedBy: 5, priceCents: 1000 }],
    });
    expect(summary.equalShareCents).toBe(333);
    expect(summary.rows.map((row) => [row.key, row.amountDueCents])).toEqual([
      [7, 334],
      [3, 333],
      [5, 333],
    ]);
  });

  it('keeps former members and deleted accounts who added priced items, after the members, deleted last', () => {
    const summary = summarizeListCosts({
      participants: [2, 1],
      items: [
        { addedBy: null, priceCents: 100 },
        { addedBy: 9, priceCents: 100 },
        { addedBy: 4, priceCents: 0 },
        { addedBy: 8, priceCents: null },
        { addedBy: 1, priceCents: 200 },
      ],
    });
    expect(summary.rows.map((row) => row.key)).toEqual([2, 1, 4, 9, null]);
    expect(summary.totalCents).toBe(400);
    expect(summary.rows.map((row) => row.amountDueCents)).toEqual([80, 80, 80, 80, 80]);
  });

  it('counts each participant once even when listed twice', () => {
    const summary = summarizeListCosts({
      participants: ['ann', 'bob', 'ann'],
      items: [{ addedBy: 'bob', priceCents: 10 }],
    });
    expect(summary.rows.map((row) => [row.key, row.amountDueCents])).toEqual([
      ['ann', 5],
      ['bob', 5],
    ]);
  });

  it('refuses fractional cents rather than rounding them silently', () => {
    expect(() =>
      summarizeListCosts({ participants: [1], items: [{ addedBy: 1, priceCents: 1.5 }] }),
    ).toThrow(RangeError);
  });

  const keyArb = fc.oneof(
    { weight: 5, arbitrary: fc.integer({ min: 1, max: 80 }) },
    { weight: 1, arbitrary: fc.constant(null) },
  );
  const listArb = fc.record({
    participants: fc.uniqueArray(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 50 }),
    items: fc.array(
      fc.record({
        addedBy: keyArb,
        priceCents: fc.option(fc.integer({ min: 0, max: 100_000_000 }), { freq: 4 }),
      }),
      { maxLength: 60 },
    ),
  });

  it('always charges shares that add up exactly to the list total', () => {
    fc.assert(
      fc.property(listArb, (list) => {
        const summary = summarizeListCosts(list);
        const prices = list.items.flatMap((item) => item.priceCents ?? []);
        expect(summary.totalCents).toBe(sum(prices));
        expect(sum(summary.rows.map((row) => row.amountDueCents))).toBe(summary.totalCents);
      }),
    );
  });

  it('always has balances that add up to zero', () => {
    fc.assert(
      fc.property(listArb, (list) => {
        const { rows } = summarizeListCosts(list);
        expect(sum(rows.map((row) => row.balanceCents))).toBe(0);
        for (const row of rows) {
          expect(row.balanceCents).toBe(row.itemsAddedCents - row.amountDueCents);
        }
      }),
    );
  });

  it('never charges two participants shares more than one cent apart', () => {
    fc.assert(
      fc.property(listArb, (list) => {
        const { rows, equalShareCents } = summarizeListCosts(list);
        for (const row of rows) {
          expect(row.amountDueCents - equalShareCents).toBeGreaterThanOrEqual(0);
          expect(row.amountDueCents - equalShareCents).toBeLessThanOrEqual(1);
        }
      }),
    );
  });

  it('leaves a participant who added nothing owing exactly their share', () => {
    fc.assert(
      fc.property(listArb, (list) => {
        const { rows } = summarizeListCosts(list);
        for (const row of rows.filter((r) => !list.items.some((i) => i.addedBy === r.key))) {
          expect(row.itemsAddedCents).toBe(0);
          expect(row.balanceCents + row.amountDueCents).toBe(0);
        }
      }),
    );
  });

  it('lists every member, in order, and everyone else who priced an item after them', () => {
    fc.assert(
      fc.property(listArb, (list) => {
        const keys = summarizeListCosts(list).rows.map((row) => row.key);
        expect(keys.slice(0, list.participants.length)).toEqual(list.participants);
        const adders = list.items.filter((i) => i.priceCents !== null).map((i) => i.addedBy);
        expect(new Set(keys)).toEqual(new Set([...list.participants, ...adders]));
        expect(keys).toHaveLength(new Set(keys).size);
      }),
    );
  });

  it('does not depend on the order of the items', () => {
    fc.assert(
      fc.property(
        listArb.chain((list) =>
          fc.tuple(
            fc.constant(list),
            fc.shuffledSubarray(list.items, { minLength: list.items.length }),
          ),
        ),
        ([list, shuffled]) => {
          expect(summarizeListCosts({ ...list, items: shuffled })).toEqual(
            summarizeListCosts(list),
          );
        },
      ),
    );
  });
});
