import { ZChore, ZChoreHistoryPage, ZChorePage, type ChoreHistoryPage } from '@household/contracts';
import { addCalendarDays, todayIn } from '@household/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choreHistory, chores, groupActivity } from '../../db/schema';
import { expectInvalidField, expectProblem, expectShape } from '../../../test/support/assertions';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { choreHelpers } from '../../../test/support/chores';

// docs/chores.md: chores, their completion and undo, history and who may do what, on both engines.

let t: TestApp;
const { send, household, addChore, chore } = choreHelpers(() => t.app);
const today = () => todayIn('UTC');

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('creating a chore (spec §5)', () => {
  it('makes a weekly group chore with its defaults, seen by every member', async () => {
    const { ann, cat, group } = await household();
    const created = await addChore(ann, {
      name: '  Bins out ',
      type: 'group',
      group_id: group.id,
      frequency: 'weekly',
      due_date: '2026-12-01',
    });
    expect(created).toMatchObject({
      name: 'Bins out',
      description: '',
      type: 'group',
      group_id: group.id,
      group_name: 'Flat',
      frequency: 'weekly',
      interval_days: null,
      due_date: '2026-12-01',
      effort: 1,
      status: 'pending',
      completed_on: null,
      time_zone: 'UTC',
      assignment: null,
      version: 1,
    });
    expect(created.created_by?.id).toBe(ann.user.id);
    const seen = await send(cat.auth, 'GET', '/chores');
    expect(expectShape(ZChorePage, seen.json()).items.map((c) => c.id)).toContain(created.id);
    const groupPage = await send(cat.auth, 'GET', `/groups/${group.id}/chores`);
    expect(groupPage.json().items.map((c: { id: number }) => c.id)).toEqual([created.id]);
  });

  it('keeps a personal chore to its owner', async () => {
    const { ann, ben, cat } = await household();
    const mine = await addChore(cat, {
      name: 'Water plants',
      frequency: 'custom',
      interval_days: 3,
    });
    expect(mine).toMatchObject({ type: 'personal', group_id: null, interval_days: 3 });
    expectProblem(await send(ann.auth, 'GET', `/chores/${mine.id}`), 404, 'not_found');
    expectProblem(await send(ben.auth, 'GET', `/chores/${mine.id}`), 404, 'not_found');
    const personal = await send(cat.auth, 'GET', '/chores?personal=true');
    expect(personal.json().items.map((c: { id: number }) => c.id)).toEqual([mine.id]);
  });

  it.each([
    ['no name', 'name', { name: '' }],
    ['a blank name', 'name', { name: '   ' }],
    ['a name of 101 characters', 'name', { name: 'x'.repeat(101) }],
    ['a name with a line break', 'name', { name: 'a\nb' }],
    ['a name that is a number', 'name', { name: 5 }],
    ['a description of 2001 characters', 'description', { description: 'x'.repeat(2001) }],
    ['an unknown type', 'type', { type: 'shared' }],
    ['a group chore without a group', 'group_id', { type: 'group' }],
    ['a personal chore with a group', 'group_id', { type: 'personal', group_id: 1 }],
    ['a group id that is text', 'group_id', { type: 'group', group_id: 'one' }],
    ['an unknown frequency', 'frequency', { frequency: 'yearly' }],
    ['a custom chore without an interval', 'interval_days', { frequency: 'custom' }],
    ['an interval of 0 days', 'interval_days', { frequency: 'custom', interval_days: 0 }],
    ['an interval of 1.5 days', 'interval_days', { frequency: 'custom', interval_days: 1.5 }],
    ['an interval of 3651 days', 'interval_days', { frequency: 'custom', interval_days: 3651 }],
    ['no due date', 'due_date', { due_date: undefined }],
    ['an empty due date', 'due_date', { due_date: '' }],
    ['a due date in another format', 'due_date', { due_date: '01.12.2026' }],
    ['a due date that does not exist', 'due_date', { due_date: '2026-02-30' }],
    ['an effort of 0', 'effort', { effort: 0 }],
    ['an effort of 11', 'effort', { effort: 11 }],
  ])('refuses %s with a 400 naming the field', async (_case, path, body) => {
    const { ann } = await household();
    const response = await send(ann.auth, 'POST', '/chores', {
      name: 'Dishes',
      due_date: '2026-12-01',
      ...body,
    });
    expectInvalidField(response, path);
  });

  it('says the spec texts for the form rules', async () => {
    const { ann } = await household();
    const response = await send(ann.auth, 'POST', '/chores', {
      name: '',
      type: 'group',
      frequency: 'custom',
      interval_days: 0,
      due_date: 'soon',
    });
    const messages = Object.fromEntries(
      expectProblem(response, 400, 'validation_failed').errors!.map((e) => [e.path, e.message]),
    );
    expect(messages).toMatchObject({
      name: 'Name is required',
      interval_days: 'Interval must be at least 1 day',
      due_date: 'Invalid date format',
    });
  });

  it('answers 404 for a group the caller is not in, and writes nothing', async () => {
    const { outsider, group } = await household();
    const response = await send(outsider.auth, 'POST', '/chores', {
      name: 'Sneaky',
      type: 'group',
      group_id: group.id,
      due_date: '2026-12-01',
    });
    expectProblem(response, 404, 'not_found');
    const rows = await t.database.db.select().from(chores).where(eq(chores.groupId, group.id));
    expect(rows).toEqual([]);
  });
});

