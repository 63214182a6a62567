import {
  ITEMS_PER_LIST_MAX,
  ZItem,
  ZListDetail,
  type Item,
  type Problem,
} from '@household/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { items } from '../../db/schema';
import { expectInvalidField, expectProblem } from '../../../test/support/assertions';
import {
  addItem,
  addMember,
  buildGroup,
  buildList,
  buildUser,
  type TestUser,
} from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { sender, type Auth, ISO_INSTANT } from '../../../test/support/requests';

let t: TestApp;
let alex: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  alex = await buildUser(t.app, { name: 'Alex Shopper' });
});
afterAll(() => t.close());

const send = sender(() => t.app);

function expectShape<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.parse(body);
  expect(parsed).toEqual(body);
  return parsed;
}

async function getItem(auth: Auth, itemId: number): Promise<Item> {
  const response = await send(auth, 'GET', `/items/${itemId}`);
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(ZItem, response.json());
}

async function listOf(auth: Auth, listId: number) {
  const response = await send(auth, 'GET', `/lists/${listId}`);
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(ZListDetail, response.json());
}

async function patch(auth: Auth, itemId: number, body: object) {
  const response = await send(auth, 'PATCH', `/items/${itemId}`, body);
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(ZItem, response.json());
}

describe('adding items', () => {
  it('answers 201 with the item at the end of the list, quantity 1, undone, version 1', async () => {
    const list = await buildList(t.app, alex);
    const response = await send(alex.auth, 'POST', `/lists/${list.id}/items`, { name: '  Milk ' });
    expect(response.statusCode, response.body).toBe(201);
    const milk = expectShape(ZItem, response.json());
    expect(milk).toMatchObject({
      list_id: list.id,
      name: 'Milk',
      quantity: 1,
      unit: null,
      price_cents: null,
      category_id: null,
      notes: '',
      position: 1,
      added_by: { id: alex.user.id, name: 'Alex Shopper', is_guest: false, avatar_url: null },
      done: false,
      completed_by: null,
      completed_at: null,
      version: 1,
    });
    expect(milk.created_at).toMatch(ISO_INSTANT);
    expect(milk.updated_at).toMatch(ISO_INSTANT);
    expect(await getItem(alex.auth, milk.id)).toEqual(milk);

    const full = await addItem(t.app, alex, list.id, {
      name: 'Flour',
      quantity: 0.5,
      unit: 'kg',
      price_cents: 129,
      notes: 'type 550',
    });
    expect(full).toMatchObject({
      quantity: 0.5,
      unit: 'kg',
      price_cents: 129,
      notes: 'type 550',
      position: 2,
    });
  });

  it('adds after the last item even when earlier ones were deleted or moved', async () => {
    const list = await buildList(t.app, alex);
    const a = await addItem(t.app, alex, list.id, { name: 'A' });
    const b = await addItem(t.app, alex, list.id, { name: 'B' });
    const c = await addItem(t.app, alex, list.id, { name: 'C' });
    expect([a.position, b.position, c.position]).toEqual([1, 2, 3]);
    expect((await send(alex.auth, 'DELETE', `/items/${b.id}`)).statusCode).toBe(204);
    const d = await addItem(t.app, alex, list.id, { name: 'D' });
    expect(d.position).toBeGreaterThan(c.position);
    const names = (await listOf(alex.auth, list.id)).items.map((i) => i.name);
    expect(names).toEqual(['A', 'C', 'D']);
  });

  it('keeps the order of items typed in quick succession, even when sent all at once', async () => {
    const list = await buildList(t.app, alex);
    for (const name of ['one', 'two', 'three']) await addItem(t.app, alex, list.id, { name });
    expect((await listOf(alex.auth, list.id)).items.map((i) => i.name)).toEqual([
      'one',
      'two',
      'three',
    ]);
    // Ten adds racing each other each get their own place at the end: none shares a position.
    const added = await Promise.all(
      Array.from({ length: 10 }, (_, i) => addItem(t.app, alex, list.id, { name: `burst ${i}` })),
    );
    const positions = (await listOf(alex.auth, list.id)).items.map((i) => i.position);
    expect(new Set(positions).size).toBe(13);
    expect(Math.min(...added.map((i) => i.position))).toBeGreaterThan(3);
    expect([...positions].sort((x, y) => x - y)).toEqual(positions);
  });

  it('moves the list version on with every added item', async () => {
    const list = await buildList(t.app, alex);
    await addItem(t.app, alex, list.id);
    const v1 = (await listOf(alex.auth, list.id)).version;
    await addItem(t.app, alex, list.id);
    expect((await listOf(alex.auth, list.id)).version).toBe(v1 + 1);
  });

  it('moves the list version on when an item is deleted', async () => {
    const list = await buildList(t.app, alex);
    const milk = await addItem(t.app, alex, list.id);
    const before = await listOf(alex.auth, list.id);
    expect((await send(alex.auth, 'DELETE', `/items/${milk.id}`)).statusCode).toBe(204);
    const after = await listOf(alex.auth, list.id);
    expect(after.version).toBe(before.version + 1);
    expect(after.items).toEqual([]);
  });

  it(`refuses more than ITEMS_PER_LIST_MAX (${ITEMS_PER_LIST_MAX}) items, keeping the list as it is`, async () => {
    const list = await buildList(t.app, alex);
    // Filling a list through the API would take minutes: the rows go in directly.
    await t.database.db.insert(items).values(
      Array.from({ length: ITEMS_PER_LIST_MAX - 1 }, (_, i) => ({
        listId: list.id,
        name: `Item ${i + 1}`,
        position: i + 1,
        addedBy: alex.user.id,
      })),
    );
    const last = await addItem(t.app, alex, list.id, { name: 'The last one' });
    expect(last.position).toBe(ITEMS_PER_LIST_MAX);
    const refused = await send(alex.auth, 'POST', `/lists/${list.id}/items`, { name: 'One more' });
    expect(refused.statusCode, refused.body).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode, refused.body).toBeLessThan(500);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    const summary = (await send(alex.auth, 'GET', `/lists/${list.id}/status`)).json<{
      item_count: number;
    }>();
    expect(summary.item_count).toBe(ITEMS_PER_LIST_MAX);
  });
});

