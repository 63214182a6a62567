import {
  ZExpensePage,
  ZExpenseSeries,
  ZGroupBalances,
  ZNotificationPage,
  type CreateExpenseSeriesBody,
  type ExpenseSeries,
  type SeriesRuleInput,
} from '@household/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { expenseOccurrences, expenseSeries } from '../../db/schema';
import { expectShape } from '../../../test/support/assertions';
import {
  addMember,
  buildGroup,
  buildUser,
  type TestGroup,
  type TestUser,
} from '../../../test/support/factories';
import { notificationApps, type NotificationApps } from '../../../test/support/notifications';
import { sender } from '../../../test/support/requests';

// docs/expenses.md "Recurring bills": the scheduler makes each occurrence once, on its date in the
// group's time zone, with two server processes on one database, after downtime and across
// daylight-saving changes.

/** "Now" for both processes: the services read it, and each tick is run at a chosen instant. */
let now = new Date('2030-01-01T12:00:00.000Z');
let harness: NotificationApps;
const first = (): App => harness.apps[0]!;
const second = (): App => harness.apps[1]!;
const send = sender(first);

beforeAll(async () => {
  harness = await notificationApps(2, { clock: () => now });
});
afterAll(async () => {
  await harness?.close();
});
// Each test runs later in time than the one before: its series stop with it, so that the next
// test's ticks do not catch up years of them.
afterEach(async () => {
  await harness.databases[0]!.db.update(expenseSeries).set({ status: 'ended', nextDate: null });
});

/** The scheduler's turn at `instant`, in the first process. */
async function tickAt(instant: string, app: App = first()) {
  now = new Date(instant);
  await app.notifications.tick(now);
}

interface Flat {
  ann: TestUser;
  ben: TestUser;
  group: TestGroup;
}

async function flat(timeZone?: string): Promise<Flat> {
  const ann = await buildUser(first(), { name: 'Ann' });
  const ben = await buildUser(first(), { name: 'Ben' });
  const group = await buildGroup(first(), ann, { name: 'Flat' });
  await addMember(first(), group, ben);
  if (timeZone) {
    const settings = await send(ann.auth, 'GET', `/groups/${group.id}/settings`);
    const changed = await send(ann.auth, 'PATCH', `/groups/${group.id}/settings`, {
      version: settings.json<{ version: number }>().version,
      time_zone: timeZone,
    });
    expect(changed.statusCode, changed.body).toBe(200);
  }
  return { ann, ben, group };
}