describe("a group's chores page", () => {
  it('is empty for a member of a group without chores, and past its end; 404 for an outsider', async () => {
    const { ann, outsider, group } = await household();
    const empty = await send(ann.auth, 'GET', `/groups/${group.id}/chores`);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(expectShape(ZChorePage, empty.json())).toEqual({ items: [], next_cursor: null });
    expectProblem(await send(outsider.auth, 'GET', `/groups/${group.id}/chores`), 404, 'not_found');

    const c = await addChore(ann, { type: 'group', group_id: group.id, frequency: 'daily' });
    const past = await send(ann.auth, 'GET', `/groups/${group.id}/chores?cursor=${c.id}`);
    expect(past.statusCode, past.body).toBe(200);
    expect(past.json()).toEqual({ items: [], next_cursor: null });
    const outsiderPast = await send(
      outsider.auth,
      'GET',
      `/groups/${group.id}/chores?cursor=${c.id}`,
    );
    expectProblem(outsiderPast, 404, 'not_found');
  });
});

describe('who may see and change a group chore', () => {
  it('answers anonymous 401, outsider 404, member and admin alike on every chore route', async () => {
    const { ann, ben, cat, outsider, group } = await household();
    const c = await addChore(ann, { type: 'group', group_id: group.id, frequency: 'daily' });
    const routes: [string, string, unknown?][] = [
      ['GET', `/chores/${c.id}`],
      ['PATCH', `/chores/${c.id}`, { version: 1, name: 'x' }],
      ['DELETE', `/chores/${c.id}?version=1`],
      ['POST', `/chores/${c.id}/complete`, { version: 1 }],
      ['POST', `/chores/${c.id}/undo`, { version: 1 }],
      ['GET', `/chores/${c.id}/history`],
      ['GET', `/chores/${c.id}/assignments`],
      ['POST', `/chores/${c.id}/assignments`, { user_id: ann.user.id }],
      ['GET', `/groups/${group.id}/chores`],
      ['GET', `/groups/${group.id}/chores/history`],
      [
        'POST',
        `/groups/${group.id}/chores/generate-schedule`,
        { weeks: 1, member_ids: [ann.user.id], preview: true },
      ],
    ];
    for (const [method, url, body] of routes) {
      expectProblem(await send(undefined, method as 'GET', url, body), 401, 'unauthenticated');
      expectProblem(await send(outsider.auth, method as 'GET', url, body), 404, 'not_found');
    }
    // Members read; any member edits and completes; Ben (admin) too.
    expect((await send(cat.auth, 'GET', `/chores/${c.id}`)).statusCode).toBe(200);
    const renamed = await send(cat.auth, 'PATCH', `/chores/${c.id}`, { version: 1, name: 'Sweep' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const done = await send(ben.auth, 'POST', `/chores/${c.id}/complete`, { version: 2 });
    expect(done.statusCode, done.body).toBe(200);
    // Deleting is for the creator or an admin: Cat (member) gets 403, Ben (admin) may.
    expectProblem(await send(cat.auth, 'DELETE', `/chores/${c.id}?version=3`), 403, 'forbidden');
    expect((await send(ben.auth, 'DELETE', `/chores/${c.id}?version=3`)).statusCode).toBe(204);
    expectProblem(await send(ann.auth, 'GET', `/chores/${c.id}`), 404, 'not_found');
  });

  it('treats ids that are not ids as a chore that does not exist', async () => {
    const { ann } = await household();
    for (const id of ['0', '01', 'abc', '99999999999', '2147483648']) {
      expectProblem(await send(ann.auth, 'GET', `/chores/${id}`), 404, 'not_found');
    }
    expectInvalidField(await send(ann.auth, 'GET', '/chores?group_id=x'), 'group_id');
    expectInvalidField(await send(ann.auth, 'GET', '/chores?limit=0'), 'limit');
  });
});

describe('editing a chore', () => {
  it('changes fields, bumps the version and refuses a stale one with the current chore', async () => {
    const { ann, cat, group } = await household();
    const c = await addChore(ann, { type: 'group', group_id: group.id });
    const edited = await send(ann.auth, 'PATCH', `/chores/${c.id}`, {
      version: 1,
      frequency: 'custom',
      interval_days: 10,
      effort: 4,
      due_date: '2027-01-31',
    });
    expect(expectShape(ZChore, edited.json())).toMatchObject({
      frequency: 'custom',
      interval_days: 10,
      effort: 4,
      due_date: '2027-01-31',
      version: 2,
    });
    const stale = await send(cat.auth, 'PATCH', `/chores/${c.id}`, { version: 1, name: 'Late' });
    const problem = expectProblem(stale, 409, 'conflict');
    expect(problem.current).toMatchObject({ id: c.id, version: 2, name: 'Dishes' });
    expectInvalidField(
      await send(ann.auth, 'PATCH', `/chores/${c.id}`, { version: 2, frequency: 'custom' }),
      'interval_days',
    );
    expectInvalidField(
      await send(ann.auth, 'PATCH', `/chores/${c.id}`, { version: 2, due_date: '2027-13-01' }),
      'due_date',
    );
    expect((await chore(ann, c.id)).version).toBe(2);
  });
});

describe('completing and undoing (spec §4, docs/chores.md "Recurrence")', () => {
  it('moves a weekly chore a week on, shows the completion date, and undo restores it', async () => {
    const { ann, cat, group } = await household();
    const c = await addChore(ann, {
      type: 'group',
      group_id: group.id,
      frequency: 'weekly',
      due_date: today(),
    });
    const done = expectShape(
      ZChore,
      (await send(cat.auth, 'POST', `/chores/${c.id}/complete`, { version: 1 })).json(),
    );
    expect(done).toMatchObject({
      status: 'pending',
      completed_on: today(),
      due_date: addCalendarDays(today(), 7),
      version: 2,
    });
    expect(done.completed_by?.id).toBe(cat.user.id);
    const undone = expectShape(
      ZChore,
      (await send(ann.auth, 'POST', `/chores/${c.id}/undo`, { version: 2 })).json(),
    );
    expect(undone).toMatchObject({ due_date: today(), completed_on: null, completed_by: null });
    expectProblem(
      await send(ann.auth, 'POST', `/chores/${c.id}/undo`, { version: 3 }),
      409,
      'not_done',
    );
  });

  it('completes a one-time chore once; a second completion is refused', async () => {
    const { ann } = await household();
    const c = await addChore(ann, { due_date: addCalendarDays(today(), -3) });
    const done = (await send(ann.auth, 'POST', `/chores/${c.id}/complete`, { version: 1 })).json();
    expect(done).toMatchObject({
      status: 'completed',
      completed_on: today(),
      due_date: c.due_date,
    });
    expectProblem(
      await send(ann.auth, 'POST', `/chores/${c.id}/complete`, { version: 2 }),
      409,
      'already_done',
    );
  });

  it('does not pile up missed weeks when a chore is done late', async () => {
    const { ann } = await household();
    const due = addCalendarDays(today(), -15);
    const c = await addChore(ann, { frequency: 'weekly', due_date: due });
    const done = (await send(ann.auth, 'POST', `/chores/${c.id}/complete`, { version: 1 })).json();
    // Fifteen days late: the occurrences 7 and 14 days after are past; the next is 21 days after.
    expect(done.due_date).toBe(addCalendarDays(due, 21));
  });

  it('records one completion when two people complete the same version at once', async () => {
    const { ann, ben, cat, group } = await household();
    const c = await addChore(ann, { type: 'group', group_id: group.id, frequency: 'daily' });
    const answers = await Promise.all(
      [ann, ben, cat, ann, ben, cat].map((who) =>
        send(who.auth, 'POST', `/chores/${c.id}/complete`, { version: 1 }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.statusCode !== 200)) {
      expectProblem(answer, 409, 'conflict');
    }
    const completions = await t.database.db
      .select()
      .from(choreHistory)
      .where(eq(choreHistory.choreId, c.id));
    expect(completions.filter((row) => row.action === 'completed')).toHaveLength(1);
    expect((await chore(ann, c.id)).due_date).toBe(addCalendarDays(today(), 1));
  });
});

describe("the household's time zone (docs/chores.md)", () => {
  it("starts as the creator's zone and dates completions on the group's calendar", async () => {
    const { ann } = await household();
    const zone = await send(ann.auth, 'PATCH', '/users/me', {
      timezone: 'Pacific/Kiritimati',
    });
    expect(zone.statusCode, zone.body).toBe(200);
    const created = await send(ann.auth, 'POST', '/groups', { name: 'Island' });
    const groupId = created.json().id;
    const settings = (await send(ann.auth, 'GET', `/groups/${groupId}/settings`)).json();
    expect(settings.time_zone).toBe('Pacific/Kiritimati');
    const c = await addChore(ann, { type: 'group', group_id: groupId, frequency: 'daily' });
    expect(c.time_zone).toBe('Pacific/Kiritimati');
    const done = (await send(ann.auth, 'POST', `/chores/${c.id}/complete`, { version: 1 })).json();
    expect(done.completed_on).toBe(todayIn('Pacific/Kiritimati'));

    const moved = await send(ann.auth, 'PATCH', `/groups/${groupId}/settings`, {
      version: settings.version,
      time_zone: 'Pacific/Pago_Pago',
    });
    expect(moved.json().time_zone).toBe('Pacific/Pago_Pago');
    expect((await chore(ann, c.id)).time_zone).toBe('Pacific/Pago_Pago');
  });
});

describe('history and activity', () => {
  it('tells who did what, newest first, with totals per member', async () => {
    const { ann, cat, group } = await household();
    const c = await addChore(ann, {
      type: 'group',
      group_id: group.id,
      frequency: 'daily',
      effort: 3,
    });
    await send(ann.auth, 'PATCH', `/chores/${c.id}`, { version: 1, name: 'Kitchen' });
    await send(cat.auth, 'POST', `/chores/${c.id}/complete`, { version: 2 });
    const page: ChoreHistoryPage = expectShape(
      ZChoreHistoryPage,
      (await send(cat.auth, 'GET', `/groups/${group.id}/chores/history`)).json(),
    );
    expect(page.items.map((entry) => [entry.action, entry.actor?.name])).toEqual([
      ['completed', 'Cat'],
      ['updated', 'Ann'],
      ['created', 'Ann'],
    ]);
    expect(page.items[1]!.details).toMatchObject({
      changes: { name: { from: 'Dishes', to: 'Kitchen' } },
    });
    const catTotal = page.totals.find((total) => total.user.id === cat.user.id);
    expect(catTotal).toMatchObject({ completed: 1, effort: 3, minutes: 0 });
    expect(page.totals.map((total) => total.user.name).sort()).toEqual(['Ann', 'Ben', 'Cat']);
    const one = (await send(ann.auth, 'GET', `/chores/${c.id}/history?limit=1`)).json();
    expect(one.items).toHaveLength(1);
    const older = (
      await send(ann.auth, 'GET', `/chores/${c.id}/history?limit=5&cursor=${one.next_cursor}`)
    ).json();
    expect(older.items.map((entry: { action: string }) => entry.action)).toEqual([
      'updated',
      'created',
    ]);
    const activity = await t.database.db
      .select()
      .from(groupActivity)
      .where(eq(groupActivity.groupId, group.id));
    expect(activity.map((row) => row.verb)).toEqual(
      expect.arrayContaining(['chore_created', 'chore_updated', 'chore_completed']),
    );
  });

  it('keeps the history of a deleted chore, under its name', async () => {
    const { ann, group } = await household();
    const c = await addChore(ann, { type: 'group', group_id: group.id });
    expect((await send(ann.auth, 'DELETE', `/chores/${c.id}?version=1`)).statusCode).toBe(204);
    const page = (await send(ann.auth, 'GET', `/groups/${group.id}/chores/history`)).json();
    expect(page.items[0]).toMatchObject({
      action: 'deleted',
      chore_id: null,
      chore_name: 'Dishes',
    });
  });

  it('writes history and activity with the change or not at all', async () => {
    const { ann, group } = await household();
    const c = await addChore(ann, { type: 'group', group_id: group.id, frequency: 'weekly' });
    const before = await t.database.db
      .select()
      .from(choreHistory)
      .where(eq(choreHistory.groupId, group.id));
    // A stale completion fails inside the transaction: no history, no activity, no move.
    expectProblem(
      await send(ann.auth, 'POST', `/chores/${c.id}/complete`, { version: 7 }),
      409,
      'conflict',
    );
    const after = await t.database.db
      .select()
      .from(choreHistory)
      .where(eq(choreHistory.groupId, group.id));
    expect(after).toHaveLength(before.length);
    const activity = await t.database.db
      .select()
      .from(groupActivity)
      .where(eq(groupActivity.groupId, group.id));
    expect(activity.filter((row) => row.verb === 'chore_completed')).toHaveLength(0);
    expect((await chore(ann, c.id)).due_date).toBe(c.due_date);
  });
});
