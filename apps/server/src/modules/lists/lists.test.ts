import {
  LIST_DESCRIPTION_MAX_LENGTH,
  LIST_NAME_MAX_LENGTH,
  LIST_STATUSES_QUERY_MAX_IDS,
  ZActivityPage,
  ZCategory,
  ZImportResult,
  ZItem,
  ZList,
  ZListDetail,
  ZListExport,
  ZListStatus,
  type ActivityEntry,
  type Item,
  type ListDetail,
} from '@household/contracts';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { groupActivity } from '../../db/schema';
import { expectInvalidField, expectProblem, expectShape } from '../../../test/support/assertions';
import {
  addItem,
  addMember,
  buildGroup,
  buildList,
  buildUser,
  type TestGroup,
  type TestUser,
} from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { sender, type Auth, type Method, ISO_INSTANT } from '../../../test/support/requests';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const send = sender(() => t.app);

async function getList(auth: Auth, listId: number): Promise<ListDetail> {
  const response = await send(auth, 'GET', `/lists/${listId}`);
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(ZListDetail, response.json());
}

async function mainPage(auth: Auth, query = '') {
  const response = await send(auth, 'GET', `/lists${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(z.array(ZList), response.json());
}

async function archivedPage(auth: Auth, query = '') {
  const response = await send(auth, 'GET', `/lists/archived${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(z.array(ZList), response.json());
}

async function activityOf(auth: Auth, groupId: number): Promise<ActivityEntry[]> {
  const response = await send(auth, 'GET', `/groups/${groupId}/activity?limit=100`);
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(ZActivityPage, response.json()).items;
}

async function transition(auth: Auth, listId: number, name: string) {
  return send(auth, 'POST', `/lists/${listId}/${name}`);
}

async function mustTransition(auth: Auth, listId: number, name: string) {
  const response = await transition(auth, listId, name);
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(ZListDetail, response.json());
}

async function category(auth: Auth, name: string, groupId?: number) {
  const response = await send(auth, 'POST', '/categories', {
    name,
    ...(groupId ? { group_id: groupId } : {}),
  });
  expect(response.statusCode, response.body).toBe(201);
  return ZCategory.parse(response.json());
}

/** A household: owner, and the members given by name. */
async function buildHousehold(...names: string[]) {
  const owner = await buildUser(t.app, { name: 'Olivia Owner' });
  const group = await buildGroup(t.app, owner, { name: 'Flat 3B', currency: 'CHF' });
  const members: TestUser[] = [];
  for (const name of names) {
    const person = await buildUser(t.app, { name });
    await addMember(t.app, group, person);
    members.push(person);
  }
  return { owner, group, members };
}

const ids = (lists: { id: number }[]) => lists.map((list) => list.id);

describe('creating a list', () => {
  it('answers 201 with a personal list, empty, active, version 1, in exactly the documented shape', async () => {
    const alex = await buildUser(t.app, { name: 'Alex Shopper' });
    const response = await send(alex.auth, 'POST', '/lists', {
      name: '  Weekly shop  ',
      description: 'Saturday market',
    });
    expect(response.statusCode, response.body).toBe(201);
    const list = expectShape(ZListDetail, response.json());
    expect(list).toMatchObject({
      name: 'Weekly shop',
      description: 'Saturday market',
      group: null,
      created_by: { id: alex.user.id, name: 'Alex Shopper', is_guest: false, avatar_url: null },
      status: 'active',
      currency: 'EUR',
      item_count: 0,
      done_count: 0,
      total_cents: 0,
      version: 1,
      items: [],
    });
    expect(list.created_at).toMatch(ISO_INSTANT);
    expect(list.updated_at).toMatch(ISO_INSTANT);
    expect(await getList(alex.auth, list.id)).toEqual(list);
  });

  it('puts a list into a group, in the group currency, for every member to see', async () => {
    const { owner, group, members } = await buildHousehold('Mia Member');
    const list = await buildList(t.app, members[0]!, { name: 'Party', group_id: group.id });
    expect(list).toMatchObject({
      group: { id: group.id, name: 'Flat 3B' },
      currency: 'CHF',
      created_by: { id: members[0]!.user.id },
    });
    expect(await getList(owner.auth, list.id)).toEqual(list);
    expect(ids(await mainPage(owner.auth))).toContain(list.id);
  });

  it('refuses a group the creator is not in with 404 and creates nothing', async () => {
    const { group } = await buildHousehold();
    const stranger = await buildUser(t.app);
    expectProblem(
      await send(stranger.auth, 'POST', '/lists', { name: 'Sneaky', group_id: group.id }),
      404,
      'not_found',
    );
    expect(await mainPage(stranger.auth)).toEqual([]);
  });

  describe('refuses bad input with 400 naming the field, and creates nothing', () => {
    const cases: [string, string, unknown][] = [
      ['a missing name', 'name', {}],
      ['an empty name', 'name', { name: '' }],
      ['a name of spaces', 'name', { name: '   ' }],
      ['a name that is too long', 'name', { name: 'x'.repeat(LIST_NAME_MAX_LENGTH + 1) }],
      ['a name that is a number', 'name', { name: 7 }],
      [
        'a description that is too long',
        'description',
        { name: 'Shop', description: 'x'.repeat(LIST_DESCRIPTION_MAX_LENGTH + 1) },
      ],
      ['a group id that is not a number', 'group_id', { name: 'Shop', group_id: 'flat' }],
    ];
    it.each(cases)('%s', async (_label, path, body) => {
      const alex = await buildUser(t.app);
      expectInvalidField(await send(alex.auth, 'POST', '/lists', body), path);
      expect(await mainPage(alex.auth)).toEqual([]);
    });
  });

  it('accepts a name of exactly the maximum length', async () => {
    const alex = await buildUser(t.app);
    const list = await buildList(t.app, alex, { name: 'x'.repeat(LIST_NAME_MAX_LENGTH) });
    expect(list.name).toHaveLength(LIST_NAME_MAX_LENGTH);
  });
});

describe('the lists page', () => {
  it('shows per list the item count, the done count and the total of the prices', async () => {
    const alex = await buildUser(t.app);
    const full = await buildList(t.app, alex, { name: 'Full' });
    const empty = await buildList(t.app, alex, { name: 'Empty' });
    await addItem(t.app, alex, full.id, { name: 'Milk', price_cents: 199 });
    await addItem(t.app, alex, full.id, { name: 'Bread' });
    const cheese = await addItem(t.app, alex, full.id, { name: 'Cheese', price_cents: 250 });
    const ticked = await send(alex.auth, 'PATCH', `/items/${cheese.id}`, {
      version: cheese.version,
      done: true,
    });
    expect(ticked.statusCode, ticked.body).toBe(200);
    const page = await mainPage(alex.auth);
    expect(page.find((list) => list.id === full.id)).toMatchObject({
      item_count: 3,
      done_count: 1,
      total_cents: 449,
    });
    expect(page.find((list) => list.id === empty.id)).toMatchObject({
      item_count: 0,
      done_count: 0,
      total_cents: 0,
    });
    // The list itself says the same as its card.
    const { items: _items, ...detail } = await getList(alex.auth, full.id);
    expect(page.find((list) => list.id === full.id)).toEqual(detail);
  });

  it('shows my personal lists and those of all my groups, and nobody else’s', async () => {
    const { owner, group, members } = await buildHousehold('Mia Member');
    const mine = await buildList(t.app, owner, { name: 'Mine' });
    const shared = await buildList(t.app, members[0]!, { group_id: group.id });
    const hers = await buildList(t.app, members[0]!, { name: 'Hers' });
    const page = ids(await mainPage(owner.auth));
    expect(page).toEqual(expect.arrayContaining([mine.id, shared.id]));
    expect(page).not.toContain(hers.id);
    expect(ids(await mainPage(owner.auth, `?group_id=${group.id}`))).toEqual([shared.id]);
  });

  it('lists active and completed lists on the main page and archived ones apart', async () => {
    const { owner, group } = await buildHousehold();
    const active = await buildList(t.app, owner, { name: 'Active', group_id: group.id });
    const completed = await buildList(t.app, owner, { name: 'Completed', group_id: group.id });
    const archived = await buildList(t.app, owner, { name: 'Archived', group_id: group.id });
    await mustTransition(owner.auth, completed.id, 'complete');
    await mustTransition(owner.auth, archived.id, 'archive');

    const main = await mainPage(owner.auth, `?group_id=${group.id}`);
    expect(ids(main).sort()).toEqual([active.id, completed.id].sort());
    expect(main.find((list) => list.id === completed.id)?.status).toBe('completed');
    const archivedLists = await archivedPage(owner.auth, `?group_id=${group.id}`);
    expect(ids(archivedLists)).toEqual([archived.id]);
    expect(archivedLists[0]?.status).toBe('archived');

    const groupPage = await send(owner.auth, 'GET', `/groups/${group.id}/lists`);
    expect(groupPage.statusCode, groupPage.body).toBe(200);
    expect(expectShape(z.array(ZList), groupPage.json())).toEqual(main);

    await mustTransition(owner.auth, archived.id, 'unarchive');
    expect(ids(await archivedPage(owner.auth, `?group_id=${group.id}`))).toEqual([]);
    expect(ids(await mainPage(owner.auth, `?group_id=${group.id}`))).toContain(archived.id);
  });
});

describe('renaming and deleting a list', () => {
  it('renames with the version it was based on and moves the version on', async () => {
    const alex = await buildUser(t.app);
    const list = await buildList(t.app, alex, { name: 'Old' });
    const response = await send(alex.auth, 'PATCH', `/lists/${list.id}`, {
      version: list.version,
      name: ' New ',
      description: 'for the weekend',
    });
    expect(response.statusCode, response.body).toBe(200);
    const renamed = expectShape(ZListDetail, response.json());
    expect(renamed).toMatchObject({
      name: 'New',
      description: 'for the weekend',
      version: list.version + 1,
    });
  });

  it('answers a stale version with 409 conflict and keeps the list as it was', async () => {
    const alex = await buildUser(t.app);
    const list = await buildList(t.app, alex, { name: 'Original' });
    await addItem(t.app, alex, list.id);
    const before = await getList(alex.auth, list.id);
    expectProblem(
      await send(alex.auth, 'PATCH', `/lists/${list.id}`, {
        version: list.version,
        name: 'Overwritten',
      }),
      409,
      'conflict',
    );
    expect(await getList(alex.auth, list.id)).toEqual(before);
  });

  it('needs a version and a valid name', async () => {
    const alex = await buildUser(t.app);
    const list = await buildList(t.app, alex);
    expectInvalidField(
      await send(alex.auth, 'PATCH', `/lists/${list.id}`, { name: 'x' }),
      'version',
    );
    expectInvalidField(
      await send(alex.auth, 'PATCH', `/lists/${list.id}`, { version: 1, name: '' }),
      'name',
    );
    expectInvalidField(
      await send(alex.auth, 'PATCH', `/lists/${list.id}`, {
        version: 1,
        name: 'x'.repeat(LIST_NAME_MAX_LENGTH + 1),
      }),
      'name',
    );
  });

  it('deletes a list with its items', async () => {
    const alex = await buildUser(t.app);
    const list = await buildList(t.app, alex);
    const item = await addItem(t.app, alex, list.id);
    const response = await send(alex.auth, 'DELETE', `/lists/${list.id}`);
    expect(response.statusCode, response.body).toBe(204);
    expect(response.body).toBe('');
    expectProblem(await send(alex.auth, 'GET', `/lists/${list.id}`), 404, 'not_found');
    expectProblem(await send(alex.auth, 'GET', `/items/${item.id}`), 404, 'not_found');
    expect(ids(await mainPage(alex.auth))).not.toContain(list.id);
  });
});

describe('the lifecycle (spec §4)', () => {
  it('goes active → completed → active → archived → active, each step moving the version on', async () => {
    const alex = await buildUser(t.app);
    const list = await buildList(t.app, alex);
    let version = list.version;
    for (const [step, status] of [
      ['complete', 'completed'],
      ['reopen', 'active'],
      ['archive', 'archived'],
      ['unarchive', 'active'],
    ] as const) {
      const after = await mustTransition(alex.auth, list.id, step);
      expect(after.status, step).toBe(status);
      expect(after.version, step).toBe(version + 1);
      version = after.version;
    }
  });

  it('archives a completed list', async () => {
    const alex = await buildUser(t.app);
    const list = await buildList(t.app, alex);
    await mustTransition(alex.auth, list.id, 'complete');
    expect((await mustTransition(alex.auth, list.id, 'archive')).status).toBe('archived');
  });

  describe('refuses a transition its state does not allow with 409 conflict, changing nothing', () => {
    const cases: [string, string[], string][] = [
      ['completing a completed list', ['complete'], 'complete'],
      ['completing an archived list', ['archive'], 'complete'],
      ['reopening an active list', [], 'reopen'],
      ['reopening an archived list', ['archive'], 'reopen'],
      ['archiving an archived list', ['archive'], 'archive'],
      ['unarchiving an active list', [], 'unarchive'],
      ['unarchiving a completed list', ['complete'], 'unarchive'],
    ];
    it.each(cases)('%s', async (_label, setup, step) => {
      const alex = await buildUser(t.app);
      const list = await buildList(t.app, alex);
      for (const s of setup) await mustTransition(alex.auth, list.id, s);
      const before = await getList(alex.auth, list.id);
      expectProblem(await transition(alex.auth, list.id, step), 409, 'conflict');
      expect(await getList(alex.auth, list.id)).toEqual(before);
    });
  });

  describe('an archived list is read-only: its items answer 409 list_archived', () => {
    let alex: TestUser;
    let list: ListDetail;
    let item: Item;
    let before: ListDetail;

    beforeAll(async () => {
      alex = await buildUser(t.app);
      list = await buildList(t.app, alex);
      item = await addItem(t.app, alex, list.id, { name: 'Milk' });
      await addItem(t.app, alex, list.id, { name: 'Bread' });
      await mustTransition(alex.auth, list.id, 'archive');
      before = await getList(alex.auth, list.id);
    });

    const attempts: [string, () => [Method, string, unknown?]][] = [
      ['adding an item', () => ['POST', `/lists/${list.id}/items`, { name: 'Eggs' }]],
      [
        'editing an item',
        () => ['PATCH', `/lists/${list.id}/items/${item.id}`, { version: 1, name: 'Oat milk' }],
      ],
      [
        'editing an item by id alone',
        () => ['PATCH', `/items/${item.id}`, { version: 1, quantity: 2 }],
      ],
      ['ticking an item', () => ['PATCH', `/items/${item.id}`, { version: 1, done: true }]],
      ['deleting an item', () => ['DELETE', `/lists/${list.id}/items/${item.id}`]],
      [
        'renaming the list',
        () => ['PATCH', `/lists/${list.id}`, { version: before.version, name: 'Renamed' }],
      ],
      ['deleting an item by id alone', () => ['DELETE', `/items/${item.id}`]],
      [
        'reordering the items',
        () => [
          'PUT',
          `/lists/${list.id}/items/order`,
          { item_ids: [...before.items].reverse().map((i) => i.id) },
        ],
      ],
    ];
    it.each(attempts)('%s', async (_label, request) => {
      const [method, url, body] = request();
      expectProblem(await send(alex.auth, method, url, body), 409, 'list_archived');
      expect(await getList(alex.auth, list.id)).toEqual(before);
    });

    it('becomes editable again once unarchived', async () => {
      const other = await buildUser(t.app);
      const own = await buildList(t.app, other);
      const milk = await addItem(t.app, other, own.id);
      await mustTransition(other.auth, own.id, 'archive');
      await mustTransition(other.auth, own.id, 'unarchive');
      const ticked = await send(other.auth, 'PATCH', `/items/${milk.id}`, {
        version: milk.version,
        done: true,
      });
      expect(ticked.statusCode, ticked.body).toBe(200);
      await addItem(t.app, other, own.id, { name: 'Eggs' });
    });
  });

  it('keeps a completed list editable (a price fixed after the shop, an item ticked late)', async () => {
    const alex = await buildUser(t.app);
    const list = await buildList(t.app, alex);
    const milk = await addItem(t.app, alex, list.id);
    await mustTransition(alex.auth, list.id, 'complete');
    const priced = await send(alex.auth, 'PATCH', `/items/${milk.id}`, {
      version: milk.version,
      price_cents: 129,
      done: true,
    });
    expect(priced.statusCode, priced.body).toBe(200);
    await addItem(t.app, alex, list.id, { name: 'Forgotten' });
    expect(await getList(alex.auth, list.id)).toMatchObject({
      status: 'completed',
      item_count: 2,
      done_count: 1,
      total_cents: 129,
    });
  });
});

describe('duplicating a list', () => {
  it('copies every item undone, without completion data, into the same group, active', async () => {
    const { owner, group, members } = await buildHousehold('Mia Member');
    const veg = await category(owner.auth, 'Veg', group.id);
    const list = await buildList(t.app, owner, {
      name: 'Weekly',
      description: 'usual things',
      group_id: group.id,
    });
    const milk = await addItem(t.app, owner, list.id, {
      name: 'Milk',
      quantity: 2,
      unit: 'l',
      price_cents: 198,
      notes: 'the blue one',
    });
    await addItem(t.app, owner, list.id, { name: 'Carrots', category_id: veg.id });
    const ticked = await send(owner.auth, 'PATCH', `/items/${milk.id}`, {
      version: milk.version,
      done: true,
    });
    expect(ticked.statusCode, ticked.body).toBe(200);
    await mustTransition(owner.auth, list.id, 'complete');
    const source = await getList(owner.auth, list.id);

    const response = await send(members[0]!.auth, 'POST', `/lists/${list.id}/duplicate`);
    expect(response.statusCode, response.body).toBe(201);
    const copy = expectShape(ZListDetail, response.json());
    expect(copy).toMatchObject({
      name: 'Weekly (copy)',
      description: 'usual things',
      group: { id: group.id },
      status: 'active',
      item_count: 2,
      done_count: 0,
      total_cents: 198,
    });
    expect(copy.id).not.toBe(list.id);
    const shape = (item: Item) => ({
      name: item.name,
      quantity: item.quantity,
      unit: item.unit,
      price_cents: item.price_cents,
      category_id: item.category_id,
      notes: item.notes,
      position: item.position,
    });
    expect(copy.items.map(shape)).toEqual(source.items.map(shape));
    for (const item of copy.items) {
      expect(item).toMatchObject({
        list_id: copy.id,
        done: false,
        completed_by: null,
        completed_at: null,
      });
    }
    // The source is left as it was.
    expect(await getList(owner.auth, list.id)).toEqual(source);
  });

  it('takes a given name and keeps a personal list personal', async () => {
    const alex = await buildUser(t.app);
    const list = await buildList(t.app, alex, { name: 'Mine' });
    const response = await send(alex.auth, 'POST', `/lists/${list.id}/duplicate`, {
      name: 'Next week',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(expectShape(ZListDetail, response.json())).toMatchObject({
      name: 'Next week',
      group: null,
      created_by: { id: alex.user.id },
    });
  });

  it('refuses an invalid name with 400', async () => {
    const alex = await buildUser(t.app);
    const list = await buildList(t.app, alex, { name: 'Mine' });
    expectInvalidField(
      await send(alex.auth, 'POST', `/lists/${list.id}/duplicate`, {
        name: 'x'.repeat(LIST_NAME_MAX_LENGTH + 1),
      }),
      'name',
    );
    expect(await mainPage(alex.auth)).toHaveLength(1);
  });
});

describe('sharing and unsharing', () => {
  it('moves my personal list into my group: the members gain it, my categories are cleared', async () => {
    const { owner, group, members } = await buildHousehold('Mia Member');
    const mine = await category(owner.auth, 'My aisle');
    const list = await buildList(t.app, owner, { name: 'Mine' });
    await addItem(t.app, owner, list.id, { name: 'Milk', category_id: mine.id, price_cents: 100 });
    const mia = members[0]!;
    expectProblem(await send(mia.auth, 'GET', `/lists/${list.id}`), 404, 'not_found');

    const response = await send(owner.auth, 'POST', `/lists/${list.id}/share`, {
      group_id: group.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    const shared = expectShape(ZListDetail, response.json());
    expect(shared).toMatchObject({
      group: { id: group.id, name: 'Flat 3B' },
      currency: 'CHF',
      version: list.version + 2,
    });
    expect(shared.items[0]?.category_id).toBeNull();
    expect(await getList(mia.auth, list.id)).toEqual(shared);
    expect(ids(await mainPage(mia.auth))).toContain(list.id);
    expect((await activityOf(owner.auth, group.id))[0]).toMatchObject({
      verb: 'list_shared',
      actor: { id: owner.user.id },
    });
  });

  it('answers a group I am not in with 404, and a list in a group already with 409', async () => {
    const { group } = await buildHousehold();
    const alex = await buildUser(t.app);
    const list = await buildList(t.app, alex);
    expectProblem(
      await send(alex.auth, 'POST', `/lists/${list.id}/share`, { group_id: group.id }),
      404,
      'not_found',
    );
    expect((await getList(alex.auth, list.id)).group).toBeNull();
    const own = await buildGroup(t.app, alex);
    const inGroup = await buildList(t.app, alex, { group_id: own.id });
    expectProblem(
      await send(alex.auth, 'POST', `/lists/${inGroup.id}/share`, { group_id: own.id }),
      409,
      'conflict',
    );
    expectInvalidField(await send(alex.auth, 'POST', `/lists/${list.id}/share`, {}), 'group_id');
  });

  it('makes a group list personal again, for its creator: the others lose it, group categories are cleared', async () => {
    const { owner, group, members } = await buildHousehold('Chris Creator', 'Mia Member');
    const [chris, mia] = members as [TestUser, TestUser];
    const veg = await category(owner.auth, 'Veg', group.id);
    const list = await buildList(t.app, chris, { name: 'Chris list', group_id: group.id });
    await addItem(t.app, mia, list.id, { name: 'Carrots', category_id: veg.id });

    // The group's owner unshares it; it goes back to its creator, not to the owner.
    const response = await send(owner.auth, 'POST', `/lists/${list.id}/unshare`);
    expect(response.statusCode, response.body).toBe(200);
    const personal = expectShape(ZListDetail, response.json());
    expect(personal).toMatchObject({ group: null, created_by: { id: chris.user.id } });
    expect(personal.items[0]?.category_id).toBeNull();
    expect(await getList(chris.auth, list.id)).toEqual(personal);
    for (const other of [owner, mia]) {
      expectProblem(await send(other.auth, 'GET', `/lists/${list.id}`), 404, 'not_found');
      expect(ids(await mainPage(other.auth))).not.toContain(list.id);
    }
    expect((await activityOf(owner.auth, group.id))[0]).toMatchObject({ verb: 'list_unshared' });
  });

  it('lets only the creator or an owner or admin unshare (a member: 403), and not a personal list (409)', async () => {
    const { owner, group, members } = await buildHousehold('Chris Creator', 'Mia Member');
    const [chris, mia] = members as [TestUser, TestUser];
    const list = await buildList(t.app, chris, { group_id: group.id });
    const before = await getList(owner.auth, list.id);
    expectProblem(await send(mia.auth, 'POST', `/lists/${list.id}/unshare`), 403, 'forbidden');
    expect(await getList(owner.auth, list.id)).toEqual(before);
    const unshared = await send(chris.auth, 'POST', `/lists/${list.id}/unshare`);
    expect(unshared.statusCode, unshared.body).toBe(200);
    expectProblem(await send(chris.auth, 'POST', `/lists/${list.id}/unshare`), 409, 'conflict');
  });

  it('leaves a creator’s group lists with the group when they leave it', async () => {
    const { owner, group, members } = await buildHousehold('Chris Creator');
    const chris = members[0]!;
    const list = await buildList(t.app, chris, { group_id: group.id });
    const left = await send(chris.auth, 'POST', `/groups/${group.id}/leave`);
    expect(left.statusCode, left.body).toBe(204);
    expect((await getList(owner.auth, list.id)).group?.id).toBe(group.id);
    expectProblem(await send(chris.auth, 'GET', `/lists/${list.id}`), 404, 'not_found');
  });
});

describe('list statuses, for catching up after a reconnect', () => {
  it('answers status, version, counts and updated_at of each visible list, leaving the others out', async () => {
    const { owner, group, members } = await buildHousehold('Mia Member');
    const shared = await buildList(t.app, owner, { group_id: group.id });
    const mine = await buildList(t.app, owner, { name: 'Mine' });
    const hers = await buildList(t.app, members[0]!, { name: 'Hers' });
    await addItem(t.app, owner, shared.id);
    await mustTransition(owner.auth, mine.id, 'archive');

    const response = await send(
      owner.auth,
      'GET',
      `/lists/statuses?ids=${shared.id}&ids=${mine.id}&ids=${hers.id}&ids=2000000000`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const statuses = expectShape(z.array(ZListStatus), response.json());
    expect(statuses.map((s) => s.id).sort()).toEqual([shared.id, mine.id].sort());
    const sharedNow = await getList(owner.auth, shared.id);
    expect(statuses.find((s) => s.id === shared.id)).toEqual({
      id: shared.id,
      status: 'active',
      version: sharedNow.version,
      item_count: 1,
      done_count: 0,
      updated_at: sharedNow.updated_at,
    });
    expect(statuses.find((s) => s.id === mine.id)?.status).toBe('archived');

    const one = await send(owner.auth, 'GET', `/lists/${shared.id}/status`);
    expect(one.statusCode, one.body).toBe(200);
    expect(expectShape(ZListStatus, one.json())).toEqual(statuses.find((s) => s.id === shared.id));
  });

  it('takes a single id, and moves a list’s version on with every change of its items', async () => {
    const alex = await buildUser(t.app);
    const list = await buildList(t.app, alex);
    const status = async () =>
      z
        .array(ZListStatus)
        .parse((await send(alex.auth, 'GET', `/lists/statuses?ids=${list.id}`)).json())[0]!;
    const v1 = (await status()).version;
    const milk = await addItem(t.app, alex, list.id);
    const v2 = (await status()).version;
    expect(v2).toBeGreaterThan(v1);
    await send(alex.auth, 'PATCH', `/items/${milk.id}`, { version: milk.version, done: true });
    const s3 = await status();
    expect(s3.version).toBeGreaterThan(v2);
    expect(s3.done_count).toBe(1);
  });

  it('refuses no ids, a bad id and too many ids with 400', async () => {
    const alex = await buildUser(t.app);
    expectInvalidField(await send(alex.auth, 'GET', '/lists/statuses'), 'ids');
    expectInvalidField(await send(alex.auth, 'GET', '/lists/statuses?ids=abc'), 'ids.0');
    const tooMany = Array.from(
      { length: LIST_STATUSES_QUERY_MAX_IDS + 1 },
      (_, i) => `ids=${i + 1}`,
    );
    expectInvalidField(await send(alex.auth, 'GET', `/lists/statuses?${tooMany.join('&')}`), 'ids');
    const enough = Array.from({ length: LIST_STATUSES_QUERY_MAX_IDS }, (_, i) => `ids=${i + 1}`);
    expect((await send(alex.auth, 'GET', `/lists/statuses?${enough.join('&')}`)).statusCode).toBe(
      200,
    );
  });
});

describe('export and import', () => {
  /** A list with every kind of field set, in a group with its categories. */
  async function richList() {
    const { owner, group, members } = await buildHousehold('Mia Member');
    const veg = await category(owner.auth, 'Veg', group.id);
    const dairy = await category(owner.auth, 'Dairy, cold', group.id);
    const list = await buildList(t.app, owner, {
      name: 'Big "shop"; Saturday',
      description: 'market, then the bakery',
      group_id: group.id,
    });
    await addItem(t.app, owner, list.id, {
      name: 'Milk, "fresh"',
      quantity: 2,
      unit: 'l',
      price_cents: 198,
      category_id: dairy.id,
      notes: 'line one\nline two',
    });
    await addItem(t.app, owner, list.id, { name: 'Flour', quantity: 0.5, unit: 'kg' });
    const carrots = await addItem(t.app, owner, list.id, {
      name: 'Carrots',
      price_cents: 0,
      category_id: veg.id,
    });
    const ticked = await send(owner.auth, 'PATCH', `/items/${carrots.id}`, {
      version: carrots.version,
      done: true,
    });
    expect(ticked.statusCode, ticked.body).toBe(200);
    return { owner, group, members, list: await getList(owner.auth, list.id) };
  }

  /** An item as export and import see it: categories by name. */
  async function portable(auth: Auth, list: ListDetail) {
    const names = new Map<number, string>();
    const query = list.group ? `?group_id=${list.group.id}` : '';
    const response = await send(auth, 'GET', `/categories${query}`);
    for (const c of z.array(ZCategory).parse(response.json())) names.set(c.id, c.name);
    return list.items.map((item) => ({
      name: item.name,
      quantity: item.quantity,
      unit: item.unit,
      price_cents: item.price_cents,
      category: item.category_id === null ? null : (names.get(item.category_id) ?? '?'),
      notes: item.notes,
      done: item.done,
    }));
  }

  it('exports JSON as a download that keeps everything needed to rebuild the list', async () => {
    const { owner, list } = await richList();
    const response = await send(owner.auth, 'GET', `/lists/${list.id}/export?format=json`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".+\.json"/);
    const exported = expectShape(ZListExport, response.json());
    expect(exported).toMatchObject({
      format: 'household-list',
      version: 1,
      name: list.name,
      description: list.description,
      currency: 'CHF',
    });
    expect(exported.items).toEqual(await portable(owner.auth, list));
    // JSON is the default format.
    const byDefault = await send(owner.auth, 'GET', `/lists/${list.id}/export`);
    expect(byDefault.json()).toEqual(exported);
  });

  it('gives the same list back when a JSON export is imported, by someone else, elsewhere', async () => {
    const { owner, list } = await richList();
    const exported = await send(owner.auth, 'GET', `/lists/${list.id}/export?format=json`);
    const bob = await buildUser(t.app);
    const response = await send(bob.auth, 'POST', '/lists/import', {
      format: 'json',
      content: exported.body,
    });
    expect(response.statusCode, response.body).toBe(201);
    const result = expectShape(ZImportResult, response.json());
    expect(result).toMatchObject({ imported: 3, skipped: [] });
    expect(result.list).toMatchObject({
      name: list.name,
      description: list.description,
      group: null,
      status: 'active',
      item_count: 3,
      done_count: 1,
      total_cents: list.total_cents,
    });
    expect(await getList(bob.auth, result.list.id)).toEqual(result.list);
    // Categories travel by name: Bob gets categories of those names.
    expect(await portable(bob.auth, result.list)).toEqual(await portable(owner.auth, list));
  });

  it('gives the same list back when imported into the same group, reusing its categories', async () => {
    const { owner, group, list } = await richList();
    const exported = await send(owner.auth, 'GET', `/lists/${list.id}/export`);
    const before = z
      .array(ZCategory)
      .parse((await send(owner.auth, 'GET', `/categories?group_id=${group.id}`)).json());
    const response = await send(owner.auth, 'POST', '/lists/import', {
      format: 'json',
      content: exported.body,
      group_id: group.id,
      name: 'Again',
    });
    expect(response.statusCode, response.body).toBe(201);
    const result = ZImportResult.parse(response.json());
    expect(result.list).toMatchObject({ name: 'Again', group: { id: group.id } });
    expect(result.list.items.map((i) => i.category_id)).toEqual(
      list.items.map((i) => i.category_id),
    );
    const after = z
      .array(ZCategory)
      .parse((await send(owner.auth, 'GET', `/categories?group_id=${group.id}`)).json());
    expect(after).toEqual(before);
  });

  it('exports CSV with the documented columns, and importing it gives the same list', async () => {
    const { owner, list } = await richList();
    const response = await send(owner.auth, 'GET', `/lists/${list.id}/export?format=csv`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".+\.csv"/);
    expect(response.body.split(/\r?\n/)[0]).toBe(
      'name,quantity,unit,price_cents,category,notes,done',
    );
    const bob = await buildUser(t.app);
    const imported = await send(bob.auth, 'POST', '/lists/import', {
      format: 'csv',
      content: response.body,
      name: 'From CSV',
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const result = expectShape(ZImportResult, imported.json());
    expect(result).toMatchObject({ imported: 3, skipped: [] });
    expect(result.list.name).toBe('From CSV');
    expect(await portable(bob.auth, result.list)).toEqual(await portable(owner.auth, list));
  });

  it('reads plain text one item per line, stripping bullets and boxes, and says what it skipped', async () => {
    const alex = await buildUser(t.app);
    const content = [
      '- [x] 2 x Milk',
      '',
      '* 500 g flour',
      'Bread 1,99',
      '[ ] ',
      'x'.repeat(201),
      '• Eggs',
    ].join('\n');
    const response = await send(alex.auth, 'POST', '/lists/import', { format: 'text', content });
    expect(response.statusCode, response.body).toBe(201);
    const result = expectShape(ZImportResult, response.json());
    expect(result.imported).toBe(4);
    expect(result.list.name).toBe('Imported list');
    expect(
      result.list.items.map((i) => ({
        name: i.name,
        quantity: i.quantity,
        unit: i.unit,
        price_cents: i.price_cents,
        done: i.done,
      })),
    ).toEqual([
      { name: 'Milk', quantity: 2, unit: null, price_cents: null, done: true },
      { name: 'flour', quantity: 500, unit: 'g', price_cents: null, done: false },
      { name: 'Bread', quantity: 1, unit: null, price_cents: 199, done: false },
      { name: 'Eggs', quantity: 1, unit: null, price_cents: null, done: false },
    ]);
    expect(result.skipped).toEqual([
      { line: 5, text: '[ ] ', reason: expect.any(String) },
      { line: 6, text: 'x'.repeat(201), reason: expect.any(String) },
    ]);
    expect(result.skipped[0]!.reason).not.toBe(result.skipped[1]!.reason);
    expect(result.list.items.find((i) => i.done)?.completed_by?.id).toBe(alex.user.id);
  });

  describe('refuses bad imports with 400 naming the field, and creates nothing', () => {
    const cases: [string, string, unknown][] = [
      ['JSON that does not parse', 'content', { format: 'json', content: '{"format": ' }],
      ['JSON that is not a list export', 'content', { format: 'json', content: '{"a": 1}' }],
      ['an unknown format', 'format', { format: 'xml', content: '<list/>' }],
      ['no content', 'content', { format: 'text' }],
      [
        'a name that is too long',
        'name',
        { format: 'text', content: 'Milk', name: 'x'.repeat(101) },
      ],
    ];
    it.each(cases)('%s', async (_label, path, body) => {
      const alex = await buildUser(t.app);
      expectInvalidField(await send(alex.auth, 'POST', '/lists/import', body), path);
      expect(await mainPage(alex.auth)).toEqual([]);
    });
  });

  it('refuses an import into a group I am not in with 404', async () => {
    const { group } = await buildHousehold();
    const alex = await buildUser(t.app);
    expectProblem(
      await send(alex.auth, 'POST', '/lists/import', {
        format: 'text',
        content: 'Milk',
        group_id: group.id,
      }),
      404,
      'not_found',
    );
    expect(await mainPage(alex.auth)).toEqual([]);
  });
});

describe('the activity log', () => {
  it('records every change of a group list and its items, one entry each, with the actor', async () => {
    const { owner, group, members } = await buildHousehold('Mia Member');
    const mia = members[0]!;
    const start = (await activityOf(owner.auth, group.id)).length;
    const list = await buildList(t.app, mia, { name: 'Logged', group_id: group.id });
    const milk = await addItem(t.app, mia, list.id, { name: 'Milk' });
    const bread = await addItem(t.app, owner, list.id, { name: 'Bread' });
    const steps: [Method, string, unknown?][] = [
      ['PATCH', `/items/${milk.id}`, { version: 1, quantity: 2 }],
      ['PATCH', `/items/${milk.id}`, { version: 2, done: true }],
      ['PATCH', `/items/${milk.id}`, { version: 3, done: false }],
      ['PUT', `/lists/${list.id}/items/order`, { item_ids: [bread.id, milk.id] }],
      ['DELETE', `/items/${bread.id}`],
      ['POST', `/lists/${list.id}/complete`],
      ['POST', `/lists/${list.id}/reopen`],
      ['POST', `/lists/${list.id}/archive`],
      ['POST', `/lists/${list.id}/unarchive`],
    ];
    for (const [method, url, body] of steps) {
      const response = await send(mia.auth, method, url, body);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    }
    const current = await getList(mia.auth, list.id);
    const renamed = await send(mia.auth, 'PATCH', `/lists/${list.id}`, {
      version: current.version,
      name: 'Relogged',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const copy = await send(mia.auth, 'POST', `/lists/${list.id}/duplicate`);
    expect(copy.statusCode, copy.body).toBe(201);

    const entries = (await activityOf(owner.auth, group.id))
      .slice(0, -start || undefined)
      .reverse();
    expect(entries.map((e) => e.verb)).toEqual([
      'list_created',
      'item_added',
      'item_added',
      'item_updated',
      'item_checked',
      'item_unchecked',
      'items_reordered',
      'item_deleted',
      'list_completed',
      'list_reopened',
      'list_archived',
      'list_unarchived',
      'list_updated',
      'list_duplicated',
    ]);
    expect(entries.map((e) => e.actor?.id)).toEqual([
      mia.user.id,
      mia.user.id,
      owner.user.id,
      ...Array<number>(11).fill(mia.user.id),
    ]);
    expect(entries[0]?.details).toMatchObject({ list_id: list.id });
    expect(entries[1]?.details).toMatchObject({ list_id: list.id, item_id: milk.id });

    const deleted = await send(owner.auth, 'DELETE', `/lists/${list.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await activityOf(owner.auth, group.id))[0]).toMatchObject({
      verb: 'list_deleted',
      actor: { id: owner.user.id },
    });
  });

  it('writes nothing for changes of personal lists', async () => {
    const { owner } = await buildHousehold();
    const countAll = async () =>
      (await t.database.db.select({ n: count() }).from(groupActivity))[0]!.n;
    const before = await countAll();
    const list = await buildList(t.app, owner, { name: 'Private' });
    const milk = await addItem(t.app, owner, list.id);
    await send(owner.auth, 'PATCH', `/items/${milk.id}`, { version: milk.version, done: true });
    await mustTransition(owner.auth, list.id, 'complete');
    await send(owner.auth, 'POST', `/lists/${list.id}/duplicate`);
    await send(owner.auth, 'DELETE', `/lists/${list.id}`);
    expect(await countAll()).toBe(before);
    const mentions = await t.database.db
      .select({ n: count() })
      .from(groupActivity)
      .where(sql`${groupActivity.details}->>'list_id' = ${String(list.id)}`);
    expect(mentions[0]!.n).toBe(0);
  });

  it('writes no entry for a change that fails (stale version, wrong transition, archived list)', async () => {
    const { owner, group } = await buildHousehold();
    const list = await buildList(t.app, owner, { group_id: group.id });
    const milk = await addItem(t.app, owner, list.id);
    const ok = await send(owner.auth, 'PATCH', `/items/${milk.id}`, { version: 1, quantity: 3 });
    expect(ok.statusCode, ok.body).toBe(200);
    const before = await activityOf(owner.auth, group.id);
    expectProblem(
      await send(owner.auth, 'PATCH', `/items/${milk.id}`, { version: 1, quantity: 4 }),
      409,
      'conflict',
    );
    expectProblem(
      await send(owner.auth, 'PATCH', `/lists/${list.id}`, { version: 1, name: 'Stale' }),
      409,
      'conflict',
    );
    expectProblem(await transition(owner.auth, list.id, 'reopen'), 409, 'conflict');
    await mustTransition(owner.auth, list.id, 'archive');
    const archived = await activityOf(owner.auth, group.id);
    expect(archived).toHaveLength(before.length + 1);
    expectProblem(
      await send(owner.auth, 'POST', `/lists/${list.id}/items`, { name: 'Late' }),
      409,
      'list_archived',
    );
    expect(await activityOf(owner.auth, group.id)).toEqual(archived);
  });
});

describe('item input is checked', () => {
  it.each([
    ['a missing name', 'name', {}],
    ['an empty name', 'name', { name: '  ' }],
    ['a name that is too long', 'name', { name: 'x'.repeat(201) }],
    ['a quantity of 0', 'quantity', { name: 'Milk', quantity: 0 }],
    ['a negative quantity', 'quantity', { name: 'Milk', quantity: -1 }],
    ['a quantity that is text', 'quantity', { name: 'Milk', quantity: 'two' }],
    ['a quantity that is too big', 'quantity', { name: 'Milk', quantity: 100_001 }],
    ['a negative price', 'price_cents', { name: 'Milk', price_cents: -1 }],
    ['a price with a fraction of a cent', 'price_cents', { name: 'Milk', price_cents: 1.5 }],
    ['a price that is too big', 'price_cents', { name: 'Milk', price_cents: 100_000_001 }],
    ['a unit that is too long', 'unit', { name: 'Milk', unit: 'x'.repeat(21) }],
  ])('refuses %s with 400 naming the field', async (_label, path, body) => {
    const alex = await buildUser(t.app);
    const list = await buildList(t.app, alex);
    const response = await send(alex.auth, 'POST', `/lists/${list.id}/items`, body);
    expectInvalidField(response, path);
    expect((await getList(alex.auth, list.id)).items).toEqual([]);
  });

  it('says "Please enter an item name" for a missing name', async () => {
    const alex = await buildUser(t.app);
    const list = await buildList(t.app, alex);
    const body = expectProblem(
      await send(alex.auth, 'POST', `/lists/${list.id}/items`, { name: '' }),
      400,
      'validation_failed',
    );
    expect(body.errors).toEqual([
      expect.objectContaining({ path: 'name', message: 'Please enter an item name' }),
    ]);
  });

  it('refuses a category that does not belong to the list with 400 category_id', async () => {
    const { owner, group } = await buildHousehold();
    const stranger = await buildUser(t.app);
    const strangers = await category(stranger.auth, 'Not yours');
    const groupCategory = await category(owner.auth, 'Group aisle', group.id);
    const myCategory = await category(owner.auth, 'My aisle');
    const personal = await buildList(t.app, owner);
    const shared = await buildList(t.app, owner, { group_id: group.id });
    const milk = await addItem(t.app, owner, shared.id);
    for (const [listId, categoryId] of [
      [personal.id, strangers.id],
      [personal.id, groupCategory.id],
      [shared.id, myCategory.id],
      [shared.id, 2_000_000_000],
    ] as const) {
      expectInvalidField(
        await send(owner.auth, 'POST', `/lists/${listId}/items`, {
          name: 'Milk',
          category_id: categoryId,
        }),
        'category_id',
      );
    }
    expectInvalidField(
      await send(owner.auth, 'PATCH', `/items/${milk.id}`, {
        version: milk.version,
        category_id: myCategory.id,
      }),
      'category_id',
    );
    expect((await getList(owner.auth, personal.id)).items).toEqual([]);
    expect((await getList(owner.auth, shared.id)).items).toEqual([milk]);
    // The right ones are taken.
    await addItem(t.app, owner, personal.id, { category_id: myCategory.id });
    await addItem(t.app, owner, shared.id, { category_id: groupCategory.id });
  });

  it('keeps an item read through the list equal to the item read alone', async () => {
    const alex = await buildUser(t.app);
    const list = await buildList(t.app, alex);
    const milk = await addItem(t.app, alex, list.id, { name: 'Milk', price_cents: 99 });
    const items = await send(alex.auth, 'GET', `/lists/${list.id}/items`);
    expect(items.statusCode, items.body).toBe(200);
    expect(expectShape(z.array(ZItem), items.json())).toEqual([milk]);
    expect((await getList(alex.auth, list.id)).items).toEqual([milk]);
  });
});

describe('who the group list belongs to', () => {
  let household: { owner: TestUser; group: TestGroup; members: TestUser[] };
  beforeAll(async () => {
    household = await buildHousehold('Mia Member');
  });

  it('lets every member rename, complete and archive a list a member created', async () => {
    const { owner, group, members } = household;
    const list = await buildList(t.app, members[0]!, { group_id: group.id });
    const renamed = await send(owner.auth, 'PATCH', `/lists/${list.id}`, {
      version: list.version,
      name: 'Owner renamed',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await mustTransition(owner.auth, list.id, 'complete');
    await mustTransition(members[0]!.auth, list.id, 'archive');
  });
});
