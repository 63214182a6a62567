import { ZCostSummary, type CostSummary } from '@household/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { expectProblem } from '../../../test/support/assertions';
import {
  addItem,
  addMember,
  buildGroup,
  buildList,
  buildUser,
  DEFAULT_PASSWORD,
  type TestUser,
} from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

// docs/lists.md "Costs" (spec §3 cost summary).

type Auth = { authorization: string };

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function expectShape<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.parse(body);
  expect(parsed).toEqual(body);
  return parsed;
}

async function summaryOf(auth: Auth, listId: number): Promise<CostSummary> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/costs/lists/${listId}/cost-summary`,
    headers: auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(ZCostSummary, response.json());
}

/** The invariants every summary keeps, whatever the list. */
function expectBalanced(summary: CostSummary) {
  const sum = (pick: (p: CostSummary['participants'][number]) => number) =>
    summary.participants.reduce((total, p) => total + pick(p), 0);
  expect(sum((p) => p.amount_due_cents)).toBe(summary.total_cents);
  expect(sum((p) => p.items_added_cents)).toBe(summary.total_cents);
  expect(sum((p) => p.balance_cents)).toBe(0);
  for (const p of summary.participants) {
    expect(p.balance_cents).toBe(p.items_added_cents - p.amount_due_cents);
    expect(p.amount_due_cents - summary.equal_share_cents).toBeGreaterThanOrEqual(0);
    expect(p.amount_due_cents - summary.equal_share_cents).toBeLessThanOrEqual(1);
  }
}

/** Three people in ascending order of user id: the order the remainder cents follow. */
async function household(...extra: string[]) {
  const people: TestUser[] = [];
  for (const name of ['Ann', 'Ben', 'Cat', ...extra]) people.push(await buildUser(t.app, { name }));
  const [ann] = people as [TestUser];
  const group = await buildGroup(t.app, ann, { name: 'Costs flat', currency: 'GBP' });
  return { people, group };
}

describe('the cost summary of a list', () => {
  it('splits the total equally among the members, remainder cents to the lowest user ids first', async () => {
    const { people, group } = await household();
    const [ann, ben, cat] = people as [TestUser, TestUser, TestUser];
    // Joined in the reverse order of their ids: the order of joining must not matter.
    await addMember(t.app, group, cat);
    await addMember(t.app, group, ben);
    const list = await buildList(t.app, ben, { group_id: group.id });
    await addItem(t.app, ann, list.id, { name: 'Wine', price_cents: 1000 });
    await addItem(t.app, ben, list.id, { name: 'Gum', price_cents: 1 });
    await addItem(t.app, ben, list.id, { name: 'Free sample', price_cents: 0 });
    await addItem(t.app, cat, list.id, { name: 'Bread (price not known yet)' });

    const summary = await summaryOf(cat.auth, list.id);
    expect(summary).toEqual({
      list_id: list.id,
      currency: 'GBP',
      total_cents: 1001,
      equal_share_cents: 333,
      participants: [
        {
          user: { id: ann.user.id, name: 'Ann', avatar_url: null, is_guest: false },
          items_added_cents: 1000,
          amount_due_cents: 334,
          balance_cents: 666,
        },
        {
          user: { id: ben.user.id, name: 'Ben', avatar_url: null, is_guest: false },
          items_added_cents: 1,
          amount_due_cents: 334,
          balance_cents: -333,
        },
        {
          user: { id: cat.user.id, name: 'Cat', avatar_url: null, is_guest: false },
          items_added_cents: 0,
          amount_due_cents: 333,
          balance_cents: -333,
        },
      ],
    });
    expectBalanced(summary);
    // The same figures for every member.
    expect(await summaryOf(ann.auth, list.id)).toEqual(summary);
  });

  it('answers zeros for a list without prices, every member a participant', async () => {
    const { people, group } = await household();
    await addMember(t.app, group, people[1]!);
    const list = await buildList(t.app, people[0]!, { group_id: group.id });
    await addItem(t.app, people[1]!, list.id, { name: 'Milk' });
    const summary = await summaryOf(people[0]!.auth, list.id);
    expect(summary).toMatchObject({ total_cents: 0, equal_share_cents: 0 });
    expect(summary.participants.map((p) => p.user?.id)).toEqual([
      people[0]!.user.id,
      people[1]!.user.id,
    ]);
    expectBalanced(summary);
  });

  it('has one participant for a personal list: its owner, who owes the total', async () => {
    const alex = await buildUser(t.app, { name: 'Alex' });
    const list = await buildList(t.app, alex);
    await addItem(t.app, alex, list.id, { price_cents: 250 });
    await addItem(t.app, alex, list.id, { price_cents: 199 });
    const summary = await summaryOf(alex.auth, list.id);
    expect(summary).toEqual({
      list_id: list.id,
      currency: 'EUR',
      total_cents: 449,
      equal_share_cents: 449,
      participants: [
        {
          user: { id: alex.user.id, name: 'Alex', avatar_url: null, is_guest: false },
          items_added_cents: 449,
          amount_due_cents: 449,
          balance_cents: 0,
        },
      ],
    });
  });

  it('keeps a member who left but added a priced item, after the members', async () => {
    // Leo has the lowest id of all, yet comes after the members: he is no longer one.
    const leo = await buildUser(t.app, { name: 'Leo Leaver' });
    const { people, group } = await household();
    const [ann, ben] = people as [TestUser, TestUser];
    await addMember(t.app, group, ben);
    await addMember(t.app, group, leo);
    const list = await buildList(t.app, ann, { group_id: group.id });
    await addItem(t.app, leo, list.id, { name: 'Cake', price_cents: 500 });
    await addItem(t.app, ann, list.id, { name: 'Tea', price_cents: 101 });
    const left = await t.app.inject({
      method: 'POST',
      url: `/api/v1/groups/${group.id}/leave`,
      headers: leo.auth,
    });
    expect(left.statusCode, left.body).toBe(204);

    const summary = await summaryOf(ann.auth, list.id);
    expect(summary.participants.map((p) => p.user?.id)).toEqual([
      ann.user.id,
      ben.user.id,
      leo.user.id,
    ]);
    expect(summary).toMatchObject({ total_cents: 601, equal_share_cents: 200 });
    expect(summary.participants.map((p) => p.amount_due_cents)).toEqual([201, 200, 200]);
    expect(summary.participants[2]).toMatchObject({ items_added_cents: 500, balance_cents: 300 });
    expectBalanced(summary);
  });

  it('counts the items of a deleted account under user null ("Deleted user")', async () => {
    const { people, group } = await household('Dan Deleted');
    const [ann, ben, , dan] = people as [TestUser, TestUser, TestUser, TestUser];
    await addMember(t.app, group, ben);
    await addMember(t.app, group, dan);
    const list = await buildList(t.app, ann, { group_id: group.id });
    await addItem(t.app, dan, list.id, { name: 'Beer', price_cents: 300 });
    await addItem(t.app, ben, list.id, { name: 'Crisps', price_cents: 100 });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/me',
      headers: dan.auth,
      payload: { password: DEFAULT_PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);

    const summary = await summaryOf(ann.auth, list.id);
    expect(summary.participants.map((p) => p.user?.id ?? null)).toEqual([
      ann.user.id,
      ben.user.id,
      null,
    ]);
    expect(summary).toMatchObject({ total_cents: 400, equal_share_cents: 133 });
    expect(summary.participants[2]).toMatchObject({
      user: null,
      items_added_cents: 300,
      amount_due_cents: 133,
      balance_cents: 167,
    });
    expect(summary.participants.map((p) => p.amount_due_cents)).toEqual([134, 133, 133]);
    expectBalanced(summary);
  });

  it('answers 404 for a list the caller cannot see and for one that does not exist', async () => {
    const alex = await buildUser(t.app);
    const bea = await buildUser(t.app);
    const list = await buildList(t.app, alex);
    const get = (auth: Auth, id: number) =>
      t.app.inject({ method: 'GET', url: `/api/v1/costs/lists/${id}/cost-summary`, headers: auth });
    expectProblem(await get(bea.auth, list.id), 404, 'not_found');
    expectProblem(await get(alex.auth, 2_000_000_000), 404, 'not_found');
  });
});
