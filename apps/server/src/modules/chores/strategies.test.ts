import { ZChore } from '@household/contracts';
import { addCalendarDays } from '@household/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choreDoneTotals, choreEffortTotals, choreHistory } from '../../db/schema';
import { expectInvalidField, expectShape } from '../../../test/support/assertions';
import { choreHelpers } from '../../../test/support/chores';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

// docs/chores.md "Assignment strategies": who gets each turn, and why.

let t: TestApp;
const { send, household, addChore, chore, assignment, completeTurn } = choreHelpers(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('assignment strategies', () => {
  it('a fixed rotation gives the turns in its order, saying whose turn it follows', async () => {
    const { ann, ben, cat, group } = await household();
    const order = [cat.user.id, ann.user.id, ben.user.id];
    const c = await addChore(ann, {
      type: 'group',
      group_id: group.id,
      frequency: 'daily',
      assignment_strategy: 'fixed_rotation',
      rotation_order: order,
    });
    expect(c).toMatchObject({ assignment_strategy: 'fixed_rotation', rotation_order: order });
    expect(c.assignment?.user?.id).toBe(cat.user.id);
    expect(c.next_assignee?.id).toBe(cat.user.id);
    expect(c.next_reason).toMatchObject({ kind: 'next_in_order', after: null, skipped: [] });
    const byId = new Map([ann, ben, cat].map((u) => [u.user.id, u]));
    const seen: number[] = [];
    let now = c;
    for (let i = 0; i < 5; i++) {
      seen.push(now.assignment!.user!.id);
      now = await completeTurn(byId.get(now.assignment!.user!.id)!, now);
    }
    expect(seen).toEqual([...order, ...order].slice(0, 5));
    expect(now.due_date).toBe(addCalendarDays(c.due_date, 5));
    expect(now.next_reason).toMatchObject({ kind: 'next_in_order', after: { id: ann.user.id } });
  });

  it('least done gives the turn to who did this chore least; same person always to one', async () => {
    const { ann, ben, cat, group } = await household();
    const fewest = await addChore(ann, {
      type: 'group',
      group_id: group.id,
      frequency: 'daily',
      assignment_strategy: 'least_done',
    });
    const byId = new Map([ann, ben, cat].map((u) => [u.user.id, u]));
    const counts = new Map<number, number>();
    let now = fewest;
    for (let i = 0; i < 6; i++) {
      const who = now.assignment!.user!.id;
      expect(now.next_reason?.kind).toBe('fewest_done');
      counts.set(who, (counts.get(who) ?? 0) + 1);
      now = await completeTurn(byId.get(who)!, now);
    }
    expect([...counts.values()]).toEqual([2, 2, 2]);

    const mine = await addChore(ann, {
      type: 'group',
      group_id: group.id,
      frequency: 'daily',
      assignment_strategy: 'same_person',
      assignee_id: ben.user.id,
    });
    expect(mine.assignment?.user?.id).toBe(ben.user.id);
    const after = await completeTurn(ben, mine);
    expect(after.assignment?.user?.id).toBe(ben.user.id);
    expect(after.next_reason?.kind).toBe('same_person');
  });

  it('the kept totals match the history: a done turn counts, an undo takes it back', async () => {
    const { ann, ben, group } = await household();
    const c = await addChore(ann, {
      type: 'group',
      group_id: group.id,
      frequency: 'daily',
      effort: 3,
      assignment_strategy: 'least_done',
    });
    let now = c;
    for (let i = 0; i < 3; i++) {
      now = await completeTurn(now.assignment!.user!.id === ann.user.id ? ann : ben, now);
    }
    const undone = await send(ann.auth, 'PATCH', `/chores/assignments/${c.assignment!.id}`, {
      version: (await assignment(ann, c.assignment!.id)).version,
      completed: false,
    });
    expect(undone.statusCode, undone.body).toBe(200);

    const db = t.database.db;
    const fromHistory = await db
      .select({
        userId: choreHistory.subjectUserId,
        effort: sql<number>`sum(${choreHistory.effort})::int`,
        done: sql<number>`(count(*) filter (where ${choreHistory.effort} > 0) - count(*) filter (where ${choreHistory.effort} < 0))::int`,
      })
      .from(choreHistory)
      .where(and(eq(choreHistory.groupId, group.id), sql`${choreHistory.effort} <> 0`))
      .groupBy(choreHistory.subjectUserId);
    const efforts = await db
      .select()
      .from(choreEffortTotals)
      .where(eq(choreEffortTotals.groupId, group.id));
    const done = await db.select().from(choreDoneTotals).where(eq(choreDoneTotals.choreId, c.id));
    expect(fromHistory.length).toBeGreaterThan(0);
    expect(fromHistory.reduce((sum, row) => sum + row.done, 0)).toBe(2);
    for (const row of fromHistory) {
      expect(efforts.find((total) => total.userId === row.userId)?.effort).toBe(row.effort);
      expect(done.find((total) => total.userId === row.userId)?.done).toBe(row.done);
    }
  });

  it('least effort and random but fair hand out turns too; a chore without a strategy stays unassigned', async () => {
    const { ann, ben, cat, group } = await household();
    const byId = new Map([ann, ben, cat].map((u) => [u.user.id, u]));
    const random = await addChore(ann, {
      type: 'group',
      group_id: group.id,
      frequency: 'daily',
      assignment_strategy: 'random_fair',
      fair_window: 3,
    });
    const seen: number[] = [];
    let now = random;
    for (let i = 0; i < 3; i++) {
      seen.push(now.assignment!.user!.id);
      expect(now.next_reason).toMatchObject({ kind: 'random_fair', window: 3 });
      now = await completeTurn(byId.get(now.assignment!.user!.id)!, now);
    }
    expect(new Set(seen).size).toBe(3);

    const effort = await addChore(ben, {
      type: 'group',
      group_id: group.id,
      frequency: 'weekly',
      assignment_strategy: 'least_effort',
    });
    expect(effort.next_reason?.kind).toBe('least_effort');
    expect(effort.assignment?.user?.id).toBe(effort.next_assignee?.id);

    const plain = await addChore(ann, { type: 'group', group_id: group.id, frequency: 'daily' });
    expect(plain).toMatchObject({ assignment_strategy: 'least_effort', assignment: null });
    const done = await send(ann.auth, 'POST', `/chores/${plain.id}/complete`, { version: 1 });
    expect(done.statusCode, done.body).toBe(200);
    expect((await chore(ann, plain.id)).assignment).toBeNull();
  });

  it('a claimable turn has nobody until a member takes it; the next one is open again', async () => {
    const { ann, cat, group } = await household();
    const c = await addChore(ann, {
      type: 'group',
      group_id: group.id,
      frequency: 'weekly',
      assignment_strategy: 'claimable',
    });
    expect(c).toMatchObject({ assignment: null, next_assignee: null });
    expect(c.next_reason?.kind).toBe('claimable');
    const taken = await send(cat.auth, 'POST', `/chores/${c.id}/assignments`, {
      user_id: cat.user.id,
    });
    expect(taken.statusCode, taken.body).toBe(201);
    const claimed = await chore(ann, c.id);
    expect(claimed.next_assignee?.id).toBe(cat.user.id);
    expect(claimed.next_reason?.kind).toBe('assigned');
    const again = await send(ann.auth, 'POST', `/chores/${c.id}/assignments`, {
      user_id: ann.user.id,
    });
    expect(again.statusCode).toBe(409);
    const after = await completeTurn(cat, claimed);
    expect(after).toMatchObject({ assignment: null, next_assignee: null });
  });

  it('an edit changes the strategy and hands out the open turn', async () => {
    const { ann, cat, group } = await household();
    const c = await addChore(ann, { type: 'group', group_id: group.id, frequency: 'weekly' });
    const edited = await send(ann.auth, 'PATCH', `/chores/${c.id}`, {
      version: c.version,
      assignment_strategy: 'same_person',
      assignee_id: cat.user.id,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const body = expectShape(ZChore, edited.json());
    expect(body).toMatchObject({ assignment_strategy: 'same_person', assignee_id: cat.user.id });
    expect(body.assignment?.user?.id).toBe(cat.user.id);
  });

  it('refuses strangers, missing options and strategies on personal chores (422)', async () => {
    const { ann, outsider, group } = await household();
    const base = { name: 'Bins', due_date: '2026-12-01', type: 'group', group_id: group.id };
    expectInvalidField(
      await send(ann.auth, 'POST', '/chores', {
        ...base,
        assignment_strategy: 'fixed_rotation',
        rotation_order: [ann.user.id, outsider.user.id],
      }),
      'rotation_order.1',
    );
    expectInvalidField(
      await send(ann.auth, 'POST', '/chores', {
        ...base,
        assignment_strategy: 'same_person',
        assignee_id: outsider.user.id,
      }),
      'assignee_id',
    );
    expectInvalidField(
      await send(ann.auth, 'POST', '/chores', { ...base, assignment_strategy: 'same_person' }),
      'assignee_id',
    );
    expectInvalidField(
      await send(ann.auth, 'POST', '/chores', {
        ...base,
        assignment_strategy: 'fixed_rotation',
        rotation_order: [],
      }),
      'rotation_order',
    );
    expectInvalidField(
      await send(ann.auth, 'POST', '/chores', { ...base, assignment_strategy: 'teleport' }),
      'assignment_strategy',
    );
    expectInvalidField(
      await send(ann.auth, 'POST', '/chores', {
        name: 'Mine',
        due_date: '2026-12-01',
        assignment_strategy: 'claimable',
      }),
      'assignment_strategy',
    );
    const personal = await addChore(ann);
    expectInvalidField(
      await send(ann.auth, 'PATCH', `/chores/${personal.id}`, {
        version: personal.version,
        assignment_strategy: 'claimable',
      }),
      'assignment_strategy',
    );
    expectInvalidField(
      await send(ann.auth, 'POST', '/chores', {
        ...base,
        assignment_strategy: 'random_fair',
        fair_window: 0,
      }),
      'fair_window',
    );
  });
});
