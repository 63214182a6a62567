import {
  ZBalanceSummary,
  ZExpense,
  ZExpensePage,
  ZGroupBalances,
  ZMyBalances,
  ZReport,
  ZSettleSplitResult,
  ZSettlement,
  type BalanceSummary,
  type Expense,
  type SplitInput,
} from '@household/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expenses } from '../../db/schema';
import { expectInvalidField, expectProblem, expectShape } from '../../../test/support/assertions';
import {
  addItem,
  addMember,
  buildGroup,
  buildList,
  type TestUser,
  buildHousehold,
} from '../../../test/support/factories';
import { sender, type Auth } from '../../../test/support/requests';
import { expectLedgerConsistent } from '../../../test/support/ledger';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

// docs/expenses.md: expenses, splits, settlements, balances and reports, on both engines.

let t: TestApp;
const send = sender(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const household = (currency = 'EUR') => buildHousehold(t.app, { name: 'Flat', currency });

async function addExpense(
  by: { auth: Auth },
  body: {
    group_id?: number | null;
    amount_cents: number;
    split?: SplitInput;
    paid_by?: number;
    description?: string;
    date?: string;
    list_id?: number;
    category_id?: number;
  },
  headers: Record<string, string> = {},
): Promise<Expense> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/expenses',
    headers: { ...by.auth, ...headers },
    payload: { description: 'Groceries', date: '2026-11-20', ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return expectShape(ZExpense, response.json());
}

const equalAmong = (...people: TestUser[]): SplitInput => ({
  type: 'equal',
  participants: people.map((person) => person.user.id),
});

async function summary(by: TestUser, groupId: number): Promise<BalanceSummary> {
  const response = await send(by.auth, 'GET', `/costs/groups/${groupId}/balance-summary`);
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(ZBalanceSummary, response.json());
}

const netOf = (s: BalanceSummary, who: TestUser) =>
  s.members.find((member) => member.user.id === who.user.id)?.net_cents;

async function settle(by: TestUser, expense: Expense, splitOf: TestUser, amount: unknown) {
  const split = expense.splits.find((candidate) => candidate.user.id === splitOf.user.id)!;
  return send(by.auth, 'POST', `/expenses/${expense.id}/splits/${split.id}/settle`, {
    amount_cents: amount,
  });
}

describe('creating an expense', () => {
  it('splits 30.00 equally among three and moves the balances', async () => {
    const { ann, ben, cat, group } = await household();
    const expense = await addExpense(ann, {
      group_id: group.id,
      amount_cents: 3000,
      split: equalAmong(ann, ben, cat),
    });
    expect(expense.currency).toBe('EUR');
    expect(expense.paid_by.id).toBe(ann.user.id);
    expect(
      expense.splits.map((split) => [split.user.id, split.amount_cents, split.status]),
    ).toEqual([
      [ann.user.id, 1000, 'settled'],
      [ben.user.id, 1000, 'unsettled'],
      [cat.user.id, 1000, 'unsettled'],
    ]);
    expect(expense.payment_status).toBe('unpaid');

    const s = await summary(ben, group.id);
    expect(netOf(s, ann)).toBe(2000);
    expect(netOf(s, ben)).toBe(-1000);
    expect(netOf(s, cat)).toBe(-1000);
    expect(s.transfers).toHaveLength(2);
    for (const transfer of s.transfers) {
      expect(transfer.to.id).toBe(ann.user.id);
      expect(transfer.amount_cents).toBe(1000);
      expect(transfer.expenses).toEqual([
        { id: expense.id, description: 'Groceries', date: '2026-11-20', remaining_cents: 1000 },
      ]);
    }
  });

  it('gives the odd cents deterministically and the splits add up exactly', async () => {
    const { ann, ben, cat, group } = await household();
    const expense = await addExpense(ann, {
      group_id: group.id,
      amount_cents: 1001,
      split: equalAmong(ann, ben, cat),
    });
    const amounts = expense.splits.map((split) => split.amount_cents);
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(1001);
    expect([...amounts].sort()).toEqual([333, 334, 334]);
  });

  it('takes exact amounts, percentages, shares and items', async () => {
    const { ann, ben, cat, group } = await household();
    const exact = await addExpense(ann, {
      group_id: group.id,
      amount_cents: 1000,
      split: {
        type: 'exact',
        amounts: [
          { user_id: ben.user.id, amount_cents: 700 },
          { user_id: cat.user.id, amount_cents: 300 },
        ],
      },
    });
    expect(exact.splits.map((split) => split.amount_cents)).toEqual([700, 300]);
    const percent = await addExpense(ann, {
      group_id: group.id,
      amount_cents: 1000,
      split: {
        type: 'percentage',
        percentages: [
          { user_id: ann.user.id, percent: 12.5 },
          { user_id: ben.user.id, percent: 87.5 },
        ],
      },
    });
    expect(percent.splits.map((split) => split.amount_cents)).toEqual([125, 875]);
    const shares = await addExpense(ann, {
      group_id: group.id,
      amount_cents: 900,
      split: {
        type: 'shares',
        shares: [
          { user_id: ann.user.id, weight: 1 },
          { user_id: cat.user.id, weight: 2 },
        ],
      },
    });
    expect(shares.splits.map((split) => split.amount_cents)).toEqual([300, 600]);
    const list = await buildList(t.app, ann, { group_id: group.id });
    const wine = await addItem(t.app, ann, list.id, { name: 'Wine', price_cents: 800 });
    const items = await addExpense(ann, {
      group_id: group.id,
      list_id: list.id,
      amount_cents: 1100,
      split: {
        type: 'item_based',
        participants: [ann.user.id, ben.user.id, cat.user.id],
        items: [
          { item_id: wine.id, name: 'Wine', price_cents: 800, takers: [ben.user.id] },
          { name: 'Bread', price_cents: 300, takers: [] },
        ],
      },
    });
    expect(items.splits.map((split) => split.amount_cents)).toEqual([100, 900, 100]);
    const onList = expectShape(
      ZExpensePage,
      (await send(cat.auth, 'GET', `/lists/${list.id}/expenses`)).json(),
    );
    expect(onList.items.map((expense) => expense.id)).toEqual([items.id]);
  });

  it('refuses splits that do not add up, naming the difference, and saves nothing', async () => {
    const { ann, ben, cat, group } = await household();
    const exact = await send(ann.auth, 'POST', '/expenses', {
      group_id: group.id,
      description: 'Rent',
      date: '2026-11-01',
      amount_cents: 1000,
      split: {
        type: 'exact',
        amounts: [
          { user_id: ben.user.id, amount_cents: 500 },
          { user_id: cat.user.id, amount_cents: 300 },
        ],
      },
    });
    const problem = expectProblem(exact, 400, 'validation_failed');
    expect(problem.errors).toEqual([
      {
        path: 'split.amounts',
        code: 'exact_sum_mismatch',
        message: 'The amounts must add up to the total: €2.00 left to assign',
      },
    ]);
    const percent = await send(ann.auth, 'POST', '/expenses', {
      group_id: group.id,
      description: 'Rent',
      date: '2026-11-01',
      amount_cents: 1000,
      split: {
        type: 'percentage',
        percentages: [
          { user_id: ben.user.id, percent: 60 },
          { user_id: cat.user.id, percent: 50 },
        ],
      },
    });
    expect(expectProblem(percent, 400, 'validation_failed').errors?.[0]).toMatchObject({
      path: 'split.percentages',
      code: 'percentage_sum_mismatch',
    });
    const page = expectShape(
      ZExpensePage,
      (await send(ann.auth, 'GET', `/groups/${group.id}/expenses`)).json(),
    );
    expect(page.items).toEqual([]);
    expect(netOf(await summary(ann, group.id), ann)).toBe(0);
  });

  it('answers 400 naming the field for every bad input, never a 5xx', async () => {
    const { ann, outsider, group } = await household();
    const valid = {
      group_id: group.id,
      description: 'Rent',
      date: '2026-11-01',
      amount_cents: 1000,
      split: { type: 'equal', participants: [ann.user.id] },
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ description: '' }, 'description'],
      [{ description: 'x'.repeat(201) }, 'description'],
      [{ amount_cents: 0 }, 'amount_cents'],
      [{ amount_cents: -5 }, 'amount_cents'],
      [{ amount_cents: 10.5 }, 'amount_cents'],
      [{ amount_cents: '10' }, 'amount_cents'],
      [{ date: '2026-02-30' }, 'date'],
      [{ date: 'tomorrow' }, 'date'],
      [{ paid_by: outsider.user.id }, 'paid_by'],
      [{ split: { type: 'equal', participants: [outsider.user.id] } }, 'split.participants.0'],
      [{ split: { type: 'equal', participants: [] } }, 'split.participants'],
      [{ split: { type: 'magic' } }, 'split.type'],
      [{ split: undefined }, 'split'],
      [{ category_id: 999999 }, 'category_id'],
      [{ list_id: 999999 }, 'list_id'],
      [
        { split: { type: 'percentage', percentages: [{ user_id: ann.user.id, percent: 33.333 }] } },
        'split.percentages.0.percent',
      ],
      [
        { split: { type: 'shares', shares: [{ user_id: ann.user.id, weight: 0 }] } },
        'split.shares.0.weight',
      ],
    ];
    for (const [change, path] of cases) {
      const response = await send(ann.auth, 'POST', '/expenses', { ...valid, ...change });
      expectInvalidField(response, path);
    }
    const page = expectShape(
      ZExpensePage,
      (await send(ann.auth, 'GET', `/groups/${group.id}/expenses`)).json(),
    );
    expect(page.items).toEqual([]);
  });

  it('applies a create retried with the same Idempotency-Key once', async () => {
    const { ann, ben, group } = await household();
    const headers = { 'idempotency-key': 'expense-retry-1' };
    const body = { group_id: group.id, amount_cents: 500, split: equalAmong(ann, ben) };
    const first = await addExpense(ann, body, headers);
    const again = await addExpense(ann, body, headers);
    expect(again.id).toBe(first.id);
    const page = expectShape(
      ZExpensePage,
      (await send(ann.auth, 'GET', `/groups/${group.id}/expenses`)).json(),
    );
    expect(page.items).toHaveLength(1);
    expect(netOf(await summary(ann, group.id), ben)).toBe(-250);
  });

  it('keeps personal expenses to their owner', async () => {
    const { ann, ben } = await household();
    const mine = await addExpense(ann, { amount_cents: 1299, description: 'Haircut' });
    expect(mine.group_id).toBeNull();
    expect(mine.splits.map((split) => [split.user.id, split.amount_cents])).toEqual([
      [ann.user.id, 1299],
    ]);
    expectProblem(await send(ben.auth, 'GET', `/expenses/${mine.id}`), 404, 'not_found');
    const page = expectShape(
      ZExpensePage,
      (await send(ann.auth, 'GET', '/expenses?personal=true')).json(),
    );
    expect(page.items.map((expense) => expense.id)).toEqual([mine.id]);
    expect(page.totals).toEqual([
      { currency: 'EUR', count: 1, amount_cents: 1299, my_share_cents: 1299 },
    ]);
    // spec §7 names the collection /financials/expenses: the same page as /expenses.
    expect((await send(ann.auth, 'GET', '/financials/expenses?personal=true')).json()).toEqual(
      page,
    );
  });
});