describe('ticking items', () => {
  it('records who ticked and when, and clears both when unticked', async () => {
    const owner = await buildUser(t.app, { name: 'Olivia Owner' });
    const mia = await buildUser(t.app, { name: 'Mia Member' });
    const group = await buildGroup(t.app, owner);
    await addMember(t.app, group, mia);
    const list = await buildList(t.app, owner, { group_id: group.id });
    const milk = await addItem(t.app, owner, list.id);

    const start = Date.now();
    const ticked = await patch(mia.auth, milk.id, { version: milk.version, done: true });
    expect(ticked).toMatchObject({
      done: true,
      completed_by: { id: mia.user.id, name: 'Mia Member' },
      added_by: { id: owner.user.id },
      version: milk.version + 1,
    });
    expect(ticked.completed_at).toMatch(ISO_INSTANT);
    const at = Date.parse(ticked.completed_at!);
    expect(at).toBeGreaterThanOrEqual(start - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
    expect((await listOf(owner.auth, list.id)).done_count).toBe(1);

    const unticked = await patch(owner.auth, milk.id, { version: ticked.version, done: false });
    expect(unticked).toMatchObject({
      done: false,
      completed_by: null,
      completed_at: null,
      version: ticked.version + 1,
    });
    expect((await listOf(owner.auth, list.id)).done_count).toBe(0);
  });

  it('keeps the first ticker when an item already ticked is ticked again', async () => {
    const list = await buildList(t.app, alex);
    const milk = await addItem(t.app, alex, list.id);
    const ticked = await patch(alex.auth, milk.id, { version: 1, done: true });
    const again = await patch(alex.auth, milk.id, {
      version: ticked.version,
      done: true,
      notes: 'x',
    });
    expect(again.completed_at).toBe(ticked.completed_at);
    expect(again.completed_by).toEqual(ticked.completed_by);
  });
});

describe('editing with versions', () => {
  it('moves the version on with each successful edit, and the list version with it', async () => {
    const list = await buildList(t.app, alex);
    let item = await addItem(t.app, alex, list.id);
    let listVersion = (await listOf(alex.auth, list.id)).version;
    const edits: object[] = [
      { name: 'Oat milk' },
      { quantity: 2, unit: 'l' },
      { price_cents: 258 },
      { notes: 'the barista one' },
      { unit: null, price_cents: null },
    ];
    for (const [index, edit] of edits.entries()) {
      item = await patch(alex.auth, item.id, { version: item.version, ...edit });
      expect(item.version).toBe(index + 2);
      const list2 = await listOf(alex.auth, list.id);
      expect(list2.version).toBe(listVersion + 1);
      listVersion = list2.version;
    }
    expect(item).toMatchObject({
      name: 'Oat milk',
      quantity: 2,
      unit: null,
      price_cents: null,
      notes: 'the barista one',
    });
  });

  it('answers a stale version with 409 conflict whose `current` is the item as stored', async () => {
    const list = await buildList(t.app, alex);
    const milk = await addItem(t.app, alex, list.id);
    await patch(alex.auth, milk.id, { version: 1, name: 'Whole milk', price_cents: 119 });
    const listBefore = await listOf(alex.auth, list.id);
    const response = await send(alex.auth, 'PATCH', `/items/${milk.id}`, {
      version: 1,
      name: 'Skimmed milk',
    });
    const problem = expectProblem(response, 409, 'conflict');
    const stored = await getItem(alex.auth, milk.id);
    expect(stored).toMatchObject({ name: 'Whole milk', version: 2 });
    expect(expectShape(ZItem, problem.current)).toEqual(stored);
    expect(await listOf(alex.auth, list.id)).toEqual(listBefore);
    // Also under its list.
    const underList = await send(alex.auth, 'PATCH', `/lists/${list.id}/items/${milk.id}`, {
      version: 1,
      done: true,
    });
    expect(expectProblem(underList, 409, 'conflict').current).toEqual(stored);
  });

  it('of 20 concurrent edits based on the same version, exactly one wins and none is lost silently', async () => {
    const list = await buildList(t.app, alex);
    const item = await addItem(t.app, alex, list.id, { name: 'Bread' });
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send(alex.auth, 'PATCH', `/items/${item.id}`, {
          version: item.version,
          name: `Bread ${i}`,
          quantity: i + 1,
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const winner = expectShape(ZItem, responses.find((r) => r.statusCode === 200)!.json());
    const index = Number(winner.name.split(' ')[1]);
    expect(winner).toMatchObject({ name: `Bread ${index}`, quantity: index + 1, version: 2 });
    const stored = await getItem(alex.auth, item.id);
    expect(stored).toEqual(winner);
    for (const loser of responses.filter((r) => r.statusCode === 409)) {
      const problem = loser.json<Problem>();
      expect(problem.code).toBe('conflict');
      expect(problem.current).toEqual(stored);
    }
  });

  it('refuses an edit without a version, or with bad values, with 400 naming the field', async () => {
    const list = await buildList(t.app, alex);
    const milk = await addItem(t.app, alex, list.id);
    const cases: [string, object][] = [
      ['version', { name: 'No version' }],
      ['version', { version: 0, name: 'Zero' }],
      ['name', { version: 1, name: '' }],
      ['quantity', { version: 1, quantity: 0 }],
      ['price_cents', { version: 1, price_cents: -5 }],
      ['price_cents', { version: 1, price_cents: 2.5 }],
      ['done', { version: 1, done: 'yes' }],
    ];
    for (const [path, body] of cases) {
      expectInvalidField(await send(alex.auth, 'PATCH', `/items/${milk.id}`, body), path);
    }
    expect(await getItem(alex.auth, milk.id)).toEqual(milk);
  });
});

describe('the manual order', () => {
  it('puts the items in the given order and answers them in it', async () => {
    const list = await buildList(t.app, alex);
    const a = await addItem(t.app, alex, list.id, { name: 'A' });
    const b = await addItem(t.app, alex, list.id, { name: 'B' });
    const c = await addItem(t.app, alex, list.id, { name: 'C' });
    const version = (await listOf(alex.auth, list.id)).version;
    const response = await send(alex.auth, 'PUT', `/lists/${list.id}/items/order`, {
      item_ids: [c.id, a.id, b.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    const ordered = expectShape(z.array(ZItem), response.json());
    expect(ordered.map((i) => i.name)).toEqual(['C', 'A', 'B']);
    expect(ordered.map((i) => i.position)).toEqual([1, 2, 3]);
    const after = await listOf(alex.auth, list.id);
    expect(after.items).toEqual(ordered);
    expect(after.version).toBeGreaterThan(version);
    // A new item still goes to the end.
    expect((await addItem(t.app, alex, list.id, { name: 'D' })).position).toBe(4);
  });

  it('must name every item of the list exactly once (else 400, order unchanged)', async () => {
    const list = await buildList(t.app, alex);
    const a = await addItem(t.app, alex, list.id, { name: 'A' });
    const b = await addItem(t.app, alex, list.id, { name: 'B' });
    const other = await buildList(t.app, alex);
    const foreign = await addItem(t.app, alex, other.id, { name: 'X' });
    const before = await listOf(alex.auth, list.id);
    for (const itemIds of [
      [b.id],
      [b.id, a.id, a.id],
      [b.id, b.id],
      [b.id, a.id, foreign.id],
      [b.id, foreign.id],
      [],
    ]) {
      expectInvalidField(
        await send(alex.auth, 'PUT', `/lists/${list.id}/items/order`, { item_ids: itemIds }),
        'item_ids',
      );
    }
    expectInvalidField(
      await send(alex.auth, 'PUT', `/lists/${list.id}/items/order`, {}),
      'item_ids',
    );
    expect(await listOf(alex.auth, list.id)).toEqual(before);
  });

  it('accepts the empty order of an empty list', async () => {
    const list = await buildList(t.app, alex);
    const response = await send(alex.auth, 'PUT', `/lists/${list.id}/items/order`, {
      item_ids: [],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual([]);
  });
});

describe('an item by id and under its list', () => {
  it('is the same item at /items/{id} and /lists/{id}/items/{itemId}', async () => {
    const list = await buildList(t.app, alex);
    const milk = await addItem(t.app, alex, list.id, { name: 'Milk', price_cents: 99 });
    const underList = await send(alex.auth, 'GET', `/lists/${list.id}/items/${milk.id}`);
    expect(underList.statusCode, underList.body).toBe(200);
    expect(expectShape(ZItem, underList.json())).toEqual(await getItem(alex.auth, milk.id));

    const edited = await send(alex.auth, 'PATCH', `/lists/${list.id}/items/${milk.id}`, {
      version: milk.version,
      quantity: 3,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await getItem(alex.auth, milk.id)).toEqual(edited.json());

    const deleted = await send(alex.auth, 'DELETE', `/lists/${list.id}/items/${milk.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expectProblem(await send(alex.auth, 'GET', `/items/${milk.id}`), 404, 'not_found');
    expectProblem(await send(alex.auth, 'DELETE', `/items/${milk.id}`), 404, 'not_found');
  });

  it('answers 404 under a list it does not belong to, and changes nothing', async () => {
    const list = await buildList(t.app, alex);
    const other = await buildList(t.app, alex);
    const milk = await addItem(t.app, alex, list.id);
    const wrong = `/lists/${other.id}/items/${milk.id}`;
    expectProblem(await send(alex.auth, 'GET', wrong), 404, 'not_found');
    expectProblem(
      await send(alex.auth, 'PATCH', wrong, { version: milk.version, name: 'Moved?' }),
      404,
      'not_found',
    );
    expectProblem(await send(alex.auth, 'DELETE', wrong), 404, 'not_found');
    expect(await getItem(alex.auth, milk.id)).toEqual(milk);
    expect((await listOf(alex.auth, other.id)).items).toEqual([]);
  });

  it('answers 404 for an item that does not exist', async () => {
    expectProblem(await send(alex.auth, 'GET', '/items/2000000000'), 404, 'not_found');
    expectProblem(
      await send(alex.auth, 'PATCH', '/items/2000000000', { version: 1, name: 'x' }),
      404,
      'not_found',
    );
    expectProblem(await send(alex.auth, 'GET', '/items/abc'), 404, 'not_found');
  });
});
