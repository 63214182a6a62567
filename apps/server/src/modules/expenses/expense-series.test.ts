import {
  ZExpense,
  ZExpensePage,
  ZExpenseSeries,
  ZExpenseSeriesList,
  ZGroupBalances,
  type CreateExpenseSeriesBody,
  type Expense,
  type ExpenseSeries,
  type RealtimeEvent,
} from '@household/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expenseSeries } from '../../db/schema';
import { expectInvalidField, expectProblem, expectShape } from '../../../test/support/assertions';
import {
  DEFAULT_PASSWORD,
  type TestUser,
  buildHousehold,
  type TestHousehold,
} from '../../../test/support/factories';
import { sender, type Auth } from '../../../test/support/requests';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

// docs/expenses.md "Recurring bills": the routes of a series, who may use them, and what an edit,
// a pause, a skip, an end and a filled-in amount do to the expenses and the balances.

/** "Now" for the app: the series' today is read from it. */
let now = new Date('2030-06-15T12:00:00.000Z');
let t: TestApp;
const send = sender(() => t.app);

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
});
afterAll(() => t.close());

type Household = TestHousehold;
const household = () => buildHousehold(t.app, { name: 'Flat' });

function rentBody(h: Household, body: Partial<CreateExpenseSeriesBody> = {}) {
  return {
    group_id: h.group.id,
    description: 'Rent',
    amount_cents: 90000,
    paid_by: h.ben.user.id,
    split: { type: 'equal', participants: [h.ann.user.id, h.ben.user.id, h.cat.user.id] },
    rule: { frequency: 'monthly', start_date: '2030-05-01' },
    ...body,
  };
}

async function startSeries(by: { auth: Auth }, body: object): Promise<ExpenseSeries> {
  const response = await send(by.auth, 'POST', '/expense-series', body);
  expect(response.statusCode, response.body).toBe(201);
  return expectShape(ZExpenseSeries, response.json());
}

async function groupExpenses(h: Household): Promise<Expense[]> {
  const response = await send(h.ann.auth, 'GET', `/groups/${h.group.id}/expenses?limit=100`);
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(ZExpensePage, response.json()).items.sort((a, b) =>
    a.date.localeCompare(b.date),
  );
}

async function netOf(h: Household, who: TestUser): Promise<number> {
  const response = await send(h.ann.auth, 'GET', `/balances/${h.group.id}`);
  expect(response.statusCode, response.body).toBe(200);
  const balances = expectShape(ZGroupBalances, response.json());
  return balances.members.find((member) => member.user.id === who.user.id)?.net_cents ?? 0;
}

/** The realtime events published while `work` runs. */
async function eventsDuring(work: () => Promise<unknown>): Promise<RealtimeEvent[]> {
  const seen: RealtimeEvent[] = [];
  const stop = t.events.subscribe((event) => seen.push(event));
  try {
    await work();
  } finally {
    stop();
  }
  return seen;
}

