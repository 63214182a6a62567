import {
  ZBalanceSummary,
  ZExpensePage,
  ZGroupExchangeRates,
  ZSplitwiseImportResult,
  type BalanceSummary,
  type SplitInput,
} from '@household/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectInvalidField, expectShape } from '../../../test/support/assertions';
import {
  addMember,
  buildGroup,
  type TestUser,
  buildHousehold,
} from '../../../test/support/factories';
import { sender } from '../../../test/support/requests';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

// docs/expenses.md "Splitwise import": rows in another currency than the group's are imported at
// the group's rate or one sent with the file, and the group export writes them as they were paid,
// so that reading it back at the same rate gives the same balances; on both engines.

let t: TestApp;
const send = sender(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const household = () => buildHousehold(t.app, { name: 'Trip' });

const file = (rows: string[][]) =>
  [['Date', 'Description', 'Category', 'Cost', 'Currency', 'Ann', 'Ben', 'Cat'], ...rows]
    .map((row) => row.join(','))
    .join('\n');

async function importFile(by: TestUser, groupId: number, body: Record<string, unknown>) {
  const response = await send(by.auth, 'POST', `/groups/${groupId}/expenses/import`, body);
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(ZSplitwiseImportResult, response.json());
}

async function summary(by: TestUser, groupId: number): Promise<BalanceSummary> {
  const response = await send(by.auth, 'GET', `/costs/groups/${groupId}/balance-summary`);
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(ZBalanceSummary, response.json());
}

const nets = (s: BalanceSummary, ...people: TestUser[]) =>
  people.map((who) => s.members.find((member) => member.user.id === who.user.id)?.net_cents ?? 0);

async function addExpense(by: TestUser, body: Record<string, unknown>) {
  const response = await send(by.auth, 'POST', '/expenses', {
    description: 'Ramen',
    date: '2026-01-10',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
}

const equalAmong = (...people: TestUser[]): SplitInput => ({
  type: 'equal',
  participants: people.map((person) => person.user.id),
});

describe('importing Splitwise rows in another currency', () => {
  it('converts them at the group’s latest rate, payments too, shares adding up', async () => {
    const { ann, ben, cat, group } = await household();
    const rate = await send(ann.auth, 'POST', `/groups/${group.id}/exchange-rates`, {
      currency: 'USD',
      rate: '0.9',
      date: '2026-01-01',
    });
    expect(rate.statusCode, rate.body).toBe(201);
    const content = file([
      ['2026-01-05', 'Dinner', 'Eating out', '30.01', 'USD', '20.00', '-10.00', '-10.00'],
      ['2026-01-06', 'Ben paid Ann', 'Payment', '10.00', 'USD', '-10.00', '10.00', '0.00'],
      ['2026-01-07', 'Taxi', 'Transport', '6.00', 'EUR', '-3.00', '0.00', '3.00'],
    ]);
    const preview = await importFile(ann, group.id, { content });
    expect(preview).toMatchObject({
      expenses: 2,
      payments: 1,
      skipped: [],
      missing_rates: [],
      rates: [{ currency: 'USD' }],
      imported: false,
    });
    // 30.01 USD at 0.9 is 27.009 EUR: 27.01 at home, what was paid beside it.
    expect(preview.preview[0]).toMatchObject({
      amount_cents: 2701,
      original: { currency: 'USD', amount_minor: 3001 },
    });
    expect(preview.preview[2]).toMatchObject({ amount_cents: 600, original: null });

    const done = await importFile(ann, group.id, { content, dry_run: false });
    expect(done).toMatchObject({ expenses: 2, payments: 1, imported: true });
    const page = expectShape(
      ZExpensePage,
      (await send(ben.auth, 'GET', `/groups/${group.id}/expenses`)).json(),
    );
    const dinner = page.items.find((expense) => expense.description === 'Dinner')!;
    expect(dinner).toMatchObject({
      amount_cents: 2701,
      currency: 'EUR',
      original: { currency: 'USD', amount_minor: 3001 },
    });
    expect(dinner.splits.reduce((sum, split) => sum + split.amount_cents, 0)).toBe(2701);
    // Ann +18.00 (Ben and Cat 9.00 each), − the 9.00 Ben paid her, − her 3.00 of Cat's taxi.
    const s = await summary(ann, group.id);
    expect(nets(s, ann, ben, cat)).toEqual([600, 0, -600]);
  });

  it('takes a rate sent with the file, records it as the group’s, and skips rows without one', async () => {
    const { ann, ben, cat, group } = await household();
    const content = file([
      ['2026-01-05', 'Ramen', 'Eating out', '3000', 'JPY', '2000', '-1000', '-1000'],
      ['2026-01-06', 'Bread', 'Groceries', '3.00', 'EUR', '-1.50', '1.50', '0.00'],
    ]);
    const without = await importFile(ann, group.id, { content });
    expect(without).toMatchObject({
      expenses: 1,
      missing_rates: ['JPY'],
      skipped: [
        {
          row: 2,
          reason: 'other_currency',
          text: '2026-01-05,Ramen,Eating out,3000,JPY,2000,-1000,-1000',
        },
      ],
    });

    expectInvalidField(
      await send(ann.auth, 'POST', `/groups/${group.id}/expenses/import`, {
        content,
        rates: [{ currency: 'EUR', rate: '1' }],
      }),
      'rates.0.currency',
    );
    expectInvalidField(
      await send(ann.auth, 'POST', `/groups/${group.id}/expenses/import`, {
        content,
        rates: [{ currency: 'JPY', rate: '-1' }],
      }),
      'rates.0.rate',
    );

    const done = await importFile(ann, group.id, {
      content,
      rates: [{ currency: 'JPY', rate: '0.0062' }],
      dry_run: false,
    });
    expect(done).toMatchObject({ expenses: 2, skipped: [], missing_rates: [], imported: true });
    // ¥3,000 at 0.0062 is €18.60, €6.20 each.
    expect(nets(await summary(ben, group.id), ann, ben, cat)).toEqual([1090, -470, -620]);
    const rates = expectShape(
      ZGroupExchangeRates,
      (await send(cat.auth, 'GET', `/groups/${group.id}/exchange-rates`)).json(),
    );
    expect(rates.latest).toMatchObject([{ currency: 'JPY', date: '2026-01-05' }]);
    expect(Number(rates.latest[0]!.rate)).toBe(0.0062);
  });
});

describe('the group export of expenses in other currencies', () => {
  it('writes them as they were paid, and reads back at the same rate to the same balances', async () => {
    const { ann, ben, cat, group } = await household();
    await addExpense(ann, {
      group_id: group.id,
      amount_cents: 1000,
      currency: 'JPY',
      exchange_rate: '0.0062',
      split: equalAmong(ann, ben, cat),
    });
    await addExpense(ben, {
      group_id: group.id,
      amount_cents: 1001,
      currency: 'KWD',
      exchange_rate: '2.9857',
      split: {
        type: 'shares',
        shares: [ann, ben, cat].map((p) => ({ user_id: p.user.id, weight: 1 })),
      },
    });
    await addExpense(cat, {
      group_id: group.id,
      amount_cents: 1001,
      currency: 'USD',
      exchange_rate: '0.9137',
      split: equalAmong(ann, ben, cat),
      payers: [
        { user_id: cat.user.id, amount_cents: 600 },
        { user_id: ann.user.id, amount_cents: 401 },
      ],
    });
    const payment = await send(ben.auth, 'POST', '/settlements', {
      group_id: group.id,
      to_id: ann.user.id,
      amount_cents: 300,
    });
    expect(payment.statusCode, payment.body).toBe(201);

    const exported = await send(ann.auth, 'GET', `/groups/${group.id}/expenses/export`);
    expect(exported.statusCode).toBe(200);
    const lines = exported.body.trim().split('\r\n');
    expect(lines.some((line) => /,1000,JPY,/.test(line))).toBe(true);
    expect(lines.some((line) => /,1\.001,KWD,/.test(line))).toBe(true);
    // Several payers in dollars: written at home (9.15 EUR), whose columns are exact.
    expect(lines.some((line) => /,9\.15,EUR,/.test(line))).toBe(true);

    const copy = await buildGroup(t.app, ann, { name: 'Copy', currency: 'EUR' });
    await addMember(t.app, copy, ben);
    await addMember(t.app, copy, cat);
    const imported = await importFile(ann, copy.id, {
      content: exported.body,
      rates: [
        { currency: 'JPY', rate: '0.0062' },
        { currency: 'KWD', rate: '2.9857' },
        { currency: 'USD', rate: '0.9137' },
      ],
      dry_run: false,
    });
    expect(imported).toMatchObject({ expenses: 3, payments: 1, skipped: [], imported: true });
    const [before, after] = [await summary(ann, group.id), await summary(ann, copy.id)];
    expect(nets(after, ann, ben, cat)).toEqual(nets(before, ann, ben, cat));
  });
});