async function startSeries(
  { ann, ben, group }: Flat,
  rule: SeriesRuleInput,
  body: Partial<CreateExpenseSeriesBody> = {},
): Promise<ExpenseSeries> {
  const response = await send(ann.auth, 'POST', '/expense-series', {
    group_id: group.id,
    description: 'Cleaner',
    amount_cents: 4000,
    split: { type: 'equal', participants: [ann.user.id, ben.user.id] },
    rule,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return expectShape(ZExpenseSeries, response.json());
}

async function readSeries(by: TestUser, id: number): Promise<ExpenseSeries> {
  const response = await send(by.auth, 'GET', `/expense-series/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(ZExpenseSeries, response.json());
}

/** The dates of the group's expenses, oldest first. */
async function expenseDates({ ann, group }: Flat): Promise<string[]> {
  const response = await send(ann.auth, 'GET', `/groups/${group.id}/expenses?limit=100`);
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(ZExpensePage, response.json())
    .items.map((expense) => expense.date)
    .sort();
}

async function netOf({ ann, group }: Flat, who: TestUser): Promise<number> {
  const response = await send(ann.auth, 'GET', `/balances/${group.id}`);
  expect(response.statusCode, response.body).toBe(200);
  const balances = expectShape(ZGroupBalances, response.json());
  return balances.members.find((member) => member.user.id === who.user.id)?.net_cents ?? 0;
}

describe('the scheduler makes a weekly bill', () => {
  it('once a week on its date: five weeks make five expenses', async () => {
    now = new Date('2030-01-01T12:00:00.000Z');
    const household = await flat();
    const series = await startSeries(household, { frequency: 'weekly', start_date: '2030-01-07' });
    expect(series).toMatchObject({
      status: 'active',
      next_date: '2030-01-07',
      occurrences_made: 0,
    });
    await tickAt('2030-01-06T23:59:00.000Z');
    expect(await expenseDates(household)).toEqual([]);
    for (const day of ['2030-01-07', '2030-01-14', '2030-01-21', '2030-01-28', '2030-02-04']) {
      await tickAt(`${day}T00:01:00.000Z`);
      await tickAt(`${day}T18:00:00.000Z`);
    }
    expect(await expenseDates(household)).toEqual([
      '2030-01-07',
      '2030-01-14',
      '2030-01-21',
      '2030-01-28',
      '2030-02-04',
    ]);
    expect(await readSeries(household.ann, series.id)).toMatchObject({
      status: 'active',
      next_date: '2030-02-11',
      occurrences_made: 5,
    });
    // Each made like any expense: Ben owes half of each.
    expect(await netOf(household, household.ben)).toBe(-5 * 2000);
    expect(await netOf(household, household.ann)).toBe(5 * 2000);
  });

  it('after downtime, the weeks missed are made at the next tick, each once', async () => {
    now = new Date('2030-03-01T12:00:00.000Z');
    const household = await flat();
    await startSeries(household, { frequency: 'weekly', start_date: '2030-03-04' });
    await tickAt('2030-03-04T09:00:00.000Z');
    expect(await expenseDates(household)).toEqual(['2030-03-04']);
    // Three weeks without a tick.
    await tickAt('2030-03-25T09:00:00.000Z');
    await tickAt('2030-03-25T09:01:00.000Z');
    expect(await expenseDates(household)).toEqual([
      '2030-03-04',
      '2030-03-11',
      '2030-03-18',
      '2030-03-25',
    ]);
  });

  it('with two processes ticking at the same instant, each date once', async () => {
    now = new Date('2030-05-01T12:00:00.000Z');
    const household = await flat();
    const series = await startSeries(household, { frequency: 'weekly', start_date: '2030-05-06' });
    now = new Date('2030-05-27T06:00:00.000Z');
    await Promise.all([
      first().notifications.tick(now),
      second().notifications.tick(now),
      second().notifications.tick(now),
    ]);
    await Promise.all([first().notifications.tick(now), second().notifications.tick(now)]);
    expect(await expenseDates(household)).toEqual([
      '2030-05-06',
      '2030-05-13',
      '2030-05-20',
      '2030-05-27',
    ]);
    const rows = await harness.databases[0]!.db.select()
      .from(expenseOccurrences)
      .where(eq(expenseOccurrences.seriesId, series.id));
    expect(rows).toHaveLength(4);
    expect(await readSeries(household.ann, series.id)).toMatchObject({ occurrences_made: 4 });
  });
});

describe('the dates of a series', () => {
  it('monthly on the 31st fall on the last day of shorter months, and back on the 31st', async () => {
    now = new Date('2031-01-01T12:00:00.000Z');
    const household = await flat();
    const series = await startSeries(household, {
      frequency: 'monthly',
      start_date: '2031-01-31',
      count: 4,
    });
    await tickAt('2031-05-15T12:00:00.000Z');
    expect(await expenseDates(household)).toEqual([
      '2031-01-31',
      '2031-02-28',
      '2031-03-31',
      '2031-04-30',
    ]);
    // Four in all: the series has ended.
    expect(await readSeries(household.ann, series.id)).toMatchObject({
      status: 'ended',
      next_date: null,
      occurrences_made: 4,
    });
  });

  it('monthly on the last day falls on 29 February in a leap year', async () => {
    now = new Date('2032-01-01T12:00:00.000Z');
    const household = await flat();
    await startSeries(household, {
      frequency: 'monthly',
      month_day: 'last',
      start_date: '2032-01-10',
    });
    await tickAt('2032-03-30T12:00:00.000Z');
    expect(await expenseDates(household)).toEqual(['2032-01-31', '2032-02-29']);
  });

  it('every two months and yearly count from the start', async () => {
    now = new Date('2033-01-01T12:00:00.000Z');
    const household = await flat();
    await startSeries(household, {
      frequency: 'monthly',
      interval: 2,
      start_date: '2033-01-31',
      until: '2033-07-31',
    });
    await startSeries(
      household,
      { frequency: 'yearly', start_date: '2033-02-15', count: 2 },
      { description: 'Insurance' },
    );
    await tickAt('2036-01-01T12:00:00.000Z');
    expect(await expenseDates(household)).toEqual([
      '2033-01-31',
      '2033-02-15',
      '2033-03-31',
      '2033-05-31',
      '2033-07-31',
      '2034-02-15',
    ]);
  });

  it('an end date and a count end the series', async () => {
    now = new Date('2034-01-01T12:00:00.000Z');
    const household = await flat();
    const until = await startSeries(household, {
      frequency: 'weekly',
      start_date: '2034-01-02',
      until: '2034-01-16',
    });
    const counted = await startSeries(
      household,
      { frequency: 'weekly', interval: 2, start_date: '2034-01-03', count: 2 },
      { description: 'Window cleaner' },
    );
    await tickAt('2034-03-01T12:00:00.000Z');
    expect(await expenseDates(household)).toEqual([
      '2034-01-02',
      '2034-01-03',
      '2034-01-09',
      '2034-01-16',
      '2034-01-17',
    ]);
    for (const series of [until, counted]) {
      expect(await readSeries(household.ann, series.id)).toMatchObject({
        status: 'ended',
        next_date: null,
      });
    }
  });

  it('in Europe/Berlin, each date once at its local midnight, across both daylight-saving changes', async () => {
    now = new Date('2030-03-20T12:00:00.000Z');
    const household = await flat('Europe/Berlin');
    // Sundays: the clocks change on Sunday 31 March and Sunday 27 October 2030.
    await startSeries(household, { frequency: 'weekly', start_date: '2030-03-24' });
    // 23:59 in Berlin (CET, UTC+1): still the 23rd.
    await tickAt('2030-03-23T22:59:00.000Z');
    expect(await expenseDates(household)).toEqual([]);
    await tickAt('2030-03-23T23:00:00.000Z');
    expect(await expenseDates(household)).toEqual(['2030-03-24']);
    // Every quarter hour through the night the clocks go forward.
    for (let minutes = 0; minutes <= 6 * 60; minutes += 15) {
      const instant = new Date(Date.parse('2030-03-30T21:00:00.000Z') + minutes * 60_000);
      await tickAt(instant.toISOString());
      const expected = instant.toISOString() < '2030-03-30T23:00:00.000Z' ? 1 : 2;
      expect(await expenseDates(household)).toHaveLength(expected);
    }
    // Summer time (CEST, UTC+2): Sunday begins at 22:00 UTC.
    await tickAt('2030-04-06T21:59:00.000Z');
    expect(await expenseDates(household)).toHaveLength(2);
    await tickAt('2030-04-06T22:00:00.000Z');
    expect((await expenseDates(household)).at(-1)).toBe('2030-04-07');
    // Down until the eve of the change back; the missed Sundays come at once.
    await tickAt('2030-10-26T21:59:00.000Z');
    const beforeOctober = await expenseDates(household);
    expect(beforeOctober.at(-1)).toBe('2030-10-20');
    // Every quarter hour through Sunday 27 October, the night with an hour twice.
    for (let minutes = 0; minutes <= 25 * 60; minutes += 15) {
      const instant = new Date(Date.parse('2030-10-26T22:00:00.000Z') + minutes * 60_000);
      await tickAt(instant.toISOString());
    }
    const october = await expenseDates(household);
    expect(october).toEqual([...beforeOctober, '2030-10-27']);
    // Winter time again (CET): the next Sunday begins at 23:00 UTC.
    await tickAt('2030-11-02T22:59:00.000Z');
    expect(await expenseDates(household)).toEqual(october);
    await tickAt('2030-11-02T23:00:00.000Z');
    expect(await expenseDates(household)).toEqual([...october, '2030-11-03']);
    // Every date once: as many expenses as Sundays from 24 March to 3 November.
    const dates = await expenseDates(household);
    expect(new Set(dates).size).toBe(dates.length);
    expect(dates).toHaveLength(33);
  });
});

describe('pause, skip and what cannot be made', () => {
  it('makes nothing while paused, and resumes from today without the dates missed', async () => {
    now = new Date('2035-01-01T12:00:00.000Z');
    const household = await flat();
    const series = await startSeries(household, { frequency: 'weekly', start_date: '2035-01-01' });
    expect(await expenseDates(household)).toEqual(['2035-01-01']);
    now = new Date('2035-01-03T12:00:00.000Z');
    const paused = await send(household.ann.auth, 'POST', `/expense-series/${series.id}/pause`, {
      version: series.version,
    });
    expect(paused.statusCode, paused.body).toBe(200);
    const pausedSeries = expectShape(ZExpenseSeries, paused.json());
    expect(pausedSeries.status).toBe('paused');
    await tickAt('2035-01-22T12:00:00.000Z');
    expect(await expenseDates(household)).toEqual(['2035-01-01']);
    now = new Date('2035-01-23T12:00:00.000Z');
    const resumed = await send(household.ann.auth, 'POST', `/expense-series/${series.id}/resume`, {
      version: pausedSeries.version,
    });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({ status: 'active', next_date: '2035-01-29' });
    await tickAt('2035-01-29T12:00:00.000Z');
    expect(await expenseDates(household)).toEqual(['2035-01-01', '2035-01-29']);
  });

  it('passes over a skipped date, which still counts toward the count', async () => {
    now = new Date('2035-03-01T12:00:00.000Z');
    const household = await flat();
    const series = await startSeries(household, {
      frequency: 'weekly',
      start_date: '2035-03-05',
      count: 3,
    });
    const skipped = await send(household.ann.auth, 'POST', `/expense-series/${series.id}/skip`, {
      version: series.version,
      date: '2035-03-05',
    });
    expect(skipped.statusCode, skipped.body).toBe(200);
    // The next date shown is the first one that will make an expense.
    expect(skipped.json()).toMatchObject({ next_date: '2035-03-12', version: series.version + 1 });
    await tickAt('2035-04-01T12:00:00.000Z');
    expect(await expenseDates(household)).toEqual(['2035-03-12', '2035-03-19']);
    expect(await readSeries(household.ann, series.id)).toMatchObject({
      status: 'ended',
      occurrences_made: 3,
    });
  });

  it('pauses a series whose payer left the group, and makes nothing for it', async () => {
    now = new Date('2035-06-01T12:00:00.000Z');
    const household = await flat();
    const series = await startSeries(
      household,
      { frequency: 'weekly', start_date: '2035-06-04' },
      {
        paid_by: household.ben.user.id,
        split: { type: 'equal', participants: [household.ann.user.id] },
      },
    );
    const left = await send(household.ben.auth, 'POST', `/groups/${household.group.id}/leave`);
    expect(left.statusCode, left.body).toBeLessThan(300);
    await tickAt('2035-06-04T12:00:00.000Z');
    expect(await expenseDates(household)).toEqual([]);
    const after = await readSeries(household.ann, series.id);
    expect(after).toMatchObject({ status: 'paused', version: series.version + 1 });
  });

  it('a variable bill waits for its amount, tells its payer, and counts in no balance until filled', async () => {
    now = new Date('2035-09-01T12:00:00.000Z');
    const household = await flat();
    const { ann, ben } = household;
    const series = await startSeries(
      household,
      { frequency: 'monthly', start_date: '2035-09-05' },
      { description: 'Electricity', amount_cents: null, paid_by: ben.user.id },
    );
    await tickAt('2035-09-05T12:00:00.000Z');
    expect(await expenseDates(household)).toEqual([]);
    expect(await readSeries(ann, series.id)).toMatchObject({
      awaiting_amount: [{ date: '2035-09-05' }],
      occurrences_made: 1,
      next_date: '2035-10-05',
    });
    const inbox = await send(ben.auth, 'GET', '/notifications');
    const notice = expectShape(ZNotificationPage, inbox.json()).items.find(
      (item) => item.kind === 'bill_amount_needed',
    );
    expect(notice).toMatchObject({
      group_id: household.group.id,
      link: `/groups/${household.group.id}/expenses`,
      data: { expense_description: 'Electricity', due_date: '2035-09-05', series_id: series.id },
    });
    expect(await netOf(household, ben)).toBe(0);

    const filled = await send(
      ben.auth,
      'PUT',
      `/expense-series/${series.id}/occurrences/2035-09-05`,
      {
        amount_cents: 6001,
      },
    );
    expect(filled.statusCode, filled.body).toBe(201);
    expect(filled.json()).toMatchObject({ date: '2035-09-05', amount_cents: 6001 });
    expect(await expenseDates(household)).toEqual(['2035-09-05']);
    expect((await netOf(household, ben)) + (await netOf(household, ann))).toBe(0);
    expect(await netOf(household, ann)).toBeLessThan(0);
    expect(await readSeries(ann, series.id)).toMatchObject({ awaiting_amount: [] });
  });
});