describe('who may see and change expenses', () => {
  it('answers 401 to the anonymous caller and 404 to an outsider on every route', async () => {
    const { ann, ben, outsider, group } = await household();
    const expense = await addExpense(ann, {
      group_id: group.id,
      amount_cents: 1000,
      split: equalAmong(ann, ben),
    });
    const split = expense.splits[1]!;
    const list = await buildList(t.app, ann, { group_id: group.id });
    const routes: [Parameters<typeof send>[1], string, unknown?][] = [
      ['GET', `/expenses/${expense.id}`],
      ['PATCH', `/expenses/${expense.id}`, { version: expense.version, description: 'x' }],
      ['DELETE', `/expenses/${expense.id}?version=${expense.version}`],
      ['POST', `/expenses/${expense.id}/splits/${split.id}/settle`, { amount_cents: 1 }],
      ['GET', `/groups/${group.id}/expenses`],
      ['GET', `/groups/${group.id}/expenses/export`],
      ['GET', `/lists/${list.id}/expenses`],
      ['GET', `/settlements?group_id=${group.id}`],
      ['POST', '/settlements', { group_id: group.id, to_id: ann.user.id, amount_cents: 100 }],
      ['GET', `/balances/${group.id}`],
      ['GET', `/costs/groups/${group.id}/balance-summary`],
      ['GET', `/reports?group_id=${group.id}`],
      ['GET', `/reports/${group.id}`],
      [
        'POST',
        '/expenses',
        {
          group_id: group.id,
          description: 'x',
          date: '2026-01-01',
          amount_cents: 1,
          split: equalAmong(outsider),
        },
      ],
    ];
    for (const [method, url, body] of routes) {
      expectProblem(await send(undefined, method, url, body), 401, 'unauthenticated');
      expectProblem(await send(outsider.auth, method, url, body), 404, 'not_found');
    }
    for (const url of ['/expenses', '/financials/expenses', '/balances', '/reports']) {
      expect((await send(undefined, 'GET', url)).statusCode).toBe(401);
    }
  });

  it('lets the creator, the payer and an admin change an expense; other members get 403', async () => {
    const { ann, ben, cat, group } = await household();
    const expense = await addExpense(ben, {
      group_id: group.id,
      amount_cents: 1000,
      split: equalAmong(ben, cat),
    });
    const forbidden = await send(cat.auth, 'PATCH', `/expenses/${expense.id}`, {
      version: expense.version,
      description: 'Mine now',
    });
    expectProblem(forbidden, 403, 'forbidden');
    const byOwner = await send(ann.auth, 'PATCH', `/expenses/${expense.id}`, {
      version: expense.version,
      description: 'Fixed by the owner',
    });
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    const stale = await send(ben.auth, 'PATCH', `/expenses/${expense.id}`, {
      version: expense.version,
      description: 'Stale',
    });
    const conflict = expectProblem(stale, 409, 'conflict');
    expect((conflict.current as Expense).description).toBe('Fixed by the owner');
  });
});

