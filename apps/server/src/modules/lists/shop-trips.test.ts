import {
  ZCategory,
  ZItem,
  ZList,
  ZListDetail,
  ZSuggestions,
  ZWalkingOrder,
  type Item,
} from '@household/contracts';
import { itemKey, TRIP_GAP_MS } from '@household/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { shopTicks } from '../../db/schema';
import { expectProblem, expectShape } from '../../../test/support/assertions';
import {
  addItem,
  addMember,
  buildGroup,
  buildList,
  buildUser,
  type TestGroup,
  type TestUser,
} from '../../../test/support/factories';
import { sender, type Auth } from '../../../test/support/requests';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

// docs/shop-trips.md: what a tick records, and what the trips of a group (or of a person, for
// their personal lists) teach: the walking order of their shop and what to buy.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const send = sender(() => t.app);
const db = () => t.database.db;
const DAY_MS = 86_400_000;

async function ok<S extends z.ZodType>(
  schema: S,
  pending: ReturnType<typeof send>,
  status = 200,
): Promise<z.infer<S>> {
  const response = await pending;
  expect(response.statusCode, response.body).toBe(status);
  return expectShape(schema, response.json());
}

const tick = (auth: Auth, item: Item, inShop?: boolean) =>
  ok(
    ZItem,
    send(auth, 'PATCH', `/items/${item.id}`, {
      version: item.version,
      done: true,
      ...(inShop === undefined ? {} : { in_shop: inShop }),
    }),
  );
const untick = (auth: Auth, item: Item) =>
  ok(ZItem, send(auth, 'PATCH', `/items/${item.id}`, { version: item.version, done: false }));

const ticksOfList = (listId: number) =>
  db().select().from(shopTicks).where(eq(shopTicks.listId, listId)).orderBy(shopTicks.id);

/** Moves the latest tick back in time: `daysAgo` days, plus `minutes` into that trip. */
async function backdateLatestTick(daysAgo: number, minutes = 0) {
  const [latest] = await db()
    .select({ id: shopTicks.id })
    .from(shopTicks)
    .orderBy(desc(shopTicks.id))
    .limit(1);
  await db()
    .update(shopTicks)
    .set({ tickedAt: new Date(Date.now() - daysAgo * DAY_MS + minutes * 60_000) })
    .where(eq(shopTicks.id, latest!.id));
}

/**
 * A past trip: the items added to `listId` and ticked in this order, `daysAgo` days ago, a minute
 * apart. Each trip adds fresh items, as a list refilled for the next week does.
 */
async function trip(
  by: TestUser,
  listId: number,
  names: (string | [string, number | null])[],
  { daysAgo, inShop = true }: { daysAgo: number; inShop?: boolean },
) {
  for (const [index, entry] of names.entries()) {
    const [name, categoryId] = typeof entry === 'string' ? [entry, null] : entry;
    const item = await addItem(t.app, by, listId, { name, category_id: categoryId });
    await tick(by.auth, item, inShop);
    await backdateLatestTick(daysAgo, index);
  }
}

const walkingOrder = (auth: Auth, listId: number) =>
  ok(ZWalkingOrder, send(auth, 'GET', `/lists/${listId}/walking-order`));
const suggestionsFor = (auth: Auth, listId: number, item?: string) =>
  ok(
    ZSuggestions,
    send(
      auth,
      'GET',
      `/lists/${listId}/suggestions${item === undefined ? '' : `?item=${encodeURIComponent(item)}`}`,
    ),
  ).then((answer) => answer.suggestions);

async function category(by: TestUser, name: string, group: TestGroup | null) {
  return ok(
    ZCategory,
    send(by.auth, 'POST', '/categories', { name, group_id: group?.id ?? null }),
    201,
  );
}

/** Two flatmates and their group. */
async function flat() {
  const ann = await buildUser(t.app, { name: 'Ann' });
  const ben = await buildUser(t.app, { name: 'Ben' });
  const group = await buildGroup(t.app, ann, { name: 'Flat' });
  await addMember(t.app, group, ben);
  return { ann, ben, group };
}

