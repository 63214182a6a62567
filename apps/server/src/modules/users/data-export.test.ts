import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, expectShape } from '../../../test/support/assertions';
import {
  addItem,
  addMember,
  buildGroup,
  buildList,
  buildUser,
  type TestUser,
} from '../../../test/support/factories';
import { sender } from '../../../test/support/requests';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { choreHelpers } from '../../../test/support/chores';
import { ZFullDataExport, type FullDataExport } from './data-export';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const send = sender(() => t.app);
const { addChore, assign } = choreHelpers(() => t.app);

async function exportOf(user: TestUser) {
  const response = await send(user.auth, 'GET', '/users/me/export');
  expect(response.statusCode, response.body).toBe(200);
  return { response, data: expectShape(ZFullDataExport, response.json()) };
}

async function created(user: TestUser, url: string, body: object) {
  const response = await send(user.auth, 'POST', url, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>();
}

/** Ann and Ben share a flat; Olga lives elsewhere, with her own group, list, expense and chore. */
async function twoHouseholds() {
  const ann = await buildUser(t.app, { name: 'Ann' });
  const ben = await buildUser(t.app, { name: 'Ben' });
  const olga = await buildUser(t.app, { name: 'Olga' });
  const flat = await buildGroup(t.app, ann, { name: 'Flat' });
  await addMember(t.app, flat, ben);
  const elsewhere = await buildGroup(t.app, olga, { name: 'Elsewhere' });

  const shared = await buildList(t.app, ben, { name: 'Flat shop', group_id: flat.id });
  const oats = await addItem(t.app, ben, shared.id, { name: 'Oats' });
  const personal = await buildList(t.app, ann, { name: 'Ann private' });
  const socks = await addItem(t.app, ann, personal.id, { name: 'Socks' });
  const olgaList = await buildList(t.app, olga, { name: 'Olga shop', group_id: elsewhere.id });
  await addItem(t.app, olga, olgaList.id, { name: 'Olga item' });

  const dinner = await created(ben, '/expenses', {
    group_id: flat.id,
    description: 'Dinner',
    amount_cents: 3000,
    date: '2026-11-20',
    split: { type: 'equal', participants: [ann.user.id, ben.user.id] },
  });
  const settlement = await created(ann, '/settlements', {
    group_id: flat.id,
    to_id: ben.user.id,
    amount_cents: 500,
  });
  await created(olga, '/expenses', {
    group_id: elsewhere.id,
    description: 'Olga rent',
    amount_cents: 9000,
    date: '2026-11-20',
    split: { type: 'equal', participants: [olga.user.id] },
  });

  const dishes = await addChore(ann, { name: 'Dishes', type: 'group', group_id: flat.id });
  const assignment = await assign(ann, dishes, ann);
  const entry = await created(ann, `/chores/assignments/${assignment.id}/time-entries`, {
    minutes: 15,
  });
  await addChore(olga, { name: 'Olga chore', type: 'group', group_id: elsewhere.id });

  return {
    ann,
    ben,
    olga,
    flat,
    shared,
    oats,
    personal,
    socks,
    dinner,
    settlement,
    dishes,
    assignment,
    entry,
  };
}

describe('GET /users/me/export', () => {
  it('needs a signed-in caller', async () => {
    expectProblem(await send(undefined, 'GET', '/users/me/export'), 401, 'unauthenticated');
  });

  it('is a JSON file to download, named with the day', async () => {
    const ann = await buildUser(t.app);
    const { response, data } = await exportOf(ann);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="household-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    expect(data.format).toBe('household-data-export');
    expect(data.profile).toMatchObject({ id: ann.user.id, email: ann.email });
  });

  it('holds the user’s lists, items, expenses, settlements, chores and history, and nothing of another household', async () => {
    const seeded = await twoHouseholds();
    const { response, data } = await exportOf(seeded.ann);

    expect(data.groups.map((group) => group.name)).toEqual(['Flat']);
    expect(data.groups[0]!.members.map((member) => member.name).sort()).toEqual(['Ann', 'Ben']);
    expect(data.groups[0]!.my_role).toBe('owner');

    const listNames = data.lists.map((list) => list.name).sort();
    expect(listNames).toEqual(['Ann private', 'Flat shop']);
    const itemsOf = (name: string) =>
      data.lists.find((list) => list.name === name)!.items.map((item) => item.name);
    expect(itemsOf('Flat shop')).toEqual(['Oats']);
    expect(itemsOf('Ann private')).toEqual(['Socks']);

    expect(data.expenses.map((expense) => expense.description)).toEqual(['Dinner']);
    expect(data.expenses[0]!.splits.map((split) => split.user_id).sort()).toEqual(
      [seeded.ann.user.id, seeded.ben.user.id].sort(),
    );
    expect(data.settlements.map((settlement) => settlement.id)).toEqual([seeded.settlement.id]);

    expect(data.chores.map((chore) => chore.name)).toEqual(['Dishes']);
    expect(data.assignments.map((assignment) => assignment.id)).toEqual([seeded.assignment.id]);
    expect(data.time_entries).toMatchObject([{ id: seeded.entry.id, minutes: 15 }]);
    expect(
      data.activity.some((entry) => entry.source === 'chore' && entry.chore_name === 'Dishes'),
    ).toBe(true);
    expect(data.activity.some((entry) => entry.source === 'group')).toBe(true);

    // Nothing of Olga's household, and no secret of anyone's.
    const text = response.body;
    for (const foreign of ['Olga shop', 'Olga item', 'Olga rent', 'Olga chore', 'Elsewhere']) {
      expect(text).not.toContain(foreign);
    }
    expect(text).not.toContain(seeded.olga.email);
    expect(text).not.toContain(seeded.ben.email);
    expect(text).not.toMatch(/argon2|password_hash|token_hash|refresh_token/i);
  });

  it('gives the other member the shared things and not the first one’s personal list', async () => {
    const seeded = await twoHouseholds();
    const { data } = await exportOf(seeded.ben);
    expect(data.lists.map((list) => list.name)).toEqual(['Flat shop']);
    expect(data.expenses.map((expense) => expense.id)).toEqual([seeded.dinner.id]);
    expect(data.time_entries).toEqual([]);
  });

  it('holds the ticks of the user’s own trips and of their groups’, and none of another household', async () => {
    const seeded = await twoHouseholds();
    const tick = async (by: TestUser, item: { id: number; version: number }, inShop: boolean) => {
      const response = await send(by.auth, 'PATCH', `/items/${item.id}`, {
        version: item.version,
        done: true,
        in_shop: inShop,
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await tick(seeded.ben, seeded.oats, true);
    await tick(seeded.ann, seeded.socks, false);
    const olgaList = await buildList(t.app, seeded.olga, { name: 'Olga corner shop' });
    await tick(
      seeded.olga,
      await addItem(t.app, seeded.olga, olgaList.id, { name: 'Olga tea' }),
      true,
    );

    const { data, response } = await exportOf(seeded.ann);
    expect(data.shop_ticks).toMatchObject([
      {
        group_id: seeded.flat.id,
        list_id: seeded.shared.id,
        shop: '',
        item_name: 'Oats',
        in_shop: true,
        ticked_by: seeded.ben.user.id,
      },
      { group_id: null, list_id: seeded.personal.id, item_name: 'Socks', in_shop: false },
    ]);
    expect(response.body).not.toContain('Olga tea');
    const { data: ben } = await exportOf(seeded.ben);
    expect(ben.shop_ticks.map((row) => row.item_name)).toEqual(['Oats']);
  });

  it('includes the user’s photo jobs and notifications sections even when empty', async () => {
    const ann = await buildUser(t.app);
    const { data }: { data: FullDataExport } = await exportOf(ann);
    expect(data.ocr_jobs).toEqual([]);
    expect(Array.isArray(data.notifications)).toBe(true);
  });
});
