import { ZChore, ZChoreHistoryPage, type Chore } from '@household/contracts';
import { addCalendarDays, addCalendarMonths, todayIn } from '@household/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, expectShape } from '../../../test/support/assertions';
import { choreHelpers } from '../../../test/support/chores';
import type { TestUser } from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

// docs/chores.md "When the next one is due": due rules, the completion window, skip and snooze.

let t: TestApp;
const { send, household, addChore, assign, chore } = choreHelpers(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const today = (c: Chore) => todayIn(c.time_zone);

async function complete(by: TestUser, c: Chore) {
  const response = await send(by.auth, 'POST', `/chores/${c.id}/complete`, { version: c.version });
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(ZChore, response.json());
}

async function skip(by: TestUser, c: Chore, reason = 'Away this weekend') {
  const response = await send(by.auth, 'POST', `/chores/${c.id}/skip`, {
    reason,
    version: c.version,
  });
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(ZChore, response.json());
}

async function historyOf(by: TestUser, c: Chore) {
  const response = await send(by.auth, 'GET', `/chores/${c.id}/history`);
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(ZChoreHistoryPage, response.json()).items;
}

async function openTurns(by: TestUser, c: Chore) {
  const response = await send(by.auth, 'GET', `/chores/${c.id}/assignments`);
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json<{ items: { due_date: string; completed_on: string | null; user: { id: number } }[] }>()
    .items.filter((a) => a.completed_on === null);
}

describe('due rule', () => {
  it('a new chore counts from its due date unless asked otherwise, and says so', async () => {
    const { ann } = await household();
    const c = await addChore(ann, { frequency: 'weekly' });
    expect(c).toMatchObject({
      due_rule: 'due_date',
      completion_window_days: null,
      completable_from: null,
      skip_policy: 'next_person',
    });
  });

  it('a completion-rule chore done late is next due one interval after the day it was done', async () => {
    const { ann } = await household();
    const base = todayIn('UTC');
    const c = await addChore(ann, {
      frequency: 'custom',
      interval_days: 5,
      due_date: addCalendarDays(base, -9),
      due_rule: 'completion',
    });
    const done = await complete(ann, c);
    expect(done.due_date).toBe(addCalendarDays(today(c), 5));
    // Undo puts the due date back.
    const undone = await send(ann.auth, 'POST', `/chores/${c.id}/undo`, {
      version: done.version,
    });
    expect(undone.json()).toMatchObject({ due_date: c.due_date });
  });

  it('a monthly completion-rule chore moves one calendar month from the day it was done', async () => {
    const { ann } = await household();
    const c = await addChore(ann, {
      frequency: 'monthly',
      due_date: addCalendarDays(todayIn('UTC'), -3),
      due_rule: 'completion',
    });
    const done = await complete(ann, c);
    expect(done.due_date).toBe(addCalendarMonths(today(c), 1));
  });

  it('the due-date rule keeps rent day: done late, the chore stays on its weekday', async () => {
    const { ann } = await household();
    const c = await addChore(ann, {
      frequency: 'weekly',
      due_date: addCalendarDays(todayIn('UTC'), -2),
    });
    const done = await complete(ann, c);
    expect(done.due_date).toBe(addCalendarDays(c.due_date, 7));
  });

  it('an edit changes the rule, the window and the skip policy, and bad values answer 400', async () => {
    const { ann } = await household();
    const c = await addChore(ann, { frequency: 'weekly' });
    const edited = await send(ann.auth, 'PATCH', `/chores/${c.id}`, {
      version: c.version,
      due_rule: 'completion',
      completion_window_days: 2,
      skip_policy: 'same_person',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      due_rule: 'completion',
      completion_window_days: 2,
      skip_policy: 'same_person',
      completable_from: addCalendarDays(c.due_date, -2),
    });
    for (const bad of [
      { due_rule: 'whenever' },
      { completion_window_days: -1 },
      { completion_window_days: 366 },
      { completion_window_days: 1.5 },
      { skip_policy: 'nobody' },
    ]) {
      const response = await send(ann.auth, 'PATCH', `/chores/${c.id}`, {
        version: c.version + 1,
        ...bad,
      });
      expectProblem(response, 400, 'validation_failed');
    }
  });
});

describe('completion window', () => {
  it('refuses a turn before its window opens, naming the day, and takes it from that day', async () => {
    const { ann, ben, group } = await household();
    const base = todayIn('UTC');
    const c = await addChore(ann, {
      type: 'group',
      group_id: group.id,
      frequency: 'weekly',
      due_date: addCalendarDays(base, 5),
      completion_window_days: 2,
    });
    const opensOn = addCalendarDays(c.due_date, -2);
    expect(c.completable_from).toBe(opensOn);
    const early = await send(ann.auth, 'POST', `/chores/${c.id}/complete`, {
      version: c.version,
    });
    const problem = expectProblem(early, 409, 'not_open_yet');
    expect(problem.detail).toBe(`This turn can be done from ${opensOn}`);
    expect(problem.opens_on).toBe(opensOn);

    // Completing its assignment is refused the same way.
    const turn = await assign(ann, c, ben);
    const byAssignment = await send(ben.auth, 'PATCH', `/chores/assignments/${turn.id}`, {
      version: turn.version,
      completed: true,
    });
    expectProblem(byAssignment, 409, 'not_open_yet');

    // Moved to within the window, the turn can be done.
    const moved = await send(ann.auth, 'PATCH', `/chores/${c.id}`, {
      version: c.version,
      due_date: addCalendarDays(base, 2),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await complete(ann, expectShape(ZChore, moved.json()));
  });

  it('a window of 0 days opens on the due date itself', async () => {
    const { ann } = await household();
    const c = await addChore(ann, {
      frequency: 'daily',
      due_date: todayIn('UTC'),
      completion_window_days: 0,
    });
    expect(c.completable_from).toBe(c.due_date);
    if (today(c) >= c.due_date) await complete(ann, c);
  });
});

describe('skip a turn', () => {
  it('in a fixed rotation, the next person gets the turn; nobody is credited; history keeps the reason', async () => {
    const { ann, ben, cat, group } = await household();
    const c = await addChore(ann, {
      type: 'group',
      group_id: group.id,
      frequency: 'weekly',
      assignment_strategy: 'fixed_rotation',
      rotation_order: [ann.user.id, ben.user.id, cat.user.id],
    });
    expect(c.assignment?.user?.id).toBe(ann.user.id);
    const skipped = await skip(ann, c, 'Away this weekend');
    expect(skipped.due_date).toBe(addCalendarDays(c.due_date, 7));
    expect(skipped.assignment?.user?.id).toBe(ben.user.id);
    expect(skipped.completed_on).toBeNull();
    const open = await openTurns(ann, c);
    expect(open.map((a) => a.user.id)).toEqual([ben.user.id]);
    const [entry] = (await historyOf(ben, c)).filter((e) => e.action === 'skipped');
    expect(entry).toMatchObject({
      subject: { id: ann.user.id },
      details: { reason: 'Away this weekend', due_before: c.due_date, due_after: skipped.due_date },
    });
    const totals = (await send(ann.auth, 'GET', `/chores/${c.id}/history`)).json<{
      totals: { completed: number }[];
    }>().totals;
    expect(totals.every((total) => total.completed === 0)).toBe(true);
    // After Ben's turn, the rotation goes on to Cat.
    const current = await chore(ben, c.id);
    const done = await send(ben.auth, 'PATCH', `/chores/assignments/${current.assignment!.id}`, {
      version: current.assignment!.version,
      completed: true,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await chore(ann, c.id)).assignment?.user?.id).toBe(cat.user.id);
  });

  it('with the same-person policy, the one who skipped keeps the next turn', async () => {
    const { ann, ben, group } = await household();
    const c = await addChore(ann, {
      type: 'group',
      group_id: group.id,
      frequency: 'daily',
      assignment_strategy: 'fixed_rotation',
      rotation_order: [ben.user.id, ann.user.id],
      skip_policy: 'same_person',
    });
    expect(c.assignment?.user?.id).toBe(ben.user.id);
    const skipped = await skip(ben, c, 'Ill');
    expect(skipped.assignment?.user?.id).toBe(ben.user.id);
    expect(skipped.assignment?.due_date).toBe(skipped.due_date);
    expect((await openTurns(ann, c)).length).toBe(1);
  });

  it('a completion-rule chore skipped is due one interval after the day of the skip', async () => {
    const { ann } = await household();
    const c = await addChore(ann, {
      frequency: 'custom',
      interval_days: 3,
      due_date: addCalendarDays(todayIn('UTC'), -4),
      due_rule: 'completion',
    });
    const skipped = await skip(ann, c);
    expect(skipped.due_date).toBe(addCalendarDays(today(c), 3));
  });

  it('a one-time chore cannot be skipped; a reason is required; outsiders see 404', async () => {
    const { ann, outsider } = await household();
    const once = await addChore(ann, { frequency: 'one_time' });
    expectProblem(
      await send(ann.auth, 'POST', `/chores/${once.id}/skip`, { reason: 'No' }),
      422,
      'validation_failed',
    );
    const weekly = await addChore(ann, { frequency: 'weekly' });
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(201) }]) {
      expectProblem(
        await send(ann.auth, 'POST', `/chores/${weekly.id}/skip`, body),
        400,
        'validation_failed',
      );
    }
    expectProblem(
      await send(outsider.auth, 'POST', `/chores/${weekly.id}/skip`, { reason: 'Mine now' }),
      404,
      'not_found',
    );
    expectProblem(
      await send(ann.auth, 'POST', `/chores/${weekly.id}/skip`, { reason: 'Old', version: 99 }),
      409,
      'conflict',
    );
    const anonymous = await send(undefined, 'POST', `/chores/${weekly.id}/skip`, { reason: 'x' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('after a skip, the completion before it can no longer be undone', async () => {
    const { ann } = await household();
    const c = await addChore(ann, { frequency: 'daily' });
    const done = await complete(ann, c);
    const skipped = await skip(ann, done);
    const undo = await send(ann.auth, 'POST', `/chores/${c.id}/undo`, {
      version: skipped.version,
    });
    expectProblem(undo, 409, 'not_done');
  });
});

describe('snooze', () => {
  it('moves the due date and the turn by a week, not the anchor, and writes the history', async () => {
    const { ann, ben, group } = await household();
    const c = await addChore(ann, {
      type: 'group',
      group_id: group.id,
      frequency: 'weekly',
      assignment_strategy: 'same_person',
      assignee_id: ben.user.id,
    });
    const response = await send(ben.auth, 'POST', `/chores/${c.id}/snooze`, {
      days: 7,
      version: c.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    const snoozed = expectShape(ZChore, response.json());
    expect(snoozed.due_date).toBe(addCalendarDays(c.due_date, 7));
    expect(snoozed.assignment).toMatchObject({
      user: { id: ben.user.id },
      due_date: snoozed.due_date,
    });
    const [entry] = (await historyOf(ann, c)).filter((e) => e.action === 'snoozed');
    expect(entry).toMatchObject({ subject: { id: ben.user.id }, details: { days: 7 } });
    // A day more: the anchor stays, so a completion lands on the old weekday grid.
    const again = await send(ben.auth, 'POST', `/chores/${c.id}/snooze`, { days: 1 });
    const later = expectShape(ZChore, again.json());
    expect(later.due_date).toBe(addCalendarDays(c.due_date, 8));
  });

  it('answers 400 for other lengths and 404 to outsiders', async () => {
    const { ann, outsider } = await household();
    const c = await addChore(ann, { frequency: 'weekly' });
    for (const body of [{}, { days: 2 }, { days: '7' }, { days: -1 }]) {
      expectProblem(
        await send(ann.auth, 'POST', `/chores/${c.id}/snooze`, body),
        400,
        'validation_failed',
      );
    }
    expectProblem(
      await send(outsider.auth, 'POST', `/chores/${c.id}/snooze`, { days: 1 }),
      404,
      'not_found',
    );
    expectProblem(
      await send(ann.auth, 'POST', '/chores/999999999/snooze', { days: 1 }),
      404,
      'not_found',
    );
  });
});

describe('one open turn per chore', () => {
  it('a chore overdue for several turns, each given to someone, has one open turn after it moves on', async () => {
    const { ann, ben, cat, group } = await household();
    const people = [ann, ben, cat];
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom('complete' as const, 'skip' as const),
        async (missed, how) => {
          const base = todayIn('UTC');
          const c = await addChore(ann, {
            type: 'group',
            group_id: group.id,
            frequency: 'weekly',
            due_date: addCalendarDays(base, -7 * missed),
          });
          // The turns the schedule gave out meanwhile, none of them done.
          for (let week = 0; week <= missed; week++) {
            await assign(ann, c, people[week % 3]!, addCalendarDays(c.due_date, 7 * week));
          }
          const moved = how === 'complete' ? await complete(ann, c) : await skip(ann, c);
          const open = await openTurns(ann, c);
          expect(open.filter((a) => a.due_date < moved.due_date)).toEqual([]);
          expect(open.length).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 6 },
    );
  });
});
