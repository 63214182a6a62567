import {
  OCR_APPLY_MAX_ITEMS,
  ZActivityPage,
  ZListDetail,
  ZMergeItemsResult,
  type RealtimeEvent,
} from '@household/contracts';
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

let t: TestApp;
const send = sender(() => t.app);
let ann: TestUser;
let ben: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  ann = await buildUser(t.app, { name: 'Ann' });
  ben = await buildUser(t.app, { name: 'Ben' });
  outsider = await buildUser(t.app, { name: 'Olga' });
});
afterAll(() => t.close());

async function listItems(by: TestUser, listId: number) {
  const response = await send(by.auth, 'GET', `/lists/${listId}`);
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(ZListDetail, response.json()).items;
}

describe('POST /lists/{id}/items/merge', () => {
  it('adds new names, updates the price of names already on the list, never duplicates', async () => {
    const group = await buildGroup(t.app, ann);
    await addMember(t.app, group, ben);
    const list = await buildList(t.app, ann, { group_id: group.id });
    const milk = await addItem(t.app, ann, list.id, { name: 'Milk', quantity: 2 });
    const events: RealtimeEvent[] = [];
    const unsubscribe = t.events.subscribe((event) => events.push(event));

    const response = await send(ben.auth, 'POST', `/lists/${list.id}/items/merge`, {
      items: [
        { name: '  MILK ', price_cents: 119 },
        { name: 'Bananas', quantity: 2, price_cents: 98 },
        { name: 'bananas', quantity: 3, price_cents: 147 },
        { name: 'Rye bread', unit: 'g', quantity: 500 },
      ],
    });
    unsubscribe();
    expect(response.statusCode, response.body).toBe(200);
    const result = expectShape(ZMergeItemsResult, response.json());
    expect(result.updated).toMatchObject([
      { id: milk.id, name: 'Milk', quantity: 2, price_cents: 119, version: milk.version + 1 },
    ]);
    expect(
      result.added.map((item) => [item.name, item.quantity, item.unit, item.price_cents]),
    ).toEqual([
      ['bananas', 3, null, 147],
      ['Rye bread', 500, 'g', null],
    ]);
    expect(result.added.every((item) => item.added_by?.id === ben.user.id)).toBe(true);

    const items = await listItems(ann, list.id);
    expect(items.map((item) => item.name)).toEqual(['Milk', 'bananas', 'Rye bread']);
    expect(new Set(items.map((item) => item.position)).size).toBe(3);

    expect(
      events
        .filter((event) => event.entity === 'item')
        .map((e) => e.action)
        .sort(),
    ).toEqual(['created', 'created', 'updated']);
    const activity = expectShape(
      ZActivityPage,
      (await send(ann.auth, 'GET', `/groups/${group.id}/activity?limit=100`)).json(),
    );
    expect(activity.items[0]).toMatchObject({
      verb: 'items_merged',
      details: { list_id: list.id, added: 2, updated: 1 },
    });
  });

  it('a name already on the list without a new price or quantity changes nothing', async () => {
    const list = await buildList(t.app, ann);
    const eggs = await addItem(t.app, ann, list.id, { name: 'Eggs', price_cents: 299 });
    const response = await send(ann.auth, 'POST', `/lists/${list.id}/items/merge`, {
      items: [{ name: 'eggs' }],
    });
    expect(response.json()).toEqual({ added: [], updated: [] });
    expect((await listItems(ann, list.id))[0]).toMatchObject({
      price_cents: 299,
      version: eggs.version,
    });
  });

  it('outsiders get 404, an archived list 409, and bad input 400, with nothing saved', async () => {
    const list = await buildList(t.app, ann);
    await addItem(t.app, ann, list.id, { name: 'Tea' });
    const good = { items: [{ name: 'Coffee', price_cents: 499 }] };
    expectProblem(
      await send(outsider.auth, 'POST', `/lists/${list.id}/items/merge`, good),
      404,
      'not_found',
    );
    expectProblem(
      await send(undefined, 'POST', `/lists/${list.id}/items/merge`, good),
      401,
      'unauthenticated',
    );
    for (const body of [
      { items: [] },
      { items: [{ name: '' }] },
      { items: [{ name: 'Coffee', price_cents: -1 }] },
      { items: [{ name: 'Coffee', quantity: 0 }] },
      { items: Array.from({ length: OCR_APPLY_MAX_ITEMS + 1 }, (_, i) => ({ name: `Item ${i}` })) },
      {},
    ]) {
      expectProblem(
        await send(ann.auth, 'POST', `/lists/${list.id}/items/merge`, body),
        400,
        'validation_failed',
      );
    }
    expect((await send(ann.auth, 'POST', `/lists/${list.id}/archive`)).statusCode).toBe(200);
    expectProblem(
      await send(ann.auth, 'POST', `/lists/${list.id}/items/merge`, good),
      409,
      'list_archived',
    );
    expect((await listItems(ann, list.id)).map((item) => item.name)).toEqual(['Tea']);
  });
});
