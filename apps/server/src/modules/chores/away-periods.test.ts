import { z } from 'zod';
import { ZActivityEntry, ZMemberAwayPeriod, ZScheduleResult } from '@household/contracts';
import { addCalendarDays, todayIn } from '@household/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectInvalidField, expectProblem, expectShape } from '../../../test/support/assertions';
import { choreHelpers } from '../../../test/support/chores';
import type { TestUser } from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

// docs/chores.md "Away periods": who is away when, and every strategy passes them over.

let t: TestApp;
const { send, household, addChore, completeTurn } = choreHelpers(() => t.app);
const today = todayIn('UTC');
const day = (n: number) => addCalendarDays(today, n);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function markAway(by: TestUser, groupId: number, body: object) {
  const response = await send(by.auth, 'POST', `/groups/${groupId}/away-periods`, body);
  expect(response.statusCode, response.body).toBe(201);
  return expectShape(ZMemberAwayPeriod, response.json());
}

async function awayPeriods(by: TestUser, groupId: number) {
  const response = await send(by.auth, 'GET', `/groups/${groupId}/away-periods`);
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(z.array(ZMemberAwayPeriod), response.json());
}

describe('away periods', () => {
  it('a member marks themselves away; the group sees current and future periods, soonest first', async () => {
    const { ann, cat, group } = await household();
    const later = await markAway(cat, group.id, { starts_on: day(10), ends_on: day(12) });
    const now = await markAway(cat, group.id, { starts_on: day(-2), ends_on: day(0) });
    await markAway(cat, group.id, { starts_on: day(-9), ends_on: day(-1) });
    expect(now).toMatchObject({ user: { id: cat.user.id }, created_by: cat.user.id });
    const seen = await awayPeriods(ann, group.id);
    expect(seen.map((period) => period.id)).toEqual([now.id, later.id]);

    const activity = await send(ann.auth, 'GET', `/groups/${group.id}/activity`);
    const entries = z.object({ items: z.array(ZActivityEntry) }).parse(activity.json()).items;
    expect(entries[0]).toMatchObject({
      verb: 'away_period_added',
      subject: { id: cat.user.id },
      details: { starts_on: day(-9), ends_on: day(-1) },
    });
  });

  it('an admin marks anyone away; a member only themselves; strangers cannot be away (400)', async () => {
    const { ann, ben, cat, outsider, group } = await household();
    await markAway(ben, group.id, { user_id: cat.user.id, starts_on: day(1), ends_on: day(2) });
    expectProblem(
      await send(cat.auth, 'POST', `/groups/${group.id}/away-periods`, {
        user_id: ann.user.id,
        starts_on: day(1),
        ends_on: day(2),
      }),
      403,
      'forbidden',
    );
    expectInvalidField(
      await send(ann.auth, 'POST', `/groups/${group.id}/away-periods`, {
        user_id: outsider.user.id,
        starts_on: day(1),
        ends_on: day(2),
      }),
      'user_id',
    );
  });

  it('refuses an end before the start, a period over a year and bad dates, with field paths', async () => {
    const { ann, group } = await household();
    const post = (body: object) => send(ann.auth, 'POST', `/groups/${group.id}/away-periods`, body);
    expectInvalidField(await post({ starts_on: day(3), ends_on: day(2) }), 'ends_on');
    expectInvalidField(await post({ starts_on: day(0), ends_on: day(366) }), 'ends_on');
    expectInvalidField(await post({ starts_on: '2026-02-30', ends_on: day(2) }), 'starts_on');
    expectInvalidField(await post({ starts_on: day(0) }), 'ends_on');
    await markAway(ann, group.id, { starts_on: day(0), ends_on: day(365) });
  });

  it('is removed by its person, who marked it, or an admin; not by another member', async () => {
    const { ann, ben, cat, group } = await household();
    const remove = (by: TestUser, id: number) =>
      send(by.auth, 'DELETE', `/groups/${group.id}/away-periods/${id}`);
    const anns = await markAway(ann, group.id, { starts_on: day(1), ends_on: day(2) });
    expectProblem(await remove(cat, anns.id), 403, 'forbidden');
    expect((await remove(ben, anns.id)).statusCode).toBe(204);
    const cats = await markAway(ann, group.id, {
      user_id: cat.user.id,
      starts_on: day(1),
      ends_on: day(2),
    });
    expect((await remove(cat, cats.id)).statusCode).toBe(204);
    const bens = await markAway(ben, group.id, { starts_on: day(1), ends_on: day(2) });
    expect((await remove(ben, bens.id)).statusCode).toBe(204);
    expectProblem(await remove(ben, bens.id), 404, 'not_found');
    expect(await awayPeriods(ann, group.id)).toEqual([]);
  });

  it('answers outsiders and the anonymous as if the group did not exist', async () => {
    const { ann, outsider, group } = await household();
    const period = await markAway(ann, group.id, { starts_on: day(1), ends_on: day(2) });
    const body = { starts_on: day(1), ends_on: day(2) };
    expectProblem(
      await send(outsider.auth, 'GET', `/groups/${group.id}/away-periods`),
      404,
      'not_found',
    );
    expectProblem(
      await send(outsider.auth, 'POST', `/groups/${group.id}/away-periods`, body),
      404,
      'not_found',
    );
    expectProblem(
      await send(outsider.auth, 'DELETE', `/groups/${group.id}/away-periods/${period.id}`),
      404,
      'not_found',
    );
    const other = await household();
    expectProblem(
      await send(other.ann.auth, 'DELETE', `/groups/${other.group.id}/away-periods/${period.id}`),
      404,
      'not_found',
    );
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/v1/groups/${group.id}/away-periods`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('strategies with stored away periods', () => {
  it('a fixed rotation passes over a member stored as away, now and after a completion', async () => {
    const { ann, ben, cat, group } = await household();
    await markAway(ben, group.id, { starts_on: day(0), ends_on: day(1) });
    const c = await addChore(ann, {
      type: 'group',
      group_id: group.id,
      frequency: 'daily',
      assignment_strategy: 'fixed_rotation',
      rotation_order: [ben.user.id, cat.user.id, ann.user.id],
    });
    expect(c.next_assignee?.id).toBe(cat.user.id);
    expect(c.next_reason).toMatchObject({ kind: 'next_in_order', skipped: [{ id: ben.user.id }] });
    expect(c.assignment?.user?.id).toBe(cat.user.id);
    // Tomorrow's turn would be Ann's anyway; the one after is Ben's, who is back by then.
    const second = await completeTurn(cat, c);
    expect(second.assignment?.user?.id).toBe(ann.user.id);
    const third = await completeTurn(ann, second);
    expect(third.due_date).toBe(day(2));
    expect(third.assignment?.user?.id).toBe(ben.user.id);
  });

  it('the turn after a completion skips who is away on its date', async () => {
    const { ann, ben, cat, group } = await household();
    const c = await addChore(ann, {
      type: 'group',
      group_id: group.id,
      frequency: 'daily',
      assignment_strategy: 'fixed_rotation',
      rotation_order: [ann.user.id, ben.user.id, cat.user.id],
    });
    expect(c.assignment?.user?.id).toBe(ann.user.id);
    await markAway(ann, group.id, { user_id: ben.user.id, starts_on: day(1), ends_on: day(1) });
    const after = await completeTurn(ann, c);
    expect(after.assignment?.user?.id).toBe(cat.user.id);
    expect(after.next_reason).toMatchObject({
      kind: 'next_in_order',
      after: { id: ann.user.id },
      skipped: [{ id: ben.user.id }],
    });
  });

  it('same person away: nobody gets the turn and the reason says everyone is away', async () => {
    const { ann, cat, group } = await household();
    await markAway(cat, group.id, { starts_on: day(0), ends_on: day(0) });
    const c = await addChore(ann, {
      type: 'group',
      group_id: group.id,
      frequency: 'weekly',
      assignment_strategy: 'same_person',
      assignee_id: cat.user.id,
    });
    expect(c.assignment).toBeNull();
    expect(c.next_assignee).toBeNull();
    expect(c.next_reason).toMatchObject({ kind: 'everyone_away', skipped: [{ id: cat.user.id }] });
  });

  it("the schedule follows each chore's strategy and plans around stored and sent periods", async () => {
    const { ann, ben, cat, group } = await household();
    const rota = await addChore(ann, {
      name: 'Bins',
      type: 'group',
      group_id: group.id,
      frequency: 'weekly',
      due_date: day(0),
      assignment_strategy: 'fixed_rotation',
      rotation_order: [ann.user.id, ben.user.id, cat.user.id],
    });
    const open = await addChore(ann, {
      name: 'Windows',
      type: 'group',
      group_id: group.id,
      frequency: 'weekly',
      due_date: day(0),
      assignment_strategy: 'claimable',
    });
    await markAway(ben, group.id, { starts_on: day(7), ends_on: day(7) });
    const response = await send(ann.auth, 'POST', `/groups/${group.id}/chores/generate-schedule`, {
      start_date: day(0),
      weeks: 4,
      member_ids: [ann.user.id, ben.user.id, cat.user.id],
      away: [{ user_id: cat.user.id, from: day(21), to: day(21) }],
      preview: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const plan = expectShape(ZScheduleResult, response.json());
    const turns = (id: number) =>
      plan.assignments.filter((a) => a.chore_id === id).map((a) => [a.user_id, a.open]);
    expect(turns(rota.id)).toEqual([
      [ann.user.id, false],
      [cat.user.id, false],
      [ann.user.id, false],
      [ben.user.id, false],
    ]);
    expect(turns(open.id)).toEqual([
      [null, true],
      [null, true],
      [null, true],
      [null, true],
    ]);
  });
});
