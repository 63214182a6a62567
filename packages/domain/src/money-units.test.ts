import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { netBalances, suggestTransfers, type LedgerExpense, type LedgerPayment } from './balances';
import { isUnitParty, partyOf, unitBalances, unitOfParty, unitParty } from './money-units';

const total = (values: Iterable<number>) => [...values].reduce((sum, value) => sum + value, 0);

/** A household of 2–10 people, some of them joined in units (couples, or more), and a ledger. */
const household = fc
  .uniqueArray(fc.integer({ min: 1, max: 60 }), { minLength: 2, maxLength: 10 })
  .chain((ids) =>
    fc.record({
      ids: fc.constant(ids),
      // Each person's unit: 0 for none, else one of three units.
      units: fc.array(fc.integer({ min: 0, max: 3 }), {
        minLength: ids.length,
        maxLength: ids.length,
      }),
      expenses: fc.array(
        fc.record({
          payerId: fc.constantFrom(...ids),
          shares: fc.array(
            fc.record({
              userId: fc.constantFrom(...ids),
              amountCents: fc.integer({ min: 0, max: 10 ** 6 }),
            }),
            { minLength: 1, maxLength: 6 },
          ),
        }),
        { maxLength: 20 },
      ),
      payments: fc.array(
        fc.record({
          fromId: fc.constantFrom(...ids),
          toId: fc.constantFrom(...ids),
          amountCents: fc.integer({ min: 1, max: 10 ** 6 }),
        }),
        { maxLength: 8 },
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

describe('units: examples', () => {
  // Ann (1) and Ben (2) are a couple (unit 7); Cat (3) is on her own.
  const unitOf = new Map([
    [1, 7],
    [2, 7],
  ]);

  it('nets a couple as one party: what one owes the other stays inside', () => {
    const balances = new Map([
      [1, 3000],
      [2, -1000],
      [3, -2000],
    ]);
    expect(Object.fromEntries(unitBalances(balances, unitOf))).toEqual({ [-7]: 2000, 3: -2000 });
    expect(suggestTransfers(unitBalances(balances, unitOf))).toEqual([
      { fromId: 3, toId: unitParty(7), amountCents: 2000 },
    ]);
  });

  it('names parties: a unit by its id negated, a lone member by theirs', () => {
    expect(partyOf(1, unitOf)).toBe(-7);
    expect(partyOf(3, unitOf)).toBe(3);
    expect(isUnitParty(partyOf(2, unitOf))).toBe(true);
    expect(unitOfParty(partyOf(2, unitOf))).toBe(7);
    expect(isUnitParty(3)).toBe(false);
    expect(() => unitParty(0)).toThrow(RangeError);
  });
});

describe('units: properties', () => {
  it('party positions add up to zero when the members’ do', () => {
    fc.assert(
      fc.property(household, ({ unitOf, expenses, payments }) => {
        const parties = unitBalances(netBalances(expenses, payments), unitOf);
        expect(total(parties.values())).toBe(0);
      }),
    );
  });

  it('a unit’s position is the sum of its members’, a lone member keeps their own', () => {
    fc.assert(
      fc.property(household, ({ unitOf, expenses, payments }) => {
        const members = netBalances(expenses, payments);
        const parties = unitBalances(members, unitOf);
        for (const [party, cents] of parties) {
          const own = [...members].filter(([userId]) => partyOf(userId, unitOf) === party);
          expect(cents).toBe(total(own.map(([, memberCents]) => memberCents)));
          if (!isUnitParty(party)) expect(cents).toBe(members.get(party));
        }
      }),
    );
  });

  it('units net like their members: netting the ledger with units as people gives the same', () => {
    fc.assert(
      fc.property(household, ({ unitOf, expenses, payments }) => {
        const asParties = netBalances(
          expenses.map(({ payerId, shares }) => ({
            payerId: partyOf(payerId, unitOf),
            shares: shares.map(({ userId, amountCents }) => ({
              userId: partyOf(userId, unitOf),
              amountCents,
            })),
          })),
          payments.map(({ fromId, toId, amountCents }) => ({
            fromId: partyOf(fromId, unitOf),
            toId: partyOf(toId, unitOf),
            amountCents,
          })),
        );
        const nonZero = (map: Map<number, number>) =>
          new Map([...map].filter(([, cents]) => cents !== 0).sort(([a], [b]) => a - b));
        expect(nonZero(unitBalances(netBalances(expenses, payments), unitOf))).toEqual(
          nonZero(asParties),
        );
      }),
    );
  });

  it('suggested transfers clear every party and never run between two members of one unit', () => {
    fc.assert(
      fc.property(household, ({ unitOf, expenses, payments }) => {
        const parties = unitBalances(netBalances(expenses, payments), unitOf);
        const transfers = suggestTransfers(parties);
        const after = new Map(parties);
        for (const { fromId, toId, amountCents } of transfers) {
          expect(fromId).not.toBe(toId);
          // Only parties take part: a member of a unit never pays or is paid on their own.
          for (const side of [fromId, toId]) {
            expect(parties.has(side)).toBe(true);
            if (!isUnitParty(side)) expect(unitOf.has(side)).toBe(false);
          }
          after.set(fromId, after.get(fromId)! + amountCents);
          after.set(toId, after.get(toId)! - amountCents);
        }
        expect([...after.values()].every((cents) => cents === 0)).toBe(true);
      }),
    );
  });
});
