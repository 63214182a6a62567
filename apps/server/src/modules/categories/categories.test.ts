import { CATEGORIES_MAX, ZCategory, type Category } from '@household/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectInvalidField, expectProblem } from '../../../test/support/assertions';
import {
  addItem,
  addMember,
  buildGroup,
  buildList,
  buildUser,
} from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

type Auth = { authorization: string };
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function send(auth: Auth, method: Method, url: string, body?: unknown) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: auth,
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

function expectShape<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.parse(body);
  expect(parsed).toEqual(body);
  return parsed;
}

async function categoriesOf(auth: Auth, groupId?: number): Promise<Category[]> {
  const response = await send(auth, 'GET', `/categories${groupId ? `?group_id=${groupId}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(z.array(ZCategory), response.json());
}

async function create(auth: Auth, body: object) {
  const response = await send(auth, 'POST', '/categories', body);
  expect(response.statusCode, response.body).toBe(201);
  return expectShape(ZCategory, response.json());
}

const ENGLISH = [
  'Fruit & vegetables',
  'Bakery',
  'Dairy',
  'Meat & fish',
  'Frozen',
  'Drinks',
  'Household',
  'Other',
];
const GERMAN = [
  'Obst & Gemüse',
  'Backwaren',
  'Milchprodukte',
  'Fleisch & Fisch',
  'Tiefkühl',
  'Getränke',
  'Haushalt',
  'Sonstiges',
];

describe('the everyday set of categories', () => {
  it('is created the first time I list my categories, in aisle order, once', async () => {
    const alex = await buildUser(t.app);
    const first = await categoriesOf(alex.auth);
    expect(first.map((c) => c.name)).toEqual(ENGLISH);
    expect(first.map((c) => c.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(first.every((c) => c.group_id === null)).toBe(true);
    expect(await categoriesOf(alex.auth)).toEqual(first);
  });

  it('is created once even when the first lists race each other', async () => {
    const alex = await buildUser(t.app);
    const answers = await Promise.all(Array.from({ length: 5 }, () => categoriesOf(alex.auth)));
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]).toHaveLength(ENGLISH.length);
  });

  it('is in the person’s language', async () => {
    const anna = await buildUser(t.app);
    const changed = await send(anna.auth, 'PATCH', '/users/me', { locale: 'de' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await categoriesOf(anna.auth)).map((c) => c.name)).toEqual(GERMAN);
  });

  it('is not created again after I deleted them all', async () => {
    const alex = await buildUser(t.app);
    const [first] = await categoriesOf(alex.auth);
    await create(alex.auth, { name: 'Keep me' });
    for (const c of await categoriesOf(alex.auth)) {
      if (c.name !== 'Keep me')
        expect((await send(alex.auth, 'DELETE', `/categories/${c.id}`)).statusCode).toBe(204);
    }
    expect((await categoriesOf(alex.auth)).map((c) => c.name)).toEqual(['Keep me']);
    expect(first).toBeDefined();
  });
});

describe('group categories', () => {
  it('are seeded once for the group in the language of whoever asks first, and shared by its members', async () => {
    const anna = await buildUser(t.app);
    await send(anna.auth, 'PATCH', '/users/me', { locale: 'de' });
    const ben = await buildUser(t.app);
    const group = await buildGroup(t.app, anna);
    await addMember(t.app, group, ben);
    const forAnna = await categoriesOf(anna.auth, group.id);
    expect(forAnna.map((c) => c.name)).toEqual(GERMAN);
    expect(forAnna.every((c) => c.group_id === group.id)).toBe(true);
    expect(await categoriesOf(ben.auth, group.id)).toEqual(forAnna);
    // My own categories are a different set.
    const mine = await categoriesOf(ben.auth);
    expect(mine.map((c) => c.name)).toEqual(ENGLISH);
    expect(mine.map((c) => c.id)).not.toEqual(expect.arrayContaining([forAnna[0]!.id]));
  });

  it('are for members only: an outsider gets 404 for reading, creating, editing and deleting', async () => {
    const owner = await buildUser(t.app);
    const stranger = await buildUser(t.app);
    const group = await buildGroup(t.app, owner);
    const veg = await create(owner.auth, { name: 'Veg', group_id: group.id });
    expectProblem(
      await send(stranger.auth, 'GET', `/categories?group_id=${group.id}`),
      404,
      'not_found',
    );
    expectProblem(
      await send(stranger.auth, 'POST', '/categories', { name: 'X', group_id: group.id }),
      404,
      'not_found',
    );
    expectProblem(
      await send(stranger.auth, 'PATCH', `/categories/${veg.id}`, { name: 'X' }),
      404,
      'not_found',
    );
    expectProblem(await send(stranger.auth, 'DELETE', `/categories/${veg.id}`), 404, 'not_found');
    expect(await categoriesOf(owner.auth, group.id)).toEqual([veg]);
  });

  it('lets a member create, rename and recolour them', async () => {
    const owner = await buildUser(t.app);
    const mia = await buildUser(t.app);
    const group = await buildGroup(t.app, owner);
    await addMember(t.app, group, mia);
    const pets = await create(mia.auth, { name: ' Pets ', color: '#aa33cc', group_id: group.id });
    expect(pets).toMatchObject({ name: 'Pets', color: '#aa33cc', group_id: group.id, position: 0 });
    const renamed = await send(owner.auth, 'PATCH', `/categories/${pets.id}`, {
      name: 'Pet food',
      color: 'teal',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(expectShape(ZCategory, renamed.json())).toEqual({
      ...pets,
      name: 'Pet food',
      color: 'teal',
    });
  });
});

describe('editing categories', () => {
  it('moves a category in the aisle order and renumbers the others without gaps', async () => {
    const alex = await buildUser(t.app);
    const seeded = await categoriesOf(alex.auth);
    const last = seeded.at(-1)!;
    const moved = await send(alex.auth, 'PATCH', `/categories/${last.id}`, { position: 0 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(expectShape(ZCategory, moved.json()).position).toBe(0);
    const after = await categoriesOf(alex.auth);
    expect(after.map((c) => c.name)).toEqual([last.name, ...ENGLISH.slice(0, -1)]);
    expect(after.map((c) => c.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);

    const beyond = await send(alex.auth, 'PATCH', `/categories/${after[0]!.id}`, { position: 99 });
    expect(beyond.statusCode, beyond.body).toBe(200);
    const again = await categoriesOf(alex.auth);
    expect(again.map((c) => c.name)).toEqual(ENGLISH);
    expect(again.map((c) => c.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);

    // After a deletion, a move closes the gap too.
    expect((await send(alex.auth, 'DELETE', `/categories/${again[2]!.id}`)).statusCode).toBe(204);
    await send(alex.auth, 'PATCH', `/categories/${again[0]!.id}`, { position: 1 });
    expect((await categoriesOf(alex.auth)).map((c) => c.position)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('leaves the items of a deleted category uncategorised', async () => {
    const alex = await buildUser(t.app);
    const dairy = (await categoriesOf(alex.auth)).find((c) => c.name === 'Dairy')!;
    const list = await buildList(t.app, alex);
    const milk = await addItem(t.app, alex, list.id, { name: 'Milk', category_id: dairy.id });
    expect(milk.category_id).toBe(dairy.id);
    const deleted = await send(alex.auth, 'DELETE', `/categories/${dairy.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    const item = await send(alex.auth, 'GET', `/items/${milk.id}`);
    expect(item.json()).toMatchObject({ id: milk.id, name: 'Milk', category_id: null });
    expect((await categoriesOf(alex.auth)).map((c) => c.id)).not.toContain(dairy.id);
  });

  it('moves the version of a list on when deleting a category changes its items', async () => {
    // docs/lists.md: a list's version increases with every change to any of its items, so that a
    // client catching up (GET /lists/statuses) refetches it.
    const alex = await buildUser(t.app);
    const bakery = (await categoriesOf(alex.auth)).find((c) => c.name === 'Bakery')!;
    const list = await buildList(t.app, alex);
    await addItem(t.app, alex, list.id, { name: 'Bread', category_id: bakery.id });
    const status = async () =>
      (await send(alex.auth, 'GET', `/lists/${list.id}/status`)).json<{ version: number }>();
    const before = await status();
    expect((await send(alex.auth, 'DELETE', `/categories/${bakery.id}`)).statusCode).toBe(204);
    expect((await status()).version).toBeGreaterThan(before.version);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const alex = await buildUser(t.app);
    const [first] = await categoriesOf(alex.auth);
    expectInvalidField(await send(alex.auth, 'POST', '/categories', {}), 'name');
    expectInvalidField(await send(alex.auth, 'POST', '/categories', { name: ' ' }), 'name');
    expectInvalidField(
      await send(alex.auth, 'POST', '/categories', { name: 'x'.repeat(51) }),
      'name',
    );
    expectInvalidField(
      await send(alex.auth, 'POST', '/categories', { name: 'A', color: 'not a colour!' }),
      'color',
    );
    expectInvalidField(
      await send(alex.auth, 'PATCH', `/categories/${first!.id}`, { position: -1 }),
      'position',
    );
    expectInvalidField(
      await send(alex.auth, 'PATCH', `/categories/${first!.id}`, { color: '#12345' }),
      'color',
    );
    expect(await categoriesOf(alex.auth)).toHaveLength(ENGLISH.length);
  });

  it("answers 404 for someone else's personal category", async () => {
    const alex = await buildUser(t.app);
    const bea = await buildUser(t.app);
    const [hers] = await categoriesOf(bea.auth);
    expectProblem(
      await send(alex.auth, 'PATCH', `/categories/${hers!.id}`, { name: 'Mine' }),
      404,
      'not_found',
    );
    expectProblem(await send(alex.auth, 'DELETE', `/categories/${hers!.id}`), 404, 'not_found');
    expect((await categoriesOf(bea.auth))[0]).toEqual(hers);
  });

  it(`holds at most CATEGORIES_MAX (${CATEGORIES_MAX}) categories per person`, async () => {
    const alex = await buildUser(t.app);
    for (let i = 0; i < CATEGORIES_MAX; i += 1) await create(alex.auth, { name: `Aisle ${i}` });
    const full = await categoriesOf(alex.auth);
    expect(full).toHaveLength(CATEGORIES_MAX);
    expect(full.map((c) => c.position)).toEqual(full.map((_, i) => i));
    const refused = await send(alex.auth, 'POST', '/categories', { name: 'One too many' });
    expect(refused.statusCode, refused.body).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode, refused.body).toBeLessThan(500);
    expect(await categoriesOf(alex.auth)).toEqual(full);
  });
});