describe('settling a split', () => {
  it('only the debtor settles, within what remains; statuses move unsettled → partially → settled', async () => {
    const { ann, ben, cat, group } = await household();
    const expense = await addExpense(ann, {
      group_id: group.id,
      amount_cents: 3000,
      split: equalAmong(ann, ben, cat),
    });
    const notMine = await settle(cat, expense, ben, 100);
    expect(expectProblem(notMine, 403, 'forbidden').detail).toBe(
      'You can only settle your own shares',
    );
    expectInvalidField(await settle(ben, expense, ben, 0), 'amount_cents');
    expectInvalidField(await settle(ben, expense, ben, -100), 'amount_cents');
    expectInvalidField(await settle(ben, expense, ben, undefined), 'amount_cents');
    const tooMuch = expectProblem(await settle(ben, expense, ben, 1001), 400, 'validation_failed');
    expect(tooMuch.errors).toEqual([
      {
        path: 'amount_cents',
        code: 'exceeds_remaining',
        message: 'Amount cannot exceed remaining: €10.00',
      },
    ]);

    const part = await settle(ben, expense, ben, 400);
    expect(part.statusCode, part.body).toBe(201);
    const partly = expectShape(ZSettleSplitResult, part.json());
    const benSplit = partly.expense.splits.find((split) => split.user.id === ben.user.id)!;
    expect(benSplit).toMatchObject({
      settled_cents: 400,
      remaining_cents: 600,
      status: 'partially_settled',
    });
    expect(partly.expense.payment_status).toBe('partially_paid');
    expect(partly.settlement).toMatchObject({ amount_cents: 400, expense_id: expense.id });
    expect(netOf(await summary(ann, group.id), ben)).toBe(-600);

    const rest = expectShape(
      ZSettleSplitResult,
      (await settle(ben, partly.expense, ben, 600)).json(),
    );
    expect(rest.expense.splits.find((split) => split.user.id === ben.user.id)?.status).toBe(
      'settled',
    );
    const catPays = expectShape(
      ZSettleSplitResult,
      (await settle(cat, rest.expense, cat, 1000)).json(),
    );
    expect(catPays.expense.payment_status).toBe('paid');
    const s = await summary(ann, group.id);
    expect(s.members.every((member) => member.net_cents === 0)).toBe(true);
    expect(s.transfers).toEqual([]);
    await expectLedgerConsistent(t.database.db, group.id);
  });

  it('never over-settles under 50 concurrent settlements of one split', async () => {
    const { ann, ben, group } = await household();
    const expense = await addExpense(ann, {
      group_id: group.id,
      amount_cents: 2000,
      split: equalAmong(ann, ben),
    });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => settle(ben, expense, ben, 70)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.every((status) => status === 201 || status === 400)).toBe(true);
    expect(statuses.filter((status) => status === 201)).toHaveLength(14); // 14 × 70 = 980 ≤ 1000
    const after = expectShape(
      ZExpense,
      (await send(ann.auth, 'GET', `/expenses/${expense.id}`)).json(),
    );
    expect(after.splits.find((split) => split.user.id === ben.user.id)).toMatchObject({
      settled_cents: 980,
      remaining_cents: 20,
    });
    expect(netOf(await summary(ann, group.id), ben)).toBe(-20);
    await expectLedgerConsistent(t.database.db, group.id);
  });
});

