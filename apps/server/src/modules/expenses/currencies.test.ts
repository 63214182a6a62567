import {
  ZBalanceSummary,
  ZExchangeRate,
  ZExpense,
  ZGroupExchangeRates,
  type Expense,
  type SplitInput,
} from '@household/contracts';
import { netBalances } from '@household/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expenseSplits, expenses, groupBalances, settlements } from '../../db/schema';
import { expectInvalidField, expectProblem, expectShape } from '../../../test/support/assertions';
import { type TestUser, buildHousehold } from '../../../test/support/factories';
import { sender } from '../../../test/support/requests';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

// docs/expenses.md "Currencies": an expense paid in another currency is kept in the group's home
// currency at the rate locked when it was saved, on both engines.

let t: TestApp;
const send = sender(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const household = (currency = 'EUR') => buildHousehold(t.app, { name: 'Trip', currency });

const equalAmong = (...people: TestUser[]): SplitInput => ({
  type: 'equal',
  participants: people.map((person) => person.user.id),
});

function post(by: TestUser, body: Record<string, unknown>) {
  return send(by.auth, 'POST', '/expenses', {
    description: 'Ramen',
    date: '2026-11-20',
    ...body,
  });
}

async function addExpense(by: TestUser, body: Record<string, unknown>): Promise<Expense> {
  const response = await post(by, body);
  expect(response.statusCode, response.body).toBe(201);
  return expectShape(ZExpense, response.json());
}

async function setRate(by: TestUser, groupId: number, body: Record<string, unknown>) {
  const response = await send(by.auth, 'POST', `/groups/${groupId}/exchange-rates`, body);
  expect(response.statusCode, response.body).toBe(201);
  return expectShape(ZExchangeRate, response.json());
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('an expense paid in another currency', () => {
  it('keeps ¥2,000 at 0.0062 as €12.40 in the home currency, with the shares adding up', async () => {
    const { ann, ben, cat, group } = await household();
    const expense = await addExpense(ann, {
      group_id: group.id,
      amount_cents: 2000,
      currency: 'JPY',
      exchange_rate: '0.0062',
      split: equalAmong(ann, ben, cat),
    });
    expect(expense.amount_cents).toBe(1240);
    expect(expense.currency).toBe('EUR');
    expect(expense.original).toEqual({
      currency: 'JPY',
      amount_minor: 2000,
      exchange_rate: '0.0062',
    });
    // ¥667 + ¥667 + ¥666 at 0.0062 is 4.1354 + 4.1354 + 4.1292: floors 4.13, 4.13, 4.12, one
    // cent left for the largest remainder.
    expect(sum(expense.splits.map((split) => split.amount_cents))).toBe(1240);
    expect(expense.splits.map((split) => split.amount_cents).sort()).toEqual([413, 413, 414]);
    const [row] = await t.database.db.select().from(expenses).where(eq(expenses.id, expense.id));
    expect(row).toMatchObject({
      amountCents: 1240,
      currency: 'EUR',
      originalCurrency: 'JPY',
      originalAmountMinor: 2000,
      exchangeRate: '0.0062',
    });
  });

  it('reads a KWD amount in fils (three decimals) and exact shares in KWD', async () => {
    const { ann, ben, group } = await household();
    const expense = await addExpense(ann, {
      group_id: group.id,
      amount_cents: 10_005, // 10.005 KWD
      currency: 'KWD',
      exchange_rate: '3',
      split: {
        type: 'exact',
        amounts: [
          { user_id: ann.user.id, amount_cents: 5_003 },
          { user_id: ben.user.id, amount_cents: 5_002 },
        ],
      },
    });
    // 10.005 × 3 = 30.015 EUR, rounded half away from zero: 30.02.
    expect(expense.amount_cents).toBe(3002);
    const shares = Object.fromEntries(expense.splits.map((s) => [s.user.id, s.amount_cents]));
    expect(shares[ann.user.id]! + shares[ben.user.id]!).toBe(3002);
    expect(shares[ben.user.id]).toBe(1501); // 5.002 × 3 = 15.006
  });

  it('converts into a home currency without decimals (JPY)', async () => {
    const { ann, ben, group } = await household('JPY');
    const expense = await addExpense(ann, {
      group_id: group.id,
      amount_cents: 1234, // €12.34
      currency: 'EUR',
      exchange_rate: '162.35',
      split: equalAmong(ann, ben),
    });
    // 12.34 × 162.35 = 2003.399 → ¥2,003.
    expect(expense.amount_cents).toBe(2003);
    expect(sum(expense.splits.map((split) => split.amount_cents))).toBe(2003);
  });

  it('in the home currency keeps no original and no rate', async () => {
    const { ann, ben, group } = await household();
    const expense = await addExpense(ann, {
      group_id: group.id,
      amount_cents: 1000,
      currency: 'EUR',
      exchange_rate: '2',
      split: equalAmong(ann, ben),
    });
    expect(expense.amount_cents).toBe(1000);
    expect(expense.original).toBeNull();
  });

  it('without a rate sent or set answers 422 naming the currency', async () => {
    const { ann, ben, group } = await household();
    const response = await post(ann, {
      group_id: group.id,
      amount_cents: 2000,
      currency: 'USD',
      split: equalAmong(ann, ben),
    });
    const problem = expectProblem(response, 422, 'validation_failed');
    expect(problem.detail).toBe('Set a rate for USD first');
    expect(problem.errors?.[0]?.path).toBe('exchange_rate');
  });

  it('without a rate sent uses the group’s latest, by date', async () => {
    const { ann, ben, group } = await household();
    await setRate(ann, group.id, { currency: 'USD', rate: '0.9', date: '2026-11-01' });
    await setRate(ben, group.id, { currency: 'USD', rate: '0.8', date: '2026-10-01' });
    const expense = await addExpense(ben, {
      group_id: group.id,
      amount_cents: 1000,
      currency: 'USD',
      split: equalAmong(ann, ben),
    });
    expect(expense.original?.exchange_rate).toBe('0.9');
    expect(expense.amount_cents).toBe(900);
  });

  it('records a rate sent with it, so that the next expense is proposed the last one used', async () => {
    const { ann, ben, group } = await household();
    await setRate(ann, group.id, { currency: 'JPY', rate: '0.006', date: '2026-11-01' });
    await addExpense(ann, {
      group_id: group.id,
      amount_cents: 1000,
      currency: 'JPY',
      exchange_rate: '0.0062',
      split: equalAmong(ann, ben),
    });
    const rates = expectShape(
      ZGroupExchangeRates,
      (await send(ben.auth, 'GET', `/groups/${group.id}/exchange-rates`)).json(),
    );
    expect(rates.latest.map((rate) => [rate.currency, rate.rate])).toEqual([['JPY', '0.0062']]);
    expect(rates.history).toHaveLength(2);
    // The same rate again adds nothing to the list.
    await addExpense(ann, {
      group_id: group.id,
      amount_cents: 500,
      currency: 'JPY',
      exchange_rate: '0.00620',
      split: equalAmong(ann, ben),
    });
    const again = (await send(ben.auth, 'GET', `/groups/${group.id}/exchange-rates`)).json();
    expect(again.history).toHaveLength(2);
  });

  it('keeps its locked rate when the group’s rate changes later, also through an edit', async () => {
    const { ann, ben, group } = await household();
    await setRate(ann, group.id, { currency: 'JPY', rate: '0.0062' });
    const expense = await addExpense(ann, {
      group_id: group.id,
      amount_cents: 2000,
      currency: 'JPY',
      split: equalAmong(ann, ben),
    });
    await setRate(ann, group.id, { currency: 'JPY', rate: '0.0070' });
    const read = await send(ann.auth, 'GET', `/expenses/${expense.id}`);
    expect(read.json().amount_cents).toBe(1240);
    const edited = await send(ann.auth, 'PATCH', `/expenses/${expense.id}`, {
      version: expense.version,
      amount_cents: 3000,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const body = expectShape(ZExpense, edited.json());
    expect(body.original).toEqual({ currency: 'JPY', amount_minor: 3000, exchange_rate: '0.0062' });
    expect(body.amount_cents).toBe(1860);
    expect(sum(body.splits.map((split) => split.amount_cents))).toBe(1860);
    // Sent back unchanged by a form that saves another field, the locked rate is no new rate.
    const renamed = await send(ann.auth, 'PATCH', `/expenses/${expense.id}`, {
      version: body.version,
      description: 'Sushi',
      currency: 'JPY',
      exchange_rate: '0.0062',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const rates = (await send(ann.auth, 'GET', `/groups/${group.id}/exchange-rates`)).json();
    expect(rates.history.map((rate: { rate: string }) => rate.rate)).toEqual(['0.0070', '0.0062']);
  });

  it('changes currency and rate through an edit, and back to the home currency', async () => {
    const { ann, ben, group } = await household();
    const expense = await addExpense(ann, {
      group_id: group.id,
      amount_cents: 1000,
      split: equalAmong(ann, ben),
    });
    const missingAmount = await send(ann.auth, 'PATCH', `/expenses/${expense.id}`, {
      version: expense.version,
      currency: 'CHF',
      exchange_rate: '1.05',
    });
    expectInvalidField(missingAmount, 'amount_cents');
    const inFrancs = await send(ann.auth, 'PATCH', `/expenses/${expense.id}`, {
      version: expense.version,
      currency: 'CHF',
      amount_cents: 2000,
      exchange_rate: '1.05',
    });
    expect(inFrancs.statusCode, inFrancs.body).toBe(200);
    expect(inFrancs.json()).toMatchObject({
      amount_cents: 2100,
      original: { currency: 'CHF', amount_minor: 2000 },
    });
    const home = await send(ann.auth, 'PATCH', `/expenses/${expense.id}`, {
      version: expense.version + 1,
      currency: 'EUR',
      amount_cents: 1500,
    });
    expect(home.statusCode, home.body).toBe(200);
    expect(home.json()).toMatchObject({ amount_cents: 1500, original: null, currency: 'EUR' });
  });

  it('refuses an amount that the rate makes too big or nothing, with 400', async () => {
    const { ann, ben, group } = await household();
    const tooBig = await post(ann, {
      group_id: group.id,
      amount_cents: 100_000_000,
      currency: 'USD',
      exchange_rate: '999999999999.9999999999',
      split: equalAmong(ann, ben),
    });
    expectInvalidField(tooBig, 'amount_cents');
    const nothing = await post(ann, {
      group_id: group.id,
      amount_cents: 1,
      currency: 'JPY',
      exchange_rate: '0.0001',
      split: equalAmong(ann, ben),
    });
    expectInvalidField(nothing, 'amount_cents');
    for (const rate of ['0', '-1', '1e3', 'abc', '1.12345678901']) {
      const bad = await post(ann, {
        group_id: group.id,
        amount_cents: 100,
        currency: 'USD',
        exchange_rate: rate,
        split: equalAmong(ann, ben),
      });
      expectInvalidField(bad, 'exchange_rate');
    }
    expectInvalidField(
      await post(ann, {
        group_id: group.id,
        amount_cents: 100,
        currency: 'usd',
        split: equalAmong(ann, ben),
      }),
      'currency',
    );
  });

  it('leaves balances summing to zero in the home currency with mixed currencies', async () => {
    const { ann, ben, cat, group } = await household();
    await addExpense(ann, {
      group_id: group.id,
      amount_cents: 2001,
      currency: 'JPY',
      exchange_rate: '0.0063',
      split: equalAmong(ann, ben, cat),
    });
    await addExpense(ben, {
      group_id: group.id,
      amount_cents: 1001,
      currency: 'KWD',
      exchange_rate: '2.9876',
      split: {
        type: 'shares',
        shares: [
          { user_id: ann.user.id, weight: 1 },
          { user_id: cat.user.id, weight: 2 },
        ],
      },
    });
    await addExpense(cat, {
      group_id: group.id,
      amount_cents: 999,
      split: equalAmong(ann, ben, cat),
    });
    const summary = expectShape(
      ZBalanceSummary,
      (await send(ann.auth, 'GET', `/costs/groups/${group.id}/balance-summary`)).json(),
    );
    expect(summary.currency).toBe('EUR');
    expect(sum(summary.members.map((member) => member.net_cents))).toBe(0);
    const db = t.database.db;
    const splits = await db.select().from(expenseSplits).where(eq(expenseSplits.groupId, group.id));
    const payments = await db.select().from(settlements).where(eq(settlements.groupId, group.id));
    const expected = netBalances(
      splits.map((split) => ({ payerId: split.payerId, shares: [split] })),
      payments,
    );
    const kept = await db.select().from(groupBalances).where(eq(groupBalances.groupId, group.id));
    for (const row of kept) expect(row.netCents).toBe(expected.get(row.userId) ?? 0);
    const rows = await db.select().from(expenses).where(eq(expenses.groupId, group.id));
    for (const row of rows) {
      const own = splits.filter((split) => split.expenseId === row.id);
      expect(sum(own.map((split) => split.amountCents))).toBe(row.amountCents);
    }
  });

  it('with several payers: what each paid is kept as paid, and each one’s rows are it converted', async () => {
    const { ann, ben, cat, group } = await household();
    // ¥3,001 paid ¥2,000 by Ann and ¥1,001 by Ben, at 0.0063: €18.91 in all.
    const expense = await addExpense(cat, {
      group_id: group.id,
      amount_cents: 3001,
      currency: 'JPY',
      exchange_rate: '0.0063',
      payers: [
        { user_id: ann.user.id, amount_cents: 2000 },
        { user_id: ben.user.id, amount_cents: 1001 },
      ],
      split: equalAmong(ann, ben, cat),
    });
    expect(expense.amount_cents).toBe(1891);
    expect(expense.payers?.map((payer) => payer.amount_cents)).toEqual([2000, 1001]);
    const splits = await t.database.db
      .select()
      .from(expenseSplits)
      .where(eq(expenseSplits.expenseId, expense.id));
    const paidTo = (payerId: number) =>
      sum(splits.filter((split) => split.payerId === payerId).map((split) => split.amountCents));
    // ¥2,000 is €12.60 and ¥1,001 €6.31 (6.3063 rounded), adding up to the converted total.
    expect(paidTo(ann.user.id)).toBe(1260);
    expect(paidTo(ben.user.id)).toBe(631);
    const mine = (userId: number) =>
      sum(splits.filter((split) => split.userId === userId).map((split) => split.amountCents));
    expect(mine(ann.user.id) + mine(ben.user.id) + mine(cat.user.id)).toBe(1891);
    const summary = expectShape(
      ZBalanceSummary,
      (await send(ann.auth, 'GET', `/costs/groups/${group.id}/balance-summary`)).json(),
    );
    const net = new Map(summary.members.map((member) => [member.user.id, member.net_cents]));
    expect(net.get(ann.user.id)).toBe(1260 - mine(ann.user.id));
    expect(net.get(ben.user.id)).toBe(631 - mine(ben.user.id));
    expect(net.get(cat.user.id)).toBe(-mine(cat.user.id));
  });

  it('refuses several payers whose amounts in the paid currency do not add up, naming it', async () => {
    const { ann, ben, group } = await household();
    const response = await post(ann, {
      group_id: group.id,
      amount_cents: 3000,
      currency: 'JPY',
      exchange_rate: '0.0063',
      payers: [
        { user_id: ann.user.id, amount_cents: 2000 },
        { user_id: ben.user.id, amount_cents: 900 },
      ],
      split: equalAmong(ann, ben),
    });
    expectInvalidField(response, 'payers');
    expect(response.body).toContain('¥100 left to assign');
  });

  it('personal: kept as is in its own currency, without a rate', async () => {
    const { ann } = await household();
    const expense = await addExpense(ann, { amount_cents: 3000, currency: 'JPY' });
    expect(expense).toMatchObject({ currency: 'JPY', amount_cents: 3000, original: null });
    const withRate = await post(ann, { amount_cents: 3000, currency: 'JPY', exchange_rate: '1' });
    expectInvalidField(withRate, 'exchange_rate');
    const edited = await send(ann.auth, 'PATCH', `/expenses/${expense.id}`, {
      version: expense.version,
      currency: 'USD',
      amount_cents: 2500,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ currency: 'USD', amount_cents: 2500, original: null });
  });
});

describe('a group’s exchange rates', () => {
  it('any member sets and reads them; anonymous 401, outsiders 404', async () => {
    const { ann, ben, outsider, group } = await household();
    const rate = await setRate(ben, group.id, {
      currency: 'USD',
      rate: '0.92',
      date: '2026-11-02',
    });
    expect(rate).toMatchObject({ currency: 'USD', rate: '0.92', date: '2026-11-02' });
    expect(rate.created_by?.id).toBe(ben.user.id);
    const list = await send(ann.auth, 'GET', `/groups/${group.id}/exchange-rates`);
    expect(list.statusCode).toBe(200);
    expect(expectShape(ZGroupExchangeRates, list.json())).toMatchObject({
      group_id: group.id,
      currency: 'EUR',
      latest: [{ currency: 'USD', rate: '0.92' }],
    });
    expectProblem(
      await send(undefined, 'GET', `/groups/${group.id}/exchange-rates`),
      401,
      'unauthenticated',
    );
    expectProblem(
      await send(outsider.auth, 'GET', `/groups/${group.id}/exchange-rates`),
      404,
      'not_found',
    );
    expectProblem(
      await send(outsider.auth, 'POST', `/groups/${group.id}/exchange-rates`, {
        currency: 'USD',
        rate: '1',
      }),
      404,
      'not_found',
    );
    const outsiderExpense = await post(outsider, {
      group_id: group.id,
      amount_cents: 100,
      currency: 'USD',
      split: { type: 'equal', participants: [outsider.user.id] },
    });
    expectProblem(outsiderExpense, 404, 'not_found');
  });

  it('refuses a rate for the home currency and a rate that is not a positive decimal', async () => {
    const { ann, group } = await household();
    const home = await send(ann.auth, 'POST', `/groups/${group.id}/exchange-rates`, {
      currency: 'EUR',
      rate: '1',
    });
    expectInvalidField(home, 'currency');
    for (const rate of ['0', '0.00', '-2', '1,5', '1.12345678901', '']) {
      const bad = await send(ann.auth, 'POST', `/groups/${group.id}/exchange-rates`, {
        currency: 'USD',
        rate,
      });
      expectInvalidField(bad, 'rate');
    }
  });

  it('lists the latest of each currency, by currency', async () => {
    const { ann, group } = await household();
    await setRate(ann, group.id, { currency: 'USD', rate: '0.9', date: '2026-11-01' });
    await setRate(ann, group.id, { currency: 'GBP', rate: '1.15', date: '2026-11-01' });
    await setRate(ann, group.id, { currency: 'USD', rate: '0.95', date: '2026-11-01' });
    await setRate(ann, group.id, { currency: 'USD', rate: '0.5', date: '2026-01-01' });
    const rates = (await send(ann.auth, 'GET', `/groups/${group.id}/exchange-rates`)).json();
    expect(
      rates.latest.map((r: { currency: string; rate: string }) => [r.currency, r.rate]),
    ).toEqual([
      ['GBP', '1.15'],
      ['USD', '0.95'],
    ]);
    expect(rates.history[0].rate).toBe('0.5');
  });
});
