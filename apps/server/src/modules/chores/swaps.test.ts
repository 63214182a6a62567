import {
  ZChoreHistoryPage,
  ZChoreSwap,
  ZChoreSwapList,
  ZNotificationPage,
  type Chore,
  type ChoreSwap,
} from '@household/contracts';
import { todayIn } from '@household/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectInvalidField, expectProblem, expectShape } from '../../../test/support/assertions';
import { choreHelpers } from '../../../test/support/chores';
import type { TestUser } from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

// docs/chores.md "Swaps": a member asks another to take a turn; the other accepts or declines.

let t: TestApp;
const { send, household, addChore, assign, chore, assignment } = choreHelpers(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function weeklyTurn() {
  const people = await household();
  const c = await addChore(people.ann, {
    type: 'group',
    group_id: people.group.id,
    frequency: 'weekly',
    effort: 3,
  });
  const turn = await assign(people.ann, c, people.cat);
  return { ...people, c, turn };
}

async function ask(by: TestUser, assignmentId: number, to: TestUser, note?: string) {
  const response = await send(by.auth, 'POST', `/chores/assignments/${assignmentId}/swaps`, {
    to_user_id: to.user.id,
    ...(note === undefined ? {} : { note }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return expectShape(ZChoreSwap, response.json());
}

const answer = (by: TestUser, swap: ChoreSwap, verb: 'accept' | 'decline' | 'cancel') =>
  send(by.auth, 'POST', `/chore-swaps/${swap.id}/${verb}`, { version: swap.version });

async function history(by: TestUser, groupId: number) {
  const response = await send(by.auth, 'GET', `/groups/${groupId}/chores/history`);
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(ZChoreHistoryPage, response.json());
}

async function notificationsOf(user: TestUser) {
  const response = await send(user.auth, 'GET', '/notifications');
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(ZNotificationPage, response.json()).items;
}

const holderOf = async (by: TestUser, c: Chore) => (await chore(by, c.id)).assignment?.user?.id;

describe('chore swaps', () => {
  it('accepting moves the turn to who was asked, done for the asker, and tells both', async () => {
    const { ann, ben, cat, group, c, turn } = await weeklyTurn();
    const swap = await ask(cat, turn.id, ben, 'Away this weekend');
    expect(swap).toMatchObject({
      assignment_id: turn.id,
      chore_name: 'Dishes',
      due_date: turn.due_date,
      status: 'pending',
      note: 'Away this weekend',
      answered_at: null,
    });
    expect(swap.requested_by.id).toBe(cat.user.id);
    expect(swap.requested_of.id).toBe(ben.user.id);

    // Ben is told and sees it waiting; so does Cat, as hers; the group lists it for Ann.
    const asked = (await notificationsOf(ben)).find((n) => n.kind === 'chore_swap_requested');
    expect(asked).toMatchObject({
      group_id: group.group.id,
      link: `/groups/${group.group.id}/chores`,
      data: { chore_name: 'Dishes', actor_name: 'Cat', due_date: turn.due_date },
    });
    for (const person of [ben, cat]) {
      const mine = expectShape(
        ZChoreSwapList,
        (await send(person.auth, 'GET', '/chore-swaps')).json(),
      );
      expect(mine.items.map((s) => s.id)).toEqual([swap.id]);
    }
    const pending = await send(
      ann.auth,
      'GET',
      `/groups/${group.group.id}/chore-swaps?status=pending`,
    );
    expect(expectShape(ZChoreSwapList, pending.json()).items.map((s) => s.id)).toEqual([swap.id]);

    const accepted = await answer(ben, swap, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', version: 2 });
    expect(await holderOf(ann, c)).toBe(ben.user.id);
    expect((await assignment(ben, turn.id)).version).toBe(turn.version + 1);
    const told = (await notificationsOf(cat)).find((n) => n.kind === 'chore_swap_answered');
    expect(told?.data).toMatchObject({ answer: 'accepted', actor_name: 'Ben' });
    expect((await send(ben.auth, 'GET', '/chore-swaps')).json().items).toEqual([]);

    const actions = (await history(ann, group.group.id)).items.map((e) => e.action);
    expect(actions.slice(0, 2)).toEqual(['swap_accepted', 'swap_requested']);
  });

  it('completing a swapped turn credits the doer, and the history says for whom', async () => {
    const { ann, ben, cat, group, turn } = await weeklyTurn();
    await answer(ben, await ask(cat, turn.id, ben), 'accept');
    const current = await assignment(ben, turn.id);
    const done = await send(ben.auth, 'PATCH', `/chores/assignments/${turn.id}`, {
      version: current.version,
      completed: true,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ completed_on: todayIn('UTC') });

    const page = await history(ann, group.group.id);
    const completion = page.items.find((e) => e.action === 'assignment_completed');
    expect(completion?.subject?.id).toBe(ben.user.id);
    expect(completion?.details).toMatchObject({
      for_user_id: cat.user.id,
      for_user: { id: cat.user.id, name: 'Cat' },
    });
    const totalOf = (who: TestUser) => page.totals.find((x) => x.user.id === who.user.id);
    expect(totalOf(ben)).toMatchObject({ completed: 1, effort: 3 });
    expect(totalOf(cat)).toMatchObject({ completed: 0, effort: 0 });
  });

  it('completing the chore itself records for whom the swapped turn was done', async () => {
    const { ann, ben, cat, group, c, turn } = await weeklyTurn();
    await answer(ben, await ask(cat, turn.id, ben), 'accept');
    const current = await chore(ben, c.id);
    const done = await send(ben.auth, 'POST', `/chores/${c.id}/complete`, {
      version: current.version,
    });
    expect(done.statusCode, done.body).toBe(200);
    const page = await history(ann, group.group.id);
    const completion = page.items.find((e) => e.action === 'completed');
    expect(completion?.subject?.id).toBe(ben.user.id);
    expect(completion?.details).toMatchObject({ for_user_id: cat.user.id });
    expect(page.totals.find((x) => x.user.id === ben.user.id)).toMatchObject({ effort: 3 });
  });

  it('declining leaves the turn where it was and tells the asker', async () => {
    const { ann, ben, cat, c, turn } = await weeklyTurn();
    const swap = await ask(cat, turn.id, ben);
    const declined = await answer(ben, swap, 'decline');
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined' });
    expect(await holderOf(ann, c)).toBe(cat.user.id);
    const told = (await notificationsOf(cat)).find((n) => n.kind === 'chore_swap_answered');
    expect(told?.data).toMatchObject({ answer: 'declined' });
    // Answered once: a second answer is refused, and the turn may be asked of someone again.
    expectProblem(await answer(ben, { ...swap, version: 2 }, 'accept'), 409, 'swap_answered');
    await ask(cat, turn.id, ann);
  });

  it('the asker may cancel while it waits; only one request waits per turn', async () => {
    const { ann, ben, cat, c, turn } = await weeklyTurn();
    const swap = await ask(cat, turn.id, ben);
    expectProblem(
      await send(cat.auth, 'POST', `/chores/assignments/${turn.id}/swaps`, {
        to_user_id: ann.user.id,
      }),
      409,
      'swap_pending',
    );
    const cancelled = await answer(cat, swap, 'cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect(await holderOf(ann, c)).toBe(cat.user.id);
    await ask(cat, turn.id, ann);
  });

  it('only the right people may ask and answer', async () => {
    const { ann, ben, cat, c, turn } = await weeklyTurn();
    // Not my turn: Ann may not give away Cat's turn.
    expectProblem(
      await send(ann.auth, 'POST', `/chores/assignments/${turn.id}/swaps`, {
        to_user_id: ben.user.id,
      }),
      403,
      'forbidden',
    );
    const swap = await ask(cat, turn.id, ben);
    // Only Ben answers; only Cat cancels.
    expectProblem(await answer(ann, swap, 'accept'), 403, 'forbidden');
    expectProblem(await answer(cat, swap, 'accept'), 403, 'forbidden');
    expectProblem(await answer(cat, swap, 'decline'), 403, 'forbidden');
    expectProblem(await answer(ben, swap, 'cancel'), 403, 'forbidden');
    // A stale version is a conflict, not a silent answer.
    expectProblem(
      await send(ben.auth, 'POST', `/chore-swaps/${swap.id}/accept`, { version: 7 }),
      409,
      'conflict',
    );
    expect(await holderOf(ann, c)).toBe(cat.user.id);
  });

  it('an accept after the turn was done or handed on is outdated', async () => {
    const { ann, ben, cat, c, turn } = await weeklyTurn();
    const swap = await ask(cat, turn.id, ben);
    // Ann (the owner) hands the turn to herself meanwhile.
    const handed = await send(ann.auth, 'PATCH', `/chores/assignments/${turn.id}`, {
      version: turn.version,
      user_id: ann.user.id,
    });
    expect(handed.statusCode, handed.body).toBe(200);
    expectProblem(await answer(ben, swap, 'accept'), 409, 'swap_outdated');
    expect(await holderOf(ann, c)).toBe(ann.user.id);

    // A turn done meanwhile.
    const other = await weeklyTurn();
    const late = await ask(other.cat, other.turn.id, other.ben);
    const done = await send(other.cat.auth, 'PATCH', `/chores/assignments/${other.turn.id}`, {
      version: other.turn.version,
      completed: true,
    });
    expect(done.statusCode, done.body).toBe(200);
    expectProblem(await answer(other.ben, late, 'accept'), 409, 'swap_outdated');
    // Asking to swap a done turn is refused too.
    expectProblem(
      await send(other.cat.auth, 'POST', `/chores/assignments/${other.turn.id}/swaps`, {
        to_user_id: other.ann.user.id,
      }),
      409,
      'already_done',
    );
  });

  it('a swapped turn swapped on stays done for its first holder; handed back it is theirs', async () => {
    const { ann, ben, cat, group, turn } = await weeklyTurn();
    await answer(ben, await ask(cat, turn.id, ben), 'accept');
    await answer(ann, await ask(ben, turn.id, ann), 'accept');
    const entries = (await history(ann, group.group.id)).items;
    expect(entries[0]).toMatchObject({
      action: 'swap_accepted',
      details: { for_user_id: cat.user.id },
    });
    await answer(cat, await ask(ann, turn.id, cat), 'accept');
    const back = (await history(ann, group.group.id)).items[0];
    expect(back).toMatchObject({ action: 'swap_accepted', details: { for_user_id: null } });
  });

  it('hides swaps from outsiders (404) and refuses bad input with 4xx', async () => {
    const { ann, cat, outsider, group, turn } = await weeklyTurn();
    const swap = await ask(cat, turn.id, ann);
    expectProblem(
      await send(outsider.auth, 'POST', `/chores/assignments/${turn.id}/swaps`, {
        to_user_id: ann.user.id,
      }),
      404,
      'not_found',
    );
    for (const verb of ['accept', 'decline', 'cancel'] as const) {
      expectProblem(await answer(outsider, swap, verb), 404, 'not_found');
    }
    expectProblem(
      await send(outsider.auth, 'GET', `/groups/${group.group.id}/chore-swaps`),
      404,
      'not_found',
    );
    expect((await send(outsider.auth, 'GET', '/chore-swaps')).json().items).toEqual([]);
    expectProblem(await send(undefined, 'GET', '/chore-swaps'), 401, 'unauthenticated');
    expectProblem(
      await send(undefined, 'POST', `/chore-swaps/${swap.id}/accept`, { version: 1 }),
      401,
      'unauthenticated',
    );
    expectProblem(
      await send(ann.auth, 'POST', '/chore-swaps/999999/accept', { version: 1 }),
      404,
      'not_found',
    );

    // Not to oneself, not to an outsider, not without a person, no overlong note.
    await answer(cat, swap, 'cancel');
    const url = `/chores/assignments/${turn.id}/swaps`;
    expectInvalidField(
      await send(cat.auth, 'POST', url, { to_user_id: cat.user.id }),
      'to_user_id',
    );
    expectInvalidField(
      await send(cat.auth, 'POST', url, { to_user_id: outsider.user.id }),
      'to_user_id',
    );
    expectInvalidField(await send(cat.auth, 'POST', url, {}), 'to_user_id');
    expectInvalidField(
      await send(cat.auth, 'POST', url, { to_user_id: ann.user.id, note: 'x'.repeat(201) }),
      'note',
    );
    expectInvalidField(
      await send(cat.auth, 'GET', `/groups/${group.group.id}/chore-swaps?status=maybe`),
      'status',
    );
  });
});