describe('settlements and balances', () => {
  it('records, edits and deletes a payment outside any expense; balances always add up to zero', async () => {
    const { ann, ben, cat, group } = await household();
    await addExpense(ann, {
      group_id: group.id,
      amount_cents: 3000,
      split: equalAmong(ann, ben, cat),
    });
    const created = await send(ben.auth, 'POST', '/settlements', {
      group_id: group.id,
      to_id: ann.user.id,
      amount_cents: 2000,
      note: 'Cash',
    });
    expect(created.statusCode, created.body).toBe(201);
    const payment = expectShape(ZSettlement, created.json());
    expect(payment).toMatchObject({
      from: { id: ben.user.id },
      to: { id: ann.user.id },
      amount_cents: 2000,
    });
    let s = await summary(cat, group.id);
    expect([netOf(s, ann), netOf(s, ben), netOf(s, cat)]).toEqual([0, 1000, -1000]);
    expect(s.members.reduce((sum, member) => sum + member.net_cents, 0)).toBe(0);

    // Cat may not record a payment between Ann and Ben.
    expectProblem(
      await send(cat.auth, 'POST', '/settlements', {
        group_id: group.id,
        from_id: ann.user.id,
        to_id: ben.user.id,
        amount_cents: 1,
      }),
      403,
      'forbidden',
    );
    expectInvalidField(
      await send(ben.auth, 'POST', '/settlements', {
        group_id: group.id,
        to_id: ben.user.id,
        amount_cents: 1,
      }),
      'to_id',
    );
    const edited = await send(ben.auth, 'PATCH', `/settlements/${payment.id}`, {
      version: 1,
      amount_cents: 1000,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    s = await summary(cat, group.id);
    expect([netOf(s, ann), netOf(s, ben), netOf(s, cat)]).toEqual([1000, 0, -1000]);
    expectProblem(
      await send(ben.auth, 'DELETE', `/settlements/${payment.id}?version=1`),
      409,
      'conflict',
    );
    expect(
      (await send(ben.auth, 'DELETE', `/settlements/${payment.id}?version=2`)).statusCode,
    ).toBe(204);
    s = await summary(cat, group.id);
    expect([netOf(s, ann), netOf(s, ben), netOf(s, cat)]).toEqual([2000, -1000, -1000]);
    const balances = expectShape(
      ZGroupBalances,
      (await send(ben.auth, 'GET', `/balances/${group.id}`)).json(),
    );
    expect(balances.members.map((member) => member.net_cents)).toEqual([2000, -1000, -1000]);
    await expectLedgerConsistent(t.database.db, group.id);
  });

  it('clears every balance by recording each suggested transfer', async () => {
    const { ann, ben, cat, group } = await household();
    await addExpense(ann, {
      group_id: group.id,
      amount_cents: 3000,
      split: equalAmong(ann, ben, cat),
    });
    await addExpense(ben, {
      group_id: group.id,
      amount_cents: 1200,
      split: equalAmong(ann, ben, cat),
    });
    await addExpense(cat, { group_id: group.id, amount_cents: 999, split: equalAmong(ben, cat) });
    const people = { [ann.user.id]: ann, [ben.user.id]: ben, [cat.user.id]: cat };
    const before = await summary(ann, group.id);
    expect(before.transfers.length).toBeLessThanOrEqual(2);
    for (const transfer of before.transfers) {
      const response = await send(people[transfer.from.id]!.auth, 'POST', '/settlements', {
        group_id: group.id,
        to_id: transfer.to.id,
        amount_cents: transfer.amount_cents,
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const after = await summary(ann, group.id);
    expect(after.members.map((member) => member.net_cents)).toEqual([0, 0, 0]);
    expect(after.transfers).toEqual([]);
  });

  it('explains each suggested transfer by the newest open splits it settles, and counts the rest', async () => {
    const { ann, ben, cat, group } = await household();
    const made: Expense[] = [];
    for (let n = 1; n <= 7; n += 1) {
      made.push(
        await addExpense(ann, {
          group_id: group.id,
          description: `Shop ${n}`,
          amount_cents: 200,
          split: equalAmong(ann, ben),
        }),
      );
    }
    await addExpense(cat, { group_id: group.id, amount_cents: 300, split: equalAmong(ben, cat) });
    await settle(ben, made[6]!, ben, 100);
    const s = await summary(cat, group.id);
    const toAnn = s.transfers.find((transfer) => transfer.to.id === ann.user.id)!;
    expect(toAnn.from.id).toBe(ben.user.id);
    expect(toAnn.amount_cents).toBe(600);
    // The settled seventh shop is not listed; five of the six open ones are, newest first.
    expect(toAnn.expenses.map((expense) => expense.description)).toEqual([
      'Shop 6',
      'Shop 5',
      'Shop 4',
      'Shop 3',
      'Shop 2',
    ]);
    expect(toAnn.expenses.every((expense) => expense.remaining_cents === 100)).toBe(true);
    expect(toAnn.more_expenses).toBe(1);
    const toCat = s.transfers.find((transfer) => transfer.to.id === cat.user.id)!;
    expect(toCat).toMatchObject({ amount_cents: 150, more_expenses: 0 });
    expect(toCat.expenses).toHaveLength(1);
  });

  it('gives my balance with each person across groups', async () => {
    const { ann, ben, cat, group } = await household();
    await addExpense(ann, {
      group_id: group.id,
      amount_cents: 3000,
      split: equalAmong(ann, ben, cat),
    });
    const other = await buildGroup(t.app, ben, { name: 'Band' });
    await addMember(t.app, other, ann);
    await addExpense(ben, { group_id: other.id, amount_cents: 400, split: equalAmong(ann, ben) });
    const mine = expectShape(ZMyBalances, (await send(ann.auth, 'GET', '/balances')).json());
    expect(mine.people.map((row) => [row.group_id, row.user.id, row.balance_cents])).toEqual([
      [group.id, ben.user.id, 1000],
      [group.id, cat.user.id, 1000],
      [other.id, ben.user.id, -200],
    ]);
    expect(mine.groups.find((row) => row.group_id === group.id)?.net_cents).toBe(2000);
  });
});

describe('editing and deleting an expense with settlements', () => {
  it('keeps the payments: re-counted against the new split where they fit, else plain payments', async () => {
    const { ann, ben, cat, group } = await household();
    const expense = await addExpense(ann, {
      group_id: group.id,
      amount_cents: 3000,
      split: equalAmong(ann, ben, cat),
    });
    const paid = expectShape(ZSettleSplitResult, (await settle(ben, expense, ben, 1000)).json());
    // Now 60.00 among the three: Ben's 10.00 payment counts against his new 20.00 split.
    const bigger = await send(ann.auth, 'PATCH', `/expenses/${expense.id}`, {
      version: paid.expense.version,
      amount_cents: 6000,
    });
    expect(bigger.statusCode, bigger.body).toBe(200);
    const edited = expectShape(ZExpense, bigger.json());
    expect(edited.splits.find((split) => split.user.id === ben.user.id)).toMatchObject({
      amount_cents: 2000,
      settled_cents: 1000,
      status: 'partially_settled',
    });
    let s = await summary(ann, group.id);
    expect([netOf(s, ann), netOf(s, ben), netOf(s, cat)]).toEqual([3000, -1000, -2000]);
    // Deleted: the payment stays, so Ann now owes Ben what he paid her.
    expect(
      (await send(ann.auth, 'DELETE', `/expenses/${expense.id}?version=${edited.version}`))
        .statusCode,
    ).toBe(204);
    s = await summary(ann, group.id);
    expect([netOf(s, ann), netOf(s, ben), netOf(s, cat)]).toEqual([-1000, 1000, 0]);
    const payments = (await send(ann.auth, 'GET', `/settlements?group_id=${group.id}`)).json<{
      items: { note: string; split_id: number | null }[];
    }>();
    expect(payments.items).toEqual([
      expect.objectContaining({ note: 'Groceries', split_id: null }),
    ]);
    await expectLedgerConsistent(t.database.db, group.id);
  });
});

describe('reports and exports', () => {
  it('reports a group by category, member and month, and as CSV', async () => {
    const { ann, ben, group } = await household();
    const categories = (
      await send(ann.auth, 'GET', `/categories?kind=expense&group_id=${group.id}`)
    ).json<{ id: number; name: string; kind: string }[]>();
    expect(categories[0]).toMatchObject({ name: 'Groceries', kind: 'expense' });
    const groceries = categories[0]!.id;
    await addExpense(ann, {
      group_id: group.id,
      amount_cents: 1000,
      split: equalAmong(ann, ben),
      category_id: groceries,
      date: '2026-10-05',
    });
    await addExpense(ben, {
      group_id: group.id,
      amount_cents: 600,
      split: equalAmong(ann, ben),
      date: '2026-11-02',
    });
    const report = expectShape(
      ZReport,
      (await send(ben.auth, 'GET', `/reports?group_id=${group.id}`)).json(),
    );
    expect(report.totals).toEqual([{ currency: 'EUR', total_cents: 1600 }]);
    expect(report.by_category).toEqual([
      { currency: 'EUR', total_cents: 1000, category_id: groceries, name: 'Groceries' },
      { currency: 'EUR', total_cents: 600, category_id: null, name: null },
    ]);
    expect(report.by_month.map((row) => [row.month, row.total_cents])).toEqual([
      ['2026-10', 1000],
      ['2026-11', 600],
    ]);
    expect(report.by_member.map((row) => [row.user.id, row.total_cents, row.paid_cents])).toEqual([
      [ann.user.id, 800, 1000],
      [ben.user.id, 800, 600],
    ]);
    const october = expectShape(
      ZReport,
      (await send(ben.auth, 'GET', `/reports?group_id=${group.id}&to=2026-10-31`)).json(),
    );
    expect(october.totals).toEqual([{ currency: 'EUR', total_cents: 1000 }]);
    // spec §7 /reports/{id}: the same report with the group in the path.
    expect((await send(ben.auth, 'GET', `/reports/${group.id}?to=2026-10-31`)).json()).toEqual(
      october,
    );
    const mine = expectShape(ZReport, (await send(ben.auth, 'GET', '/reports')).json());
    expect(mine.totals).toEqual([{ currency: 'EUR', total_cents: 800 }]);
    const csv = await send(ben.auth, 'GET', `/reports?group_id=${group.id}&format=csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('section,name,currency,amount,paid');
    expect(csv.body).toContain('category,Groceries,EUR,10.00,');
    // An expense category is not an aisle of a list.
    const list = await buildList(t.app, ann, { group_id: group.id });
    expectInvalidField(
      await send(ann.auth, 'POST', `/lists/${list.id}/items`, {
        name: 'Milk',
        category_id: groceries,
      }),
      'category_id',
    );
  });

  it('exports a group as Splitwise-style CSV whose columns add up to the balances', async () => {
    const { ann, ben, cat, group } = await household();
    await addExpense(ann, {
      group_id: group.id,
      amount_cents: 3000,
      split: equalAmong(ann, ben, cat),
      description: '=HYPERLINK("x")',
    });
    await send(ben.auth, 'POST', '/settlements', {
      group_id: group.id,
      to_id: ann.user.id,
      amount_cents: 500,
    });
    const response = await send(cat.auth, 'GET', `/groups/${group.id}/expenses/export`);
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = response.body.trim().split('\r\n');
    expect(header).toBe('Date,Description,Category,Cost,Currency,Ann,Ben,Cat');
    expect(rows[0]).toContain('"\'=HYPERLINK(""x"")"');
    expect(rows[0]!.endsWith('30.00,EUR,20.00,-10.00,-10.00')).toBe(true);
    expect(rows[1]!.endsWith('Payment,5.00,EUR,-5.00,5.00,0.00')).toBe(true);
  });
});

describe('deleting an account', () => {
  it('deletes its personal expenses and keeps its group expenses, balances still adding up', async () => {
    const { ann, ben, group } = await household();
    const personal = await addExpense(ben, { amount_cents: 700, description: 'Shoes' });
    await addExpense(ben, { group_id: group.id, amount_cents: 1000, split: equalAmong(ann, ben) });
    const deleted = await send(ben.auth, 'DELETE', '/users/me', { password: ben.password });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const s = await summary(ann, group.id);
    expect(
      s.members.map((member) => [member.user.name, member.is_member, member.net_cents]),
    ).toEqual([
      ['Ann', true, -500],
      [null, false, 500],
      ['Cat', true, 0],
    ]);
    const page = expectShape(
      ZExpensePage,
      (await send(ann.auth, 'GET', `/groups/${group.id}/expenses`)).json(),
    );
    expect(page.items[0]?.paid_by).toMatchObject({ id: ben.user.id, name: null });
    const left = await t.database.db.select().from(expenses).where(eq(expenses.id, personal.id));
    expect(left).toEqual([]);
  });
});

describe('importing a Splitwise export', () => {
  const file = (names: string[], rows: string[][]) =>
    [['Date', 'Description', 'Category', 'Cost', 'Currency', ...names], ...rows]
      .map((row) => row.join(','))
      .join('\n');

  it('previews, then imports, so that the balances are what the file says', async () => {
    const { ann, ben, cat, outsider, group } = await household();
    const content = file(
      ['ann', 'Ben', 'Zed'],
      [
        ['2026-01-05', 'Groceries', 'Groceries', '30.00', 'EUR', '20.00', '-20.00', '0.00'],
        ['2026-01-06', 'Cinema', 'Leisure', '12.00', 'EUR', '-6.00', '6.00', '0.00'],
        ['2026-01-07', 'Taxi', 'Transport', '9.00', 'EUR', '-4.50', '0.00', '4.50'],
        ['2026-01-08', 'Ben paid Ann', 'Payment', '5.00', 'EUR', '-5.00', '5.00', '0.00'],
        ['', 'Total balance', '', '', 'EUR', '4.50', '-9.00', '4.50'],
      ],
    );
    const url = `/groups/${group.id}/expenses/import`;
    expectProblem(await send(outsider.auth, 'POST', url, { content }), 404, 'not_found');
    const preview = await send(ann.auth, 'POST', url, { content });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      columns: [
        { name: 'ann', user_id: ann.user.id },
        { name: 'Ben', user_id: ben.user.id },
        { name: 'Zed', user_id: null },
      ],
      expenses: 2,
      payments: 1,
      skipped: [{ row: 4, reason: 'unknown_person' }],
      imported: false,
    });
    expect(netOf(await summary(ann, group.id), ann)).toBe(0);

    // Zed is Cat here: the row is taken too.
    const columns = [
      { name: 'ann', user_id: ann.user.id },
      { name: 'Ben', user_id: ben.user.id },
      { name: 'Zed', user_id: cat.user.id },
    ];
    const done = await send(ann.auth, 'POST', url, { content, columns, dry_run: false });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ expenses: 3, payments: 1, skipped: [], imported: true });
    const s = await summary(ben, group.id);
    expect([netOf(s, ann), netOf(s, ben), netOf(s, cat)]).toEqual([450, -900, 450]);
    await expectLedgerConsistent(t.database.db, group.id);
    const page = expectShape(
      ZExpensePage,
      (await send(ben.auth, 'GET', `/groups/${group.id}/expenses`)).json(),
    );
    expect(
      page.items.map((expense) => [expense.description, expense.category?.name ?? null]),
    ).toEqual([
      ['Taxi', 'Transport'],
      ['Cinema', 'Leisure'],
      ['Groceries', 'Groceries'],
    ]);
  });

  it('reads the group export back to the same balances', async () => {
    const { ann, ben, cat, group } = await household();
    await addExpense(ann, {
      group_id: group.id,
      amount_cents: 1001,
      split: equalAmong(ann, ben, cat),
    });
    await addExpense(cat, { group_id: group.id, amount_cents: 700, split: equalAmong(ben, cat) });
    await send(ben.auth, 'POST', '/settlements', {
      group_id: group.id,
      to_id: ann.user.id,
      amount_cents: 300,
    });
    const exported = (await send(ann.auth, 'GET', `/groups/${group.id}/expenses/export`)).body;
    const copy = await buildGroup(t.app, ann, { name: 'Copy' });
    await addMember(t.app, copy, ben);
    await addMember(t.app, copy, cat);
    const imported = await send(ann.auth, 'POST', `/groups/${copy.id}/expenses/import`, {
      content: exported,
      dry_run: false,
    });
    expect(imported.json()).toMatchObject({ expenses: 2, payments: 1, skipped: [] });
    const [before, after] = [await summary(ann, group.id), await summary(ann, copy.id)];
    expect(after.members.map((member) => member.net_cents)).toEqual(
      before.members.map((member) => member.net_cents),
    );
  });

  it('says what is wrong with a file that is not a Splitwise export, and imports nothing', async () => {
    const { ann, group } = await household();
    const response = await send(ann.auth, 'POST', `/groups/${group.id}/expenses/import`, {
      content: 'name,price\nMilk,1.00',
      dry_run: false,
    });
    expect(response.json()).toMatchObject({
      expenses: 0,
      skipped: [{ row: 1, reason: 'not_a_splitwise_export' }],
      imported: false,
    });
    expectInvalidField(
      await send(ann.auth, 'POST', `/groups/${group.id}/expenses/import`, { content: 5 }),
      'content',
    );
  });
});