describe('starting a recurring expense', () => {
  it('makes every date up to today at once, like any expense, and announces them', async () => {
    now = new Date('2030-06-15T12:00:00.000Z');
    const h = await household();
    let series!: ExpenseSeries;
    const events = await eventsDuring(async () => {
      series = await startSeries(h.ann, rentBody(h));
    });
    expect(series).toMatchObject({
      group_id: h.group.id,
      description: 'Rent',
      amount_cents: 90000,
      currency: 'EUR',
      paid_by: { id: h.ben.user.id, name: 'Ben' },
      created_by: { id: h.ann.user.id },
      split_type: 'equal',
      rule: {
        frequency: 'monthly',
        interval: 1,
        month_day: null,
        start_date: '2030-05-01',
        until: null,
        count: null,
      },
      status: 'active',
      next_date: '2030-07-01',
      occurrences_made: 2,
      awaiting_amount: [],
      version: 1,
    });
    const made = await groupExpenses(h);
    expect(made.map((expense) => [expense.date, expense.amount_cents])).toEqual([
      ['2030-05-01', 90000],
      ['2030-06-01', 90000],
    ]);
    expect(made[0]).toMatchObject({
      paid_by: { id: h.ben.user.id },
      created_by: { id: h.ann.user.id },
    });
    expect(await netOf(h, h.ben)).toBe(2 * 60000);
    expect(await netOf(h, h.cat)).toBe(-2 * 30000);
    expect(
      events.filter((event) => event.entity === 'expense').map((event) => event.action),
    ).toEqual(['created', 'created']);

    const list = await send(h.cat.auth, 'GET', `/expense-series?group_id=${h.group.id}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(expectShape(ZExpenseSeriesList, list.json()).series.map((one) => one.id)).toEqual([
      series.id,
    ]);
  });

  it('is checked like a new expense, and refuses an item split and a start over a year ago', async () => {
    const h = await household();
    const post = (body: object) => send(h.ann.auth, 'POST', '/expense-series', rentBody(h, body));
    expectInvalidField(
      await post({
        split: { type: 'item_based', participants: [h.ann.user.id], items: [] },
      }),
      'split.type',
    );
    expectInvalidField(
      await post({
        amount_cents: null,
        split: { type: 'exact', amounts: [{ user_id: h.ann.user.id, amount_cents: 1 }] },
      }),
      'split.type',
    );
    expectInvalidField(await post({ split: undefined }), 'split');
    expectInvalidField(await post({ paid_by: h.outsider.user.id }), 'paid_by');
    expectInvalidField(
      await post({ split: { type: 'equal', participants: [h.outsider.user.id] } }),
      'split.participants.0',
    );
    expectInvalidField(
      await post({
        split: { type: 'percentage', percentages: [{ user_id: h.ann.user.id, percent: 60 }] },
      }),
      'split.percentages',
    );
    expectInvalidField(
      await post({ rule: { frequency: 'weekly', start_date: '2029-05-01' } }),
      'rule.start_date',
    );
    expectInvalidField(
      await post({ rule: { frequency: 'weekly', start_date: '2030-07-01', until: '2030-06-30' } }),
      'rule.until',
    );
    expectInvalidField(
      await post({
        rule: { frequency: 'monthly', start_date: '2030-07-02', until: '2030-07-20', month_day: 1 },
      }),
      'rule',
    );
    expectInvalidField(
      await post({ rule: { frequency: 'fortnightly', start_date: '2030-07-01' } }),
      'rule.frequency',
    );
    expectProblem(
      await send(h.outsider.auth, 'POST', '/expense-series', rentBody(h)),
      404,
      'not_found',
    );
    expectProblem(
      await send(undefined, 'POST', '/expense-series', rentBody(h)),
      401,
      'unauthenticated',
    );
    // Nothing was made by the refusals.
    expect(await groupExpenses(h)).toEqual([]);
  });

  it('a personal series is its owner’s alone and makes personal expenses', async () => {
    now = new Date('2030-06-15T12:00:00.000Z');
    const h = await household();
    const gym = await startSeries(h.ann, {
      description: 'Gym',
      amount_cents: 2999,
      rule: { frequency: 'weekly', start_date: '2030-06-10' },
    });
    expect(gym).toMatchObject({
      group_id: null,
      paid_by: { id: h.ann.user.id },
      split_type: 'equal',
    });
    expect(gym.occurrences_made).toBe(1);
    const mine = await send(h.ann.auth, 'GET', '/expenses?personal=true');
    expect(mine.json<{ items: Expense[] }>().items.map((expense) => expense.description)).toEqual([
      'Gym',
    ]);
    const list = await send(h.ann.auth, 'GET', '/expense-series');
    expect(list.json<{ series: ExpenseSeries[] }>().series.map((one) => one.id)).toEqual([gym.id]);
    expect((await send(h.ben.auth, 'GET', '/expense-series')).json()).toEqual({ series: [] });
    expectProblem(await send(h.ben.auth, 'GET', `/expense-series/${gym.id}`), 404, 'not_found');
    expectProblem(
      await send(h.ben.auth, 'POST', `/expense-series/${gym.id}/end`, { version: gym.version }),
      404,
      'not_found',
    );
    expectInvalidField(
      await send(h.ann.auth, 'POST', '/expense-series', {
        description: 'Gym',
        amount_cents: 2999,
        paid_by: h.ben.user.id,
        rule: { frequency: 'weekly', start_date: '2030-06-10' },
      }),
      'paid_by',
    );
    // Deleting the account deletes it, as it deletes personal expenses.
    const group = await startSeries(h.ann, rentBody(h, { paid_by: h.ann.user.id }));
    const deleted = await send(h.ann.auth, 'DELETE', '/users/me', { password: DEFAULT_PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const left = await t.database.db.select().from(expenseSeries);
    expect(left.map((row) => row.id)).not.toContain(gym.id);
    expect(left.find((row) => row.id === group.id)).toMatchObject({ createdBy: null });
  });
});

describe('who may do what', () => {
  it('members read, the creator, the payer and admins change; outsiders get 404, anonymous 401', async () => {
    now = new Date('2030-06-15T12:00:00.000Z');
    const h = await household();
    const series = await startSeries(
      h.ben,
      rentBody(h, {
        paid_by: h.ben.user.id,
        rule: { frequency: 'monthly', start_date: '2030-07-01' },
      }),
    );
    const id = series.id;
    const routes: [string, string, object | undefined][] = [
      ['GET', `/expense-series/${id}`, undefined],
      ['PATCH', `/expense-series/${id}`, { version: 1, description: 'Rent!' }],
      ['POST', `/expense-series/${id}/pause`, { version: 1 }],
      ['POST', `/expense-series/${id}/resume`, { version: 1 }],
      ['POST', `/expense-series/${id}/end`, { version: 1 }],
      ['POST', `/expense-series/${id}/skip`, { version: 1, date: '2030-08-01' }],
      ['PUT', `/expense-series/${id}/occurrences/2030-07-01`, { amount_cents: 100 }],
    ];
    for (const [method, url, body] of routes) {
      expectProblem(await send(undefined, method as 'GET', url, body), 401, 'unauthenticated');
      expectProblem(await send(h.outsider.auth, method as 'GET', url, body), 404, 'not_found');
    }
    expectProblem(
      await send(h.outsider.auth, 'GET', `/expense-series?group_id=${h.group.id}`),
      404,
      'not_found',
    );
    expect((await send(h.cat.auth, 'GET', `/expense-series/${id}`)).statusCode).toBe(200);
    for (const [method, url, body] of routes.slice(1)) {
      expectProblem(await send(h.cat.auth, method as 'GET', url, body), 403, 'forbidden');
    }
    // Ann owns the group.
    const renamed = await send(h.ann.auth, 'PATCH', `/expense-series/${id}`, {
      version: 1,
      description: 'Flat rent',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ description: 'Flat rent', version: 2 });
  });
});

describe('editing a series', () => {
  it('changes the occurrences from now on; the ones made stay as they were', async () => {
    now = new Date('2030-06-15T12:00:00.000Z');
    const h = await household();
    const series = await startSeries(h.ann, rentBody(h));
    const patched = await send(h.ann.auth, 'PATCH', `/expense-series/${series.id}`, {
      version: series.version,
      amount_cents: 96000,
      description: 'Rent with heating',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const updated = expectShape(ZExpenseSeries, patched.json());
    expect(updated).toMatchObject({ amount_cents: 96000, version: 2, next_date: '2030-07-01' });
    expect((await groupExpenses(h)).map((expense) => expense.amount_cents)).toEqual([90000, 90000]);
    now = new Date('2030-07-01T08:00:00.000Z');
    await t.app.notifications.tick(now);
    expect(
      (await groupExpenses(h)).map((expense) => [
        expense.date,
        expense.description,
        expense.amount_cents,
      ]),
    ).toEqual([
      ['2030-05-01', 'Rent', 90000],
      ['2030-06-01', 'Rent', 90000],
      ['2030-07-01', 'Rent with heating', 96000],
    ]);

    // A stale version is refused with the series as it is now.
    const stale = expectProblem(
      await send(h.ann.auth, 'PATCH', `/expense-series/${series.id}`, {
        version: series.version,
        amount_cents: 1,
      }),
      409,
      'conflict',
    );
    expect(stale.current).toMatchObject({ id: series.id, version: 2 });
  });

  it('with from_date changes that occurrence’s expense and the later ones, not the earlier', async () => {
    now = new Date('2030-06-15T12:00:00.000Z');
    const h = await household();
    const series = await startSeries(
      h.ann,
      rentBody(h, { rule: { frequency: 'monthly', start_date: '2030-04-01' } }),
    );
    const before = await groupExpenses(h);
    expect(before.map((expense) => expense.date)).toEqual([
      '2030-04-01',
      '2030-05-01',
      '2030-06-01',
    ]);
    const netBefore = await netOf(h, h.cat);
    const patched = await send(h.ann.auth, 'PATCH', `/expense-series/${series.id}`, {
      version: series.version,
      from_date: '2030-05-01',
      amount_cents: 60000,
      split: { type: 'equal', participants: [h.ann.user.id, h.ben.user.id] },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const after = await groupExpenses(h);
    expect(after[0]).toEqual(before[0]);
    expect(after.slice(1).map((expense) => [expense.amount_cents, expense.version])).toEqual([
      [60000, 2],
      [60000, 2],
    ]);
    expect(after[1]!.splits.map((split) => split.user.id)).toEqual(
      [h.ann.user.id, h.ben.user.id].sort((a, b) => a - b),
    );
    // Cat keeps only April's share.
    expect(await netOf(h, h.cat)).toBe(netBefore + 2 * 30000);
    expectInvalidField(
      await send(h.ann.auth, 'PATCH', `/expense-series/${series.id}`, {
        version: 2,
        from_date: '2030-05-15',
        notes: 'x',
      }),
      'from_date',
    );
  });

  it('a new rule starts after the last date made and from today on', async () => {
    now = new Date('2030-06-15T12:00:00.000Z');
    const h = await household();
    const series = await startSeries(h.ann, rentBody(h));
    const patched = await send(h.ann.auth, 'PATCH', `/expense-series/${series.id}`, {
      version: series.version,
      rule: { frequency: 'weekly', interval: 2, start_date: '2030-05-06' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    // Every other Monday from 6 May: 17 June is the first from today on; none before is made.
    expect(patched.json()).toMatchObject({ next_date: '2030-06-17', occurrences_made: 2 });
    expect(await groupExpenses(h)).toHaveLength(2);
  });
});

describe('pause, resume, skip and end', () => {
  it('moves between states with versions, and an ended series stays ended', async () => {
    now = new Date('2030-06-15T12:00:00.000Z');
    const h = await household();
    const series = await startSeries(h.ann, rentBody(h));
    const post = (change: string, body: object) =>
      send(h.ann.auth, 'POST', `/expense-series/${series.id}/${change}`, body);
    const paused = await post('pause', { version: 1 });
    expect(paused.json()).toMatchObject({ status: 'paused', version: 2 });
    // Already paused: nothing changes.
    expect((await post('pause', { version: 2 })).json()).toMatchObject({ version: 2 });
    expectProblem(await post('resume', { version: 1 }), 409, 'conflict');
    const ended = await post('end', { version: 2 });
    expect(ended.json()).toMatchObject({ status: 'ended', next_date: null, version: 3 });
    expectProblem(await post('resume', { version: 3 }), 409, 'conflict');
    expectProblem(await post('skip', { version: 3, date: '2030-07-01' }), 409, 'conflict');
    expectProblem(
      await send(h.ann.auth, 'PATCH', `/expense-series/${series.id}`, { version: 3, notes: 'x' }),
      409,
      'conflict',
    );
    now = new Date('2030-09-15T12:00:00.000Z');
    await t.app.notifications.tick(now);
    expect(await groupExpenses(h)).toHaveLength(2);
  });

  it('skips only a date of the series still to come, once', async () => {
    now = new Date('2030-06-15T12:00:00.000Z');
    const h = await household();
    const series = await startSeries(h.ann, rentBody(h));
    const skip = (version: number, date: string) =>
      send(h.ann.auth, 'POST', `/expense-series/${series.id}/skip`, { version, date });
    expectInvalidField(await skip(1, '2030-06-01'), 'date');
    expectInvalidField(await skip(1, '2030-07-02'), 'date');
    expectInvalidField(await skip(1, '9999-12-01'), 'date');
    const skipped = await skip(1, '2030-08-01');
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json()).toMatchObject({ next_date: '2030-07-01', version: 2 });
    expectProblem(await skip(2, '2030-08-01'), 409, 'conflict');
    now = new Date('2030-09-02T12:00:00.000Z');
    await t.app.notifications.tick(now);
    expect((await groupExpenses(h)).map((expense) => expense.date)).toEqual([
      '2030-05-01',
      '2030-06-01',
      '2030-07-01',
      '2030-09-01',
    ]);
  });
});

describe('a variable bill', () => {
  it('counts in no balance until its amount is filled in, once', async () => {
    now = new Date('2030-06-15T12:00:00.000Z');
    const h = await household();
    const series = await startSeries(
      h.ann,
      rentBody(h, { description: 'Electricity', amount_cents: null }),
    );
    expect(series.awaiting_amount).toEqual([{ date: '2030-05-01' }, { date: '2030-06-01' }]);
    expect(await groupExpenses(h)).toEqual([]);
    expect(await netOf(h, h.ben)).toBe(0);
    const fill = (by: TestUser, date: string, amount: unknown) =>
      send(by.auth, 'PUT', `/expense-series/${series.id}/occurrences/${date}`, {
        amount_cents: amount,
      });
    expectProblem(await fill(h.ben, '2030-05-02', 100), 404, 'not_found');
    expectInvalidField(await fill(h.ben, '2030-05-01', 0), 'amount_cents');
    const filled = await fill(h.ben, '2030-05-01', 7500);
    expect(filled.statusCode, filled.body).toBe(201);
    expect(expectShape(ZExpense, filled.json())).toMatchObject({
      date: '2030-05-01',
      amount_cents: 7500,
      description: 'Electricity',
      paid_by: { id: h.ben.user.id },
    });
    expect(await netOf(h, h.ben)).toBe(5000);
    expectProblem(await fill(h.ben, '2030-05-01', 7500), 409, 'conflict');
    expect(await netOf(h, h.ben)).toBe(5000);
    const read = await send(h.ann.auth, 'GET', `/expense-series/${series.id}`);
    expect(read.json()).toMatchObject({ awaiting_amount: [{ date: '2030-06-01' }] });
  });
});