describe('a list’s shop', () => {
  it('is saved trimmed on create and edit, shown on every read, and kept by a copy', async () => {
    const { ann, ben, group } = await flat();
    const created = await ok(
      ZListDetail,
      send(ann.auth, 'POST', '/lists', {
        name: 'Weekly',
        shop: '  Aldi Nord ',
        group_id: group.id,
      }),
      201,
    );
    expect(created.shop).toBe('Aldi Nord');
    const plain = await buildList(t.app, ann, { name: 'Any' });
    expect(plain.shop).toBe('');

    const read = await ok(ZListDetail, send(ben.auth, 'GET', `/lists/${created.id}`));
    expect(read.shop).toBe('Aldi Nord');
    const index = await ok(z.array(ZList), send(ben.auth, 'GET', '/lists'));
    expect(index.find((list) => list.id === created.id)?.shop).toBe('Aldi Nord');

    const edited = await ok(
      ZListDetail,
      send(ben.auth, 'PATCH', `/lists/${created.id}`, { version: created.version, shop: 'Lidl' }),
    );
    expect(edited).toMatchObject({ shop: 'Lidl', version: created.version + 1 });
    const cleared = await ok(
      ZListDetail,
      send(ben.auth, 'PATCH', `/lists/${created.id}`, { version: edited.version, shop: ' ' }),
    );
    expect(cleared.shop).toBe('');

    await ok(
      ZListDetail,
      send(ann.auth, 'PATCH', `/lists/${created.id}`, { version: cleared.version, shop: 'Lidl' }),
    );
    const copy = await ok(
      ZListDetail,
      send(ann.auth, 'POST', `/lists/${created.id}/duplicate`),
      201,
    );
    expect(copy.shop).toBe('Lidl');
  });

  it('writes a change of shop to the group’s activity, as other list fields do', async () => {
    const { ann, group } = await flat();
    const list = await buildList(t.app, ann, { group_id: group.id });
    await ok(
      ZListDetail,
      send(ann.auth, 'PATCH', `/lists/${list.id}`, { version: list.version, shop: 'Rewe' }),
    );
    const response = await send(ann.auth, 'GET', `/groups/${group.id}/activity`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toContain('"list_updated"');
    expect(response.body).toContain('"Rewe"');
  });

  it('refuses a shop name longer than the limit with 400', async () => {
    const ann = await buildUser(t.app);
    const response = await send(ann.auth, 'POST', '/lists', {
      name: 'Long',
      shop: 'x'.repeat(500),
    });
    expectProblem(response, 400, 'validation_failed');
  });
});

describe('ticking an item', () => {
  it('records a tick in the shop with the group, the list’s shop and the item’s category', async () => {
    const { ann, ben, group } = await flat();
    const dairy = await category(ann, 'Dairy', group);
    const list = await buildList(t.app, ann, { group_id: group.id, shop: 'Aldi' });
    const milk = await addItem(t.app, ann, list.id, {
      name: ' Whole Milk ',
      category_id: dairy.id,
    });
    await tick(ben.auth, milk, true);
    expect(await ticksOfList(list.id)).toMatchObject([
      {
        groupId: group.id,
        userId: null,
        shop: 'Aldi',
        itemKey: itemKey('Whole Milk'),
        itemName: 'Whole Milk',
        categoryId: dairy.id,
        inShop: true,
        tickedBy: ben.user.id,
      },
    ]);
  });

  it('records a tick outside supermarket mode with in_shop false, and a personal list’s for its owner', async () => {
    const ann = await buildUser(t.app);
    const list = await buildList(t.app, ann);
    await tick(ann.auth, await addItem(t.app, ann, list.id, { name: 'Soap' }));
    expect(await ticksOfList(list.id)).toMatchObject([
      { groupId: null, userId: ann.user.id, shop: '', itemKey: itemKey('Soap'), inShop: false },
    ]);
  });

  it('records nothing for an edit that does not tick, nor for ticking a ticked item again', async () => {
    const ann = await buildUser(t.app);
    const list = await buildList(t.app, ann);
    const eggs = await addItem(t.app, ann, list.id, { name: 'Eggs' });
    const renamed = await ok(
      ZItem,
      send(ann.auth, 'PATCH', `/items/${eggs.id}`, { version: eggs.version, quantity: 6 }),
    );
    const ticked = await tick(ann.auth, renamed, true);
    await tick(ann.auth, ticked, true);
    expect(await ticksOfList(list.id)).toHaveLength(1);
  });

  it('takes the tick back when the item is unticked within the trip, so a mis-tap teaches nothing', async () => {
    const ann = await buildUser(t.app);
    const list = await buildList(t.app, ann);
    const bread = await addItem(t.app, ann, list.id, { name: 'Bread' });
    const ticked = await tick(ann.auth, bread, true);
    expect(await ticksOfList(list.id)).toHaveLength(1);
    await untick(ann.auth, ticked);
    expect(await ticksOfList(list.id)).toEqual([]);
  });

  it('keeps the purchase when the item is unticked after the trip (bought, then needed again)', async () => {
    const ann = await buildUser(t.app);
    const list = await buildList(t.app, ann);
    const ticked = await tick(ann.auth, await addItem(t.app, ann, list.id, { name: 'Rice' }), true);
    await backdateLatestTick((TRIP_GAP_MS + 60_000) / DAY_MS);
    await untick(ann.auth, ticked);
    expect(await ticksOfList(list.id)).toHaveLength(1);
  });

  it('sweeps the scope’s ticks older than a year when it records a new one', async () => {
    const ann = await buildUser(t.app);
    const list = await buildList(t.app, ann);
    await trip(ann, list.id, ['Old tea'], { daysAgo: 400 });
    await trip(ann, list.id, ['Recent tea'], { daysAgo: 300 });
    expect((await ticksOfList(list.id)).map((row) => row.itemName)).toEqual(['Recent tea']);
  });

  it('writes the tick with the item in one transaction: a stale tick records nothing', async () => {
    const ann = await buildUser(t.app);
    const list = await buildList(t.app, ann);
    const jam = await addItem(t.app, ann, list.id, { name: 'Jam' });
    await tick(ann.auth, jam, true);
    const stale = await send(ann.auth, 'PATCH', `/items/${jam.id}`, {
      version: jam.version,
      done: true,
      in_shop: true,
    });
    expectProblem(stale, 409, 'conflict');
    expect(await ticksOfList(list.id)).toHaveLength(1);
  });
});

describe('GET /lists/{id}/walking-order', () => {
  it('has learned nothing before the first trip: no trips, the manual order holds', async () => {
    const ann = await buildUser(t.app);
    const list = await buildList(t.app, ann, { shop: 'Aldi' });
    expect(await walkingOrder(ann.auth, list.id)).toEqual({
      shop: 'Aldi',
      trips: 0,
      category_ids: [],
      item_keys: [],
    });
  });

  it('follows the more recent of two trips that walked the shop in different orders', async () => {
    const { ann, ben, group } = await flat();
    const history = await buildList(t.app, ann, { group_id: group.id, shop: 'Aldi' });
    await trip(ann, history.id, ['Milk', 'Bread', 'Eggs'], { daysAgo: 30 });
    await trip(ben, history.id, ['Eggs', 'Bread', 'Milk'], { daysAgo: 1 });
    const next = await buildList(t.app, ben, { group_id: group.id, shop: 'Aldi' });
    const order = await walkingOrder(ann.auth, next.id);
    expect(order).toMatchObject({ shop: 'Aldi', trips: 2 });
    expect(order.item_keys).toEqual(['Eggs', 'Bread', 'Milk'].map(itemKey));
  });

  it('follows the majority of trips of about the same age', async () => {
    const { ann, group } = await flat();
    const list = await buildList(t.app, ann, { group_id: group.id, shop: 'Lidl' });
    await trip(ann, list.id, ['Apples', 'Pasta', 'Coffee'], { daysAgo: 3 });
    await trip(ann, list.id, ['Coffee', 'Pasta', 'Apples'], { daysAgo: 2 });
    await trip(ann, list.id, ['Apples', 'Pasta', 'Coffee'], { daysAgo: 1 });
    const order = await walkingOrder(ann.auth, list.id);
    expect(order.trips).toBe(3);
    expect(order.item_keys).toEqual(['Apples', 'Pasta', 'Coffee'].map(itemKey));
  });

  it('orders the categories as the aisles were reached, with null for No Category', async () => {
    const { ann, group } = await flat();
    const bakery = await category(ann, 'Bakery', group);
    const dairy = await category(ann, 'Dairy', group);
    const list = await buildList(t.app, ann, { group_id: group.id, shop: 'Rewe' });
    for (const daysAgo of [3, 1]) {
      await trip(
        ann,
        list.id,
        [
          ['Flowers', null],
          ['Rolls', bakery.id],
          ['Cake', bakery.id],
          ['Yoghurt', dairy.id],
          ['Butter', dairy.id],
        ],
        { daysAgo },
      );
    }
    const order = await walkingOrder(ann.auth, list.id);
    expect(order.category_ids).toEqual([null, bakery.id, dairy.id]);
  });

  it('learns per shop, from ticks made in the shop, and shares one pool among lists for any shop', async () => {
    const { ann, group } = await flat();
    const aldi = await buildList(t.app, ann, { group_id: group.id, shop: 'Aldi' });
    const anyShop = await buildList(t.app, ann, { group_id: group.id });
    await trip(ann, aldi.id, ['Milk', 'Bread'], { daysAgo: 2 });
    await trip(ann, anyShop.id, ['Tea', 'Sugar'], { daysAgo: 2 });
    await trip(ann, anyShop.id, ['Honey', 'Jam'], { daysAgo: 1, inShop: false });

    const otherAldi = await buildList(t.app, ann, { group_id: group.id, shop: 'Aldi' });
    expect((await walkingOrder(ann.auth, otherAldi.id)).item_keys).toEqual(
      ['Milk', 'Bread'].map(itemKey),
    );
    const otherAny = await buildList(t.app, ann, { group_id: group.id });
    expect(await walkingOrder(ann.auth, otherAny.id)).toMatchObject({
      shop: '',
      trips: 1,
      item_keys: ['Tea', 'Sugar'].map(itemKey),
    });
    const lidl = await buildList(t.app, ann, { group_id: group.id, shop: 'Lidl' });
    expect((await walkingOrder(ann.auth, lidl.id)).trips).toBe(0);
  });

  it('keeps a group’s trips to the group, and a person’s personal trips to them', async () => {
    const { ann, ben, group } = await flat();
    const shared = await buildList(t.app, ann, { group_id: group.id });
    await trip(ann, shared.id, ['Milk', 'Bread'], { daysAgo: 1 });
    const annAlone = await buildList(t.app, ann);
    expect((await walkingOrder(ann.auth, annAlone.id)).trips).toBe(0);
    const benAlone = await buildList(t.app, ben);
    await trip(ben, benAlone.id, ['Socks'], { daysAgo: 1 });
    expect((await walkingOrder(ann.auth, annAlone.id)).trips).toBe(0);
    const elsewhere = await buildGroup(t.app, ann, { name: 'Office' });
    const office = await buildList(t.app, ann, { group_id: elsewhere.id });
    expect((await walkingOrder(ann.auth, office.id)).trips).toBe(0);
  });

  it('leaves out trips older than 90 days', async () => {
    const ann = await buildUser(t.app);
    const list = await buildList(t.app, ann);
    await trip(ann, list.id, ['Milk', 'Bread'], { daysAgo: 120 });
    expect((await walkingOrder(ann.auth, list.id)).trips).toBe(0);
  });

  it('answers 401 to the anonymous, and 404 to anyone who cannot see the list', async () => {
    const { ann, ben, group } = await flat();
    const olga = await buildUser(t.app);
    const shared = await buildList(t.app, ann, { group_id: group.id });
    const personal = await buildList(t.app, ann);
    expectProblem(
      await send(undefined, 'GET', `/lists/${shared.id}/walking-order`),
      401,
      'unauthenticated',
    );
    expectProblem(
      await send(olga.auth, 'GET', `/lists/${shared.id}/walking-order`),
      404,
      'not_found',
    );
    expectProblem(
      await send(ben.auth, 'GET', `/lists/${personal.id}/walking-order`),
      404,
      'not_found',
    );
    expectProblem(await send(ann.auth, 'GET', '/lists/2000000000/walking-order'), 404, 'not_found');
  });
});

describe('GET /lists/{id}/suggestions', () => {
  /** Coffee every week for four weeks, and pasta with tomatoes on three other days. */
  async function weeklyShops() {
    const { ann, ben, group } = await flat();
    const pantry = await category(ann, 'Pantry', group);
    const history = await buildList(t.app, ann, { group_id: group.id, name: 'Last weeks' });
    for (const daysAgo of [29, 22, 15, 8]) {
      await trip(ann, history.id, [['Coffee', pantry.id]], { daysAgo });
    }
    for (const daysAgo of [24, 17, 10]) {
      await trip(ann, history.id, ['Pasta', 'Tomatoes'], { daysAgo });
    }
    const list = await buildList(t.app, ben, { group_id: group.id, name: 'This week' });
    return { ann, ben, group, pantry, list };
  }

  it('suggests what was bought with the item added in three trips, then what is due again', async () => {
    const { ben, pantry, list } = await weeklyShops();
    await addItem(t.app, ben, list.id, { name: 'pasta' });
    const found = await suggestionsFor(ben.auth, list.id, 'pasta');
    expect(found[0]).toMatchObject({
      name: 'Tomatoes',
      category_id: null,
      reason: 'bought_with',
      times: 3,
      every_days: null,
    });
    const coffee = found.find((suggestion) => suggestion.name === 'Coffee');
    expect(coffee).toMatchObject({ category_id: pantry.id, reason: 'due_again', times: 4 });
    expect(coffee?.every_days).toBe(7);
    expect(Date.parse(coffee!.last_bought_at)).toBeLessThan(Date.now() - 6 * DAY_MS);
    expect(found.filter((suggestion) => suggestion.name === 'Tomatoes')).toHaveLength(1);
    expect(found.length).toBeLessThanOrEqual(8);
  });

  it('never suggests an item already on the list, done or not, nor the item just added', async () => {
    const { ben, list } = await weeklyShops();
    const coffee = await addItem(t.app, ben, list.id, { name: 'COFFEE' });
    await tick(ben.auth, coffee);
    await addItem(t.app, ben, list.id, { name: 'Tomatoes' });
    const found = await suggestionsFor(ben.auth, list.id, 'Pasta');
    const names = found.map((suggestion) => itemKey(suggestion.name));
    expect(names).not.toContain(itemKey('Coffee'));
    expect(names).not.toContain(itemKey('Tomatoes'));
    expect(names).not.toContain(itemKey('Pasta'));
  });

  it('leaves out a category deleted since', async () => {
    const { ann, ben, pantry, list } = await weeklyShops();
    const deleted = await send(ann.auth, 'DELETE', `/categories/${pantry.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    const coffee = (await suggestionsFor(ben.auth, list.id)).find((s) => s.name === 'Coffee');
    expect(coffee).toMatchObject({ reason: 'due_again', category_id: null });
  });

  it('suggests nothing from another household’s trips', async () => {
    const { list } = await weeklyShops();
    const olga = await buildUser(t.app);
    const own = await buildList(t.app, olga);
    expect(await suggestionsFor(olga.auth, own.id, 'Pasta')).toEqual([]);
    expectProblem(await send(olga.auth, 'GET', `/lists/${list.id}/suggestions`), 404, 'not_found');
  });

  it('answers 401 to the anonymous, 404 to an outsider, and 400 to an empty item', async () => {
    const { ann, group } = await flat();
    const olga = await buildUser(t.app);
    const list = await buildList(t.app, ann, { group_id: group.id });
    expectProblem(
      await send(undefined, 'GET', `/lists/${list.id}/suggestions?item=Milk`),
      401,
      'unauthenticated',
    );
    expectProblem(
      await send(olga.auth, 'GET', `/lists/${list.id}/suggestions?item=Milk`),
      404,
      'not_found',
    );
    expectProblem(
      await send(ann.auth, 'GET', `/lists/${list.id}/suggestions?item=%20`),
      400,
      'validation_failed',
    );
  });
});

describe('deleting', () => {
  it('a group deletes its ticks; a deleted list leaves its ticks to the trips', async () => {
    const { ann, group } = await flat();
    const list = await buildList(t.app, ann, { group_id: group.id });
    await trip(ann, list.id, ['Milk', 'Bread'], { daysAgo: 1 });
    const removed = await send(ann.auth, 'DELETE', `/lists/${list.id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    const kept = await db().select().from(shopTicks).where(eq(shopTicks.groupId, group.id));
    expect(kept.map((row) => row.listId)).toEqual([null, null]);
    const next = await buildList(t.app, ann, { group_id: group.id });
    expect((await walkingOrder(ann.auth, next.id)).trips).toBe(1);

    const gone = await send(ann.auth, 'DELETE', `/groups/${group.id}`);
    expect(gone.statusCode, gone.body).toBe(204);
    expect(await db().select().from(shopTicks).where(eq(shopTicks.groupId, group.id))).toEqual([]);
  });
});
