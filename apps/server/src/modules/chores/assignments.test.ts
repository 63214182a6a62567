import {
  ZAssignmentList,
  ZCalendarFeed,
  ZScheduleResult,
  ZTimeEntry,
  ZTimeEntryList,
  type ScheduleResult,
} from '@household/contracts';
import { addCalendarDays, todayIn } from '@household/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choreAssignments, choreHistory } from '../../db/schema';
import { expectInvalidField, expectProblem, expectShape } from '../../../test/support/assertions';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { choreHelpers } from '../../../test/support/chores';

// docs/chores.md: assignments, time entries, schedule generation and the calendar feed.

let t: TestApp;
const { send, household, addChore, assign, chore, assignment } = choreHelpers(() => t.app);
const today = () => todayIn('UTC');

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('assignments', () => {
  it('gives an occurrence to a member, who sees it in "My assigned chores" and completes it', async () => {
    const { ann, cat, group } = await household();
    const c = await addChore(ann, {
      type: 'group',
      group_id: group.id,
      frequency: 'weekly',
      effort: 2,
    });
    const given = await assign(ann, c, cat);
    expect(given).toMatchObject({
      chore_id: c.id,
      chore_name: 'Dishes',
      chore_effort: 2,
      group_name: 'Flat',
      due_date: c.due_date,
      completed_on: null,
      minutes_spent: 0,
      timer_running: false,
    });
    expect((await chore(cat, c.id)).assignment?.user?.id).toBe(cat.user.id);
    const mine = expectShape(
      ZAssignmentList,
      (await send(cat.auth, 'GET', '/chores/assignments')).json(),
    );
    expect(mine.items.map((a) => a.id)).toEqual([given.id]);

    const done = await send(cat.auth, 'PATCH', `/chores/assignments/${given.id}`, {
      version: 1,
      completed: true,
    });
    expect(done.json()).toMatchObject({ completed_on: today(), version: 2 });
    // The chore's current occurrence was this one: the chore moves a week on, credited to Cat.
    const moved = await chore(ann, c.id);
    expect(moved).toMatchObject({
      due_date: addCalendarDays(c.due_date, 7),
      completed_on: today(),
    });
    expect(moved.completed_by?.id).toBe(cat.user.id);
    const stillMine = (await send(cat.auth, 'GET', '/chores/assignments')).json();
    expect(stillMine.items[0]).toMatchObject({ id: given.id, completed_on: today() });

    // Undo takes both back.
    const undone = await send(cat.auth, 'PATCH', `/chores/assignments/${given.id}`, {
      version: 2,
      completed: false,
    });
    expect(undone.json()).toMatchObject({ completed_on: null, version: 3 });
    expect((await chore(ann, c.id)).due_date).toBe(c.due_date);
  });

  it('lets only the assignee or an admin complete, and only members be assigned', async () => {
    const { ann, ben, cat, outsider, group } = await household();
    const c = await addChore(cat, { type: 'group', group_id: group.id, frequency: 'daily' });
    const annsTurn = await assign(cat, c, ann);
    const url = `/chores/assignments/${annsTurn.id}`;
    expectProblem(
      await send(cat.auth, 'PATCH', url, { version: 1, completed: true }),
      403,
      'forbidden',
    );
    expectProblem(
      await send(outsider.auth, 'PATCH', url, { version: 1, completed: true }),
      404,
      'not_found',
    );
    expectProblem(await send(undefined, 'GET', url), 401, 'unauthenticated');
    expectProblem(await send(outsider.auth, 'GET', url), 404, 'not_found');
    expect((await send(ben.auth, 'PATCH', url, { version: 1, completed: true })).statusCode).toBe(
      200,
    );
    const wrong = await send(ann.auth, 'POST', `/chores/${c.id}/assignments`, {
      user_id: outsider.user.id,
      due_date: addCalendarDays(today(), 1),
    });
    expectProblem(wrong, 400, 'validation_failed');
    expectProblem(
      await send(ann.auth, 'POST', `/chores/${c.id}/assignments`, {
        user_id: cat.user.id,
        due_date: annsTurn.due_date,
      }),
      409,
      'already_assigned',
    );
  });

  it.each([
    ['a user id that is text', 'user_id', { user_id: 'me' }],
    ['no user id', 'user_id', {}],
    ['a due date that does not exist', 'due_date', { user_id: 1, due_date: '2026-02-29' }],
  ])('refuses %s', async (_case, path, body) => {
    const { ann } = await household();
    const c = await addChore(ann);
    expectInvalidField(await send(ann.auth, 'POST', `/chores/${c.id}/assignments`, body), path);
  });

  it('records one completion when an assignment is completed twice at once', async () => {
    const { ann, ben, cat, group } = await household();
    const c = await addChore(ann, {
      type: 'group',
      group_id: group.id,
      frequency: 'daily',
      effort: 5,
    });
    const given = await assign(ann, c, cat);
    const answers = await Promise.all(
      [cat, ben, cat, ben, cat].map((who) =>
        send(who.auth, 'PATCH', `/chores/assignments/${given.id}`, { version: 1, completed: true }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.statusCode !== 200)) {
      expectProblem(answer, 409, 'conflict');
    }
    const history = await t.database.db
      .select()
      .from(choreHistory)
      .where(eq(choreHistory.choreId, c.id));
    expect(history.filter((row) => row.action === 'assignment_completed')).toHaveLength(1);
    expect((await chore(ann, c.id)).due_date).toBe(addCalendarDays(c.due_date, 1));
  });

  it('hands an occurrence on and deletes it, for the assignee or an admin', async () => {
    const { ann, ben, cat, group } = await household();
    const c = await addChore(ann, { type: 'group', group_id: group.id, frequency: 'weekly' });
    const given = await assign(ann, c, cat);
    const handed = await send(cat.auth, 'PATCH', `/chores/assignments/${given.id}`, {
      version: 1,
      user_id: ben.user.id,
    });
    expect(handed.json().user.id).toBe(ben.user.id);
    expectProblem(
      await send(cat.auth, 'DELETE', `/chores/assignments/${given.id}?version=2`),
      403,
      'forbidden',
    );
    expectProblem(
      await send(ben.auth, 'DELETE', `/chores/assignments/${given.id}?version=1`),
      409,
      'conflict',
    );
    expect(
      (await send(ben.auth, 'DELETE', `/chores/assignments/${given.id}?version=2`)).statusCode,
    ).toBe(204);
    expectProblem(await send(ben.auth, 'GET', `/chores/assignments/${given.id}`), 404, 'not_found');
  });

  it('gives back the open turns of someone who leaves, and keeps the ones they did', async () => {
    const { ann, cat, group } = await household();
    const c = await addChore(ann, { type: 'group', group_id: group.id, frequency: 'daily' });
    const done = await assign(ann, c, cat);
    await send(cat.auth, 'PATCH', `/chores/assignments/${done.id}`, {
      version: 1,
      completed: true,
    });
    const open = await assign(ann, c, cat, addCalendarDays(c.due_date, 3));
    expect((await send(cat.auth, 'POST', `/groups/${group.id}/leave`)).statusCode).toBe(204);
    expectProblem(await send(ann.auth, 'GET', `/chores/assignments/${open.id}`), 404, 'not_found');
    expect((await assignment(ann, done.id)).completed_on).toBe(today());
    expectProblem(await send(cat.auth, 'GET', `/chores/assignments/${done.id}`), 404, 'not_found');
  });
});

describe('time entries', () => {
  it('starts and stops a timer, records minutes, and totals them per member', async () => {
    const { ann, cat, group } = await household();
    const c = await addChore(ann, { type: 'group', group_id: group.id, frequency: 'weekly' });
    const given = await assign(ann, c, cat);
    const url = `/chores/assignments/${given.id}/time-entries`;
    const started = expectShape(
      ZTimeEntry,
      (await send(cat.auth, 'POST', url, { start: true })).json(),
    );
    expect(started).toMatchObject({ ended_at: null, minutes: null });
    expect((await assignment(cat, given.id)).timer_running).toBe(true);
    expectProblem(await send(cat.auth, 'POST', url, { start: true }), 409, 'timer_running');
    expectProblem(
      await send(ann.auth, 'PATCH', `/chores/time-entries/${started.id}`, {
        version: 1,
        stop: true,
      }),
      403,
      'forbidden',
    );
    const stopped = await send(cat.auth, 'PATCH', `/chores/time-entries/${started.id}`, {
      version: 1,
      stop: true,
    });
    expect(stopped.json()).toMatchObject({ minutes: 1, version: 2 });
    const manual = await send(cat.auth, 'POST', url, { minutes: 25, note: 'Oven too' });
    expect(manual.statusCode, manual.body).toBe(201);
    const list = expectShape(ZTimeEntryList, (await send(ann.auth, 'GET', url)).json());
    expect(list.items.map((entry) => entry.minutes)).toEqual([1, 25]);
    expect(await assignment(ann, given.id)).toMatchObject({
      minutes_spent: 26,
      timer_running: false,
    });
    const history = (await send(ann.auth, 'GET', `/groups/${group.id}/chores/history`)).json();
    expect(
      history.totals.find((row: { user: { id: number } }) => row.user.id === cat.user.id).minutes,
    ).toBe(26);
    expect(
      (await send(cat.auth, 'DELETE', `/chores/time-entries/${manual.json().id}?version=1`))
        .statusCode,
    ).toBe(204);
    expect((await assignment(ann, given.id)).minutes_spent).toBe(1);
  });

  it.each([
    ['zero minutes', { minutes: 0 }],
    ['a day and a minute', { minutes: 1441 }],
    ['minutes as text', { minutes: '10' }],
    ['neither start nor minutes', { note: 'x' }],
    ['a note with a line break', { minutes: 5, note: 'a\nb' }],
  ])('refuses %s', async (_case, body) => {
    const { ann } = await household();
    const c = await addChore(ann);
    const given = await assign(ann, c, ann);
    expectProblem(
      await send(ann.auth, 'POST', `/chores/assignments/${given.id}/time-entries`, body),
      400,
      'validation_failed',
    );
  });

  it('keeps entries from outsiders', async () => {
    const { ann, outsider } = await household();
    const c = await addChore(ann);
    const given = await assign(ann, c, ann);
    const url = `/chores/assignments/${given.id}/time-entries`;
    expectProblem(await send(outsider.auth, 'GET', url), 404, 'not_found');
    expectProblem(await send(outsider.auth, 'POST', url, { minutes: 5 }), 404, 'not_found');
    const entry = (await send(ann.auth, 'POST', url, { minutes: 5 })).json();
    expectProblem(
      await send(outsider.auth, 'PATCH', `/chores/time-entries/${entry.id}`, {
        version: 1,
        minutes: 6,
      }),
      404,
      'not_found',
    );
  });
});

describe('generating a schedule (docs/chores.md "Generating a schedule")', () => {
  async function generate(by: { auth: { authorization: string } }, groupId: number, body: object) {
    const response = await send(
      by.auth,
      'POST',
      `/groups/${groupId}/chores/generate-schedule`,
      body,
    );
    expect(response.statusCode, response.body).toBe(200);
    return expectShape(ZScheduleResult, response.json());
  }

  it('previews a fair rotation without saving, then saves the same plan', async () => {
    const { ann, ben, cat, group } = await household();
    const start = addCalendarDays(today(), 1);
    const dishes = await addChore(ann, {
      type: 'group',
      group_id: group.id,
      frequency: 'daily',
      due_date: start,
    });
    await addChore(ann, {
      type: 'group',
      group_id: group.id,
      frequency: 'weekly',
      effort: 3,
      due_date: start,
    });
    await addChore(ann, { type: 'group', group_id: group.id, due_date: start, name: 'Once' });
    const body = {
      start_date: start,
      weeks: 2,
      member_ids: [ann.user.id, ben.user.id, cat.user.id],
    };
    const preview: ScheduleResult = await generate(ann, group.id, { ...body, preview: true });
    expect(preview).toMatchObject({
      start_date: start,
      end_date: addCalendarDays(start, 13),
      saved: false,
    });
    // 14 daily dishes (effort 1) and 2 weekly cleans (effort 3): one-time chores are not rotated.
    expect(preview.assignments).toHaveLength(16);
    const planned = preview.loads.map((load) => load.planned_effort);
    expect(Math.max(...planned) - Math.min(...planned)).toBeLessThanOrEqual(3);
    const none = await t.database.db
      .select()
      .from(choreAssignments)
      .where(eq(choreAssignments.groupId, group.id));
    expect(none).toEqual([]);

    const saved = await generate(cat, group.id, body);
    expect(saved.saved).toBe(true);
    expect(saved.assignments).toEqual(preview.assignments);
    const rows = await t.database.db
      .select()
      .from(choreAssignments)
      .where(eq(choreAssignments.groupId, group.id));
    expect(rows).toHaveLength(16);
    // Run again with the same choices: the same schedule, not a second one.
    const again = await generate(cat, group.id, body);
    expect(again.assignments).toEqual(saved.assignments);
    const after = await t.database.db
      .select()
      .from(choreAssignments)
      .where(eq(choreAssignments.groupId, group.id));
    expect(after).toHaveLength(16);
    const mine = (await send(cat.auth, 'GET', '/chores/assignments')).json();
    expect(mine.items.length).toBe(
      saved.assignments.filter((a) => a.user_id === cat.user.id).length,
    );
    expect(mine.items.some((a: { chore_id: number }) => a.chore_id === dishes.id)).toBe(true);
  });

  it('skips members while they are away and counts what each has done', async () => {
    const { ann, ben, group } = await household();
    const start = addCalendarDays(today(), 1);
    const c = await addChore(ann, {
      type: 'group',
      group_id: group.id,
      frequency: 'daily',
      due_date: today(),
      effort: 2,
    });
    // Ben did today's: he has effort 2 already, so Ann gets the first planned day.
    const given = await assign(ann, c, ben);
    await send(ben.auth, 'PATCH', `/chores/assignments/${given.id}`, {
      version: 1,
      completed: true,
    });
    const plan = await generate(ann, group.id, {
      start_date: start,
      weeks: 1,
      member_ids: [ann.user.id, ben.user.id],
      away: [
        { user_id: ann.user.id, from: addCalendarDays(start, 3), to: addCalendarDays(start, 4) },
      ],
      preview: true,
    });
    expect(plan.assignments[0]!.user_id).toBe(ann.user.id);
    for (const a of plan.assignments) {
      if (a.due_date === addCalendarDays(start, 3) || a.due_date === addCalendarDays(start, 4)) {
        expect(a.user_id).toBe(ben.user.id);
      }
    }
    expect(plan.loads.find((load) => load.user.id === ben.user.id)?.prior_effort).toBe(2);
  });

  it.each([
    ['no weeks', 'weeks', { member_ids: [1] }],
    ['13 weeks', 'weeks', { weeks: 13, member_ids: [1] }],
    ['nobody', 'member_ids', { weeks: 1, member_ids: [] }],
    [
      'an away period that ends before it starts',
      'away.0.to',
      { weeks: 1, member_ids: [1], away: [{ user_id: 1, from: '2026-12-05', to: '2026-12-01' }] },
    ],
    [
      'a start date that does not exist',
      'start_date',
      { weeks: 1, member_ids: [1], start_date: '2026-11-31' },
    ],
  ])('refuses %s', async (_case, path, body) => {
    const { ann, group } = await household();
    expectInvalidField(
      await send(ann.auth, 'POST', `/groups/${group.id}/chores/generate-schedule`, body),
      path,
    );
  });

  it('refuses people who are not members and chores of another group', async () => {
    const { ann, outsider, group } = await household();
    const elsewhere = await addChore(outsider, { frequency: 'daily' });
    const url = `/groups/${group.id}/chores/generate-schedule`;
    expectInvalidField(
      await send(ann.auth, 'POST', url, { weeks: 1, member_ids: [ann.user.id, outsider.user.id] }),
      'member_ids.1',
    );
    expectInvalidField(
      await send(ann.auth, 'POST', url, {
        weeks: 1,
        member_ids: [ann.user.id],
        chore_ids: [elsewhere.id],
      }),
      'chore_ids.0',
    );
  });
});

describe('the calendar feed', () => {
  it('serves my open assignments and personal chores at a secret address until it is reset', async () => {
    const { ann, cat, group } = await household();
    const c = await addChore(ann, {
      type: 'group',
      group_id: group.id,
      frequency: 'weekly',
      name: 'Bins',
    });
    await assign(ann, c, cat, '2026-12-07');
    await addChore(cat, { name: 'Water plants', due_date: '2026-12-03' });
    await addChore(ann, { name: 'Not Cats', due_date: '2026-12-04' });
    expectProblem(await send(undefined, 'GET', '/chores/calendar-feed'), 401, 'unauthenticated');
    expectProblem(await send(cat.auth, 'GET', '/chores/calendar-feed'), 404, 'not_found');
    const feed = expectShape(
      ZCalendarFeed,
      (await send(cat.auth, 'POST', '/chores/calendar-feed')).json(),
    );
    expect(feed.webcal_url).toMatch(
      /^webcal:\/\/.+\/api\/v1\/chores\/calendar\/[A-Za-z0-9_-]{32}\.ics$/,
    );
    // The same address every time, until reset.
    expect((await send(cat.auth, 'GET', '/chores/calendar-feed')).json()).toEqual(feed);
    expect((await send(cat.auth, 'POST', '/chores/calendar-feed')).json()).toEqual(feed);
    const path = new URL(feed.url).pathname;
    const ics = await t.app.inject({ method: 'GET', url: path });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toContain('SUMMARY:Bins');
    expect(ics.body).toContain('DTSTART;VALUE=DATE:20261207');
    expect(ics.body).toContain('SUMMARY:Water plants');
    expect(ics.body).not.toContain('Not Cats');

    const reset = expectShape(
      ZCalendarFeed,
      (await send(cat.auth, 'POST', '/chores/calendar-feed/reset')).json(),
    );
    expect(reset.url).not.toBe(feed.url);
    expectProblem(await t.app.inject({ method: 'GET', url: path }), 404, 'not_found');
    expect(
      (await t.app.inject({ method: 'GET', url: new URL(reset.url).pathname })).statusCode,
    ).toBe(200);
    expectProblem(
      await t.app.inject({ method: 'GET', url: '/api/v1/chores/calendar/nope.ics' }),
      404,
      'not_found',
    );
  });
});
