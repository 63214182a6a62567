import { ZCategory, ZList, ZListStatus, type ErrorCode } from '@household/contracts';
import { count, eq, inArray, or } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { categories, groupActivity, items, lists, shopTicks } from '../../db/schema';
import { expectProblem } from '../../../test/support/assertions';
import {
  addItem,
  addMember,
  buildGroup,
  buildList,
  buildUser,
  type TestUser,
} from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

// docs/lists.md "Who sees and does what" and "Endpoints", as two tables: every lists, items,
// categories and costs route, called by every kind of caller, on fresh data each time.
// - a group list, created by `creator` (a plain member): every member may use it, deleting and
//   unsharing are for its creator or an owner or admin of the group, outsiders get 404;
// - a personal list of `creator`: its owner may do everything, anyone else gets 404, even the
//   people who share a group with them.

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Caller = 'outsider' | 'member' | 'admin' | 'owner' | 'creator';
/** A status, with the problem code when the status alone does not say it. */
type Outcome = number | [number, ErrorCode];
type Auth = { authorization: string };

interface World {
  groupId: number;
  /** The group list, created by `creator`, with one item and the group's one category. */
  listId: number;
  listVersion: number;
  itemId: number;
  itemVersion: number;
  categoryId: number;
  /** The personal list of `creator`, with one item and one of creator's own categories. */
  personalId: number;
  personalVersion: number;
  personalItemId: number;
  personalItemVersion: number;
  personalCategoryId: number;
}

interface Route {
  route: string;
  /** Brings the list into the state the route starts from (as its creator). */
  prepare?: (w: World) => Promise<void>;
  request: (w: World) => { method: Method; url: string; body?: object };
  outcomes: Partial<Record<Caller, Outcome>>;
  /** Further checks of a successful answer (what the caller may see in it). */
  check?: (w: World, caller: Caller, response: LightMyRequestResponse) => void;
}

const CALLERS: Caller[] = ['outsider', 'member', 'admin', 'owner', 'creator'];
const CALLER_LABELS: Record<Caller, string> = {
  outsider: 'someone outside the group',
  member: 'a member',
  admin: 'an admin',
  owner: 'the group owner',
  creator: 'the list creator',
};
const DEFAULT_CODES: Record<number, ErrorCode> = {
  400: 'validation_failed',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
};

/** Every member of the group may do it; outsiders get the 404 of a list that does not exist. */
const anyMember = (status: Outcome) => ({
  outsider: 404,
  member: status,
  admin: status,
  owner: status,
  creator: status,
});
/** Deleting and unsharing: the creator, an owner or an admin of the group; other members 403. */
const manager = (status: Outcome) => ({ ...anyMember(status), member: 403 });
/** Anyone signed in; what they see in the answer is checked separately. */
const signedIn = (status: Outcome) => ({ ...anyMember(status), outsider: status });
/** A personal list: its owner (creator) may, everyone else gets 404. */
const ownerOnly = (status: Outcome) => ({
  outsider: 404,
  member: 404,
  admin: 404,
  owner: 404,
  creator: status,
});

const MISSING = 2_000_000_000;

let t: TestApp;
let people: Record<Caller, TestUser>;

function send(auth: Auth | undefined, method: Method, url: string, body?: object) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    ...(auth ? { headers: auth } : {}),
    ...(body ? { payload: body } : {}),
  });
}

async function must(response: Promise<LightMyRequestResponse>, status = 200) {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(status);
  return answer;
}

/** The ids of the lists in a GET /lists answer. */
const listIds = (response: LightMyRequestResponse) =>
  z
    .array(ZList)
    .parse(response.json())
    .map((list) => list.id);

/** A shared-list page check: members see the group list, the outsider does not. */
const seesGroupList = (w: World, caller: Caller, response: LightMyRequestResponse) => {
  if (caller === 'outsider') expect(listIds(response)).not.toContain(w.listId);
  else expect(listIds(response)).toContain(w.listId);
};
/** Only the creator sees their personal list on any page. */
const seesPersonalList = (w: World, caller: Caller, response: LightMyRequestResponse) => {
  if (caller === 'creator') expect(listIds(response)).toContain(w.personalId);
  else expect(listIds(response)).not.toContain(w.personalId);
};
const statusIds = (response: LightMyRequestResponse) =>
  z
    .array(ZListStatus)
    .parse(response.json())
    .map((status) => status.id);

const l = (w: World) => `/lists/${w.listId}`;
const p = (w: World) => `/lists/${w.personalId}`;
const transition = (w: World, id: number, name: string) =>
  send(people.creator.auth, 'POST', `/lists/${id}/${name}`).then((r) => {
    expect(r.statusCode, r.body).toBe(200);
    // The versions the table's requests carry move on with the transition.
    if (id === w.listId) w.listVersion += 1;
    else w.personalVersion += 1;
  });

const groupRoutes: Route[] = [
  {
    route: 'GET /lists',
    request: () => ({ method: 'GET', url: '/lists' }),
    outcomes: signedIn(200),
    check: seesGroupList,
  },
  {
    route: 'GET /lists?group_id=',
    request: (w) => ({ method: 'GET', url: `/lists?group_id=${w.groupId}` }),
    // Naming a group one is not in is not found, as everywhere a group is named.
    outcomes: anyMember(200),
    check: seesGroupList,
  },
  {
    route: 'GET /lists/archived',
    prepare: (w) => transition(w, w.listId, 'archive'),
    request: () => ({ method: 'GET', url: '/lists/archived' }),
    outcomes: signedIn(200),
    check: seesGroupList,
  },
  {
    route: 'GET /lists/archived?group_id=',
    prepare: (w) => transition(w, w.listId, 'archive'),
    request: (w) => ({ method: 'GET', url: `/lists/archived?group_id=${w.groupId}` }),
    outcomes: anyMember(200),
    check: seesGroupList,
  },
  {
    route: 'GET /groups/{id}/lists',
    request: (w) => ({ method: 'GET', url: `/groups/${w.groupId}/lists` }),
    outcomes: anyMember(200),
    check: seesGroupList,
  },
  {
    route: 'POST /lists {group_id}',
    request: (w) => ({
      method: 'POST',
      url: '/lists',
      body: { name: 'Party', group_id: w.groupId },
    }),
    outcomes: anyMember(201),
  },
  {
    route: 'GET /lists/{id}',
    request: (w) => ({ method: 'GET', url: l(w) }),
    outcomes: anyMember(200),
  },
  {
    route: 'PATCH /lists/{id}',
    request: (w) => ({
      method: 'PATCH',
      url: l(w),
      body: { version: w.listVersion, name: 'Renamed' },
    }),
    outcomes: anyMember(200),
  },
  {
    route: 'DELETE /lists/{id}',
    request: (w) => ({ method: 'DELETE', url: l(w) }),
    outcomes: manager(204),
  },
  {
    route: 'GET /lists/{id}/status',
    request: (w) => ({ method: 'GET', url: `${l(w)}/status` }),
    outcomes: anyMember(200),
  },
  {
    route: 'GET /lists/statuses?ids=',
    request: (w) => ({ method: 'GET', url: `/lists/statuses?ids=${w.listId}` }),
    outcomes: signedIn(200),
    check: (w, caller, response) =>
      expect(statusIds(response)).toEqual(caller === 'outsider' ? [] : [w.listId]),
  },
  {
    route: 'POST /lists/{id}/complete',
    request: (w) => ({ method: 'POST', url: `${l(w)}/complete` }),
    outcomes: anyMember(200),
  },
  {
    route: 'POST /lists/{id}/reopen',
    prepare: (w) => transition(w, w.listId, 'complete'),
    request: (w) => ({ method: 'POST', url: `${l(w)}/reopen` }),
    outcomes: anyMember(200),
  },
  {
    route: 'POST /lists/{id}/archive',
    request: (w) => ({ method: 'POST', url: `${l(w)}/archive` }),
    outcomes: anyMember(200),
  },
  {
    route: 'POST /lists/{id}/unarchive',
    prepare: (w) => transition(w, w.listId, 'archive'),
    request: (w) => ({ method: 'POST', url: `${l(w)}/unarchive` }),
    outcomes: anyMember(200),
  },
  {
    route: 'POST /lists/{id}/duplicate',
    request: (w) => ({ method: 'POST', url: `${l(w)}/duplicate` }),
    outcomes: anyMember(201),
  },
  {
    // Sharing moves a personal list into a group; a group list is in one already.
    route: 'POST /lists/{id}/share (a group list)',
    request: (w) => ({ method: 'POST', url: `${l(w)}/share`, body: { group_id: w.groupId } }),
    outcomes: anyMember(409),
  },
  {
    route: 'POST /lists/{id}/unshare',
    request: (w) => ({ method: 'POST', url: `${l(w)}/unshare` }),
    outcomes: manager(200),
  },
  {
    route: 'GET /lists/{id}/export?format=json',
    request: (w) => ({ method: 'GET', url: `${l(w)}/export?format=json` }),
    outcomes: anyMember(200),
  },
  {
    route: 'GET /lists/{id}/export?format=csv',
    request: (w) => ({ method: 'GET', url: `${l(w)}/export?format=csv` }),
    outcomes: anyMember(200),
  },
  {
    route: 'GET /lists/{id}/walking-order',
    request: (w) => ({ method: 'GET', url: `${l(w)}/walking-order` }),
    outcomes: anyMember(200),
  },
  {
    route: 'GET /lists/{id}/suggestions?item=',
    request: (w) => ({ method: 'GET', url: `${l(w)}/suggestions?item=Milk` }),
    outcomes: anyMember(200),
  },
  {
    route: 'POST /lists/import {group_id}',
    request: (w) => ({
      method: 'POST',
      url: '/lists/import',
      body: { format: 'text', content: 'Milk\nBread', group_id: w.groupId },
    }),
    outcomes: anyMember(201),
  },
  {
    route: 'GET /lists/{id}/items',
    request: (w) => ({ method: 'GET', url: `${l(w)}/items` }),
    outcomes: anyMember(200),
  },
  {
    route: 'POST /lists/{id}/items',
    request: (w) => ({ method: 'POST', url: `${l(w)}/items`, body: { name: 'Eggs' } }),
    outcomes: anyMember(201),
  },
  {
    route: 'PUT /lists/{id}/items/order',
    request: (w) => ({
      method: 'PUT',
      url: `${l(w)}/items/order`,
      body: { item_ids: [w.itemId] },
    }),
    outcomes: anyMember(200),
  },
  {
    route: 'GET /lists/{id}/items/{itemId}',
    request: (w) => ({ method: 'GET', url: `${l(w)}/items/${w.itemId}` }),
    outcomes: anyMember(200),
  },
  {
    route: 'PATCH /lists/{id}/items/{itemId}',
    request: (w) => ({
      method: 'PATCH',
      url: `${l(w)}/items/${w.itemId}`,
      body: { version: w.itemVersion, done: true },
    }),
    outcomes: anyMember(200),
  },
  {
    route: 'DELETE /lists/{id}/items/{itemId}',
    request: (w) => ({ method: 'DELETE', url: `${l(w)}/items/${w.itemId}` }),
    outcomes: anyMember(204),
  },
  {
    route: 'GET /items/{id}',
    request: (w) => ({ method: 'GET', url: `/items/${w.itemId}` }),
    outcomes: anyMember(200),
  },
  {
    route: 'PATCH /items/{id}',
    request: (w) => ({
      method: 'PATCH',
      url: `/items/${w.itemId}`,
      body: { version: w.itemVersion, quantity: 3 },
    }),
    outcomes: anyMember(200),
  },
  {
    route: 'DELETE /items/{id}',
    request: (w) => ({ method: 'DELETE', url: `/items/${w.itemId}` }),
    outcomes: anyMember(204),
  },
  {
    route: 'GET /categories',
    request: () => ({ method: 'GET', url: '/categories' }),
    outcomes: signedIn(200),
    check: (w, _caller, response) =>
      expect(
        z
          .array(ZCategory)
          .parse(response.json())
          .map((category) => category.id),
      ).not.toContain(w.categoryId),
  },
  {
    route: 'GET /categories?group_id=',
    request: (w) => ({ method: 'GET', url: `/categories?group_id=${w.groupId}` }),
    outcomes: anyMember(200),
    check: (w, _caller, response) =>
      expect(
        z
          .array(ZCategory)
          .parse(response.json())
          .map((category) => category.id),
      ).toEqual([w.categoryId]),
  },
  {
    route: 'POST /categories {group_id}',
    request: (w) => ({
      method: 'POST',
      url: '/categories',
      body: { name: 'Pets', group_id: w.groupId },
    }),
    outcomes: anyMember(201),
  },
  {
    route: 'PATCH /categories/{id} (a group category)',
    request: (w) => ({
      method: 'PATCH',
      url: `/categories/${w.categoryId}`,
      body: { name: 'Greens', color: '#00aa00' },
    }),
    outcomes: anyMember(200),
  },
  {
    route: 'DELETE /categories/{id} (a group category)',
    request: (w) => ({ method: 'DELETE', url: `/categories/${w.categoryId}` }),
    outcomes: anyMember(204),
  },
  {
    route: 'GET /costs/lists/{id}/cost-summary',
    request: (w) => ({ method: 'GET', url: `/costs/lists/${w.listId}/cost-summary` }),
    outcomes: anyMember(200),
  },
];

const personalRoutes: Route[] = [
  {
    route: 'GET /lists',
    request: () => ({ method: 'GET', url: '/lists' }),
    outcomes: signedIn(200),
    check: seesPersonalList,
  },
  {
    route: 'GET /lists/archived',
    prepare: (w) => transition(w, w.personalId, 'archive'),
    request: () => ({ method: 'GET', url: '/lists/archived' }),
    outcomes: signedIn(200),
    check: seesPersonalList,
  },
  {
    route: 'GET /lists/{id}',
    request: (w) => ({ method: 'GET', url: p(w) }),
    outcomes: ownerOnly(200),
  },
  {
    route: 'PATCH /lists/{id}',
    request: (w) => ({
      method: 'PATCH',
      url: p(w),
      body: { version: w.personalVersion, description: 'for Sunday' },
    }),
    outcomes: ownerOnly(200),
  },
  {
    route: 'DELETE /lists/{id}',
    request: (w) => ({ method: 'DELETE', url: p(w) }),
    outcomes: ownerOnly(204),
  },
  {
    route: 'GET /lists/{id}/status',
    request: (w) => ({ method: 'GET', url: `${p(w)}/status` }),
    outcomes: ownerOnly(200),
  },
  {
    route: 'GET /lists/statuses?ids=',
    request: (w) => ({ method: 'GET', url: `/lists/statuses?ids=${w.personalId}` }),
    outcomes: signedIn(200),
    check: (w, caller, response) =>
      expect(statusIds(response)).toEqual(caller === 'creator' ? [w.personalId] : []),
  },
  {
    route: 'POST /lists/{id}/complete',
    request: (w) => ({ method: 'POST', url: `${p(w)}/complete` }),
    outcomes: ownerOnly(200),
  },
  {
    route: 'POST /lists/{id}/reopen',
    prepare: (w) => transition(w, w.personalId, 'complete'),
    request: (w) => ({ method: 'POST', url: `${p(w)}/reopen` }),
    outcomes: ownerOnly(200),
  },
  {
    route: 'POST /lists/{id}/archive',
    request: (w) => ({ method: 'POST', url: `${p(w)}/archive` }),
    outcomes: ownerOnly(200),
  },
  {
    route: 'POST /lists/{id}/unarchive',
    prepare: (w) => transition(w, w.personalId, 'archive'),
    request: (w) => ({ method: 'POST', url: `${p(w)}/unarchive` }),
    outcomes: ownerOnly(200),
  },
  {
    route: 'POST /lists/{id}/duplicate',
    request: (w) => ({ method: 'POST', url: `${p(w)}/duplicate`, body: { name: 'Copy' } }),
    outcomes: ownerOnly(201),
  },
  {
    // Every caller is a member of this group: only the list's owner may move it there.
    route: 'POST /lists/{id}/share',
    request: (w) => ({ method: 'POST', url: `${p(w)}/share`, body: { group_id: w.groupId } }),
    outcomes: ownerOnly(200),
  },
  {
    route: 'POST /lists/{id}/unshare (a personal list)',
    request: (w) => ({ method: 'POST', url: `${p(w)}/unshare` }),
    outcomes: ownerOnly(409),
  },
  {
    route: 'GET /lists/{id}/export',
    request: (w) => ({ method: 'GET', url: `${p(w)}/export` }),
    outcomes: ownerOnly(200),
  },
  {
    route: 'GET /lists/{id}/walking-order',
    request: (w) => ({ method: 'GET', url: `${p(w)}/walking-order` }),
    outcomes: ownerOnly(200),
  },
  {
    route: 'GET /lists/{id}/suggestions?item=',
    request: (w) => ({ method: 'GET', url: `${p(w)}/suggestions?item=Milk` }),
    outcomes: ownerOnly(200),
  },
  {
    route: 'GET /lists/{id}/items',
    request: (w) => ({ method: 'GET', url: `${p(w)}/items` }),
    outcomes: ownerOnly(200),
  },
  {
    route: 'POST /lists/{id}/items',
    request: (w) => ({ method: 'POST', url: `${p(w)}/items`, body: { name: 'Tea' } }),
    outcomes: ownerOnly(201),
  },
  {
    route: 'PUT /lists/{id}/items/order',
    request: (w) => ({
      method: 'PUT',
      url: `${p(w)}/items/order`,
      body: { item_ids: [w.personalItemId] },
    }),
    outcomes: ownerOnly(200),
  },
  {
    route: 'GET /lists/{id}/items/{itemId}',
    request: (w) => ({ method: 'GET', url: `${p(w)}/items/${w.personalItemId}` }),
    outcomes: ownerOnly(200),
  },
  {
    route: 'PATCH /lists/{id}/items/{itemId}',
    request: (w) => ({
      method: 'PATCH',
      url: `${p(w)}/items/${w.personalItemId}`,
      body: { version: w.personalItemVersion, name: 'Green tea' },
    }),
    outcomes: ownerOnly(200),
  },
  {
    route: 'DELETE /lists/{id}/items/{itemId}',
    request: (w) => ({ method: 'DELETE', url: `${p(w)}/items/${w.personalItemId}` }),
    outcomes: ownerOnly(204),
  },
  {
    route: 'GET /items/{id}',
    request: (w) => ({ method: 'GET', url: `/items/${w.personalItemId}` }),
    outcomes: ownerOnly(200),
  },
  {
    route: 'PATCH /items/{id}',
    request: (w) => ({
      method: 'PATCH',
      url: `/items/${w.personalItemId}`,
      body: { version: w.personalItemVersion, done: true },
    }),
    outcomes: ownerOnly(200),
  },
  {
    route: 'DELETE /items/{id}',
    request: (w) => ({ method: 'DELETE', url: `/items/${w.personalItemId}` }),
    outcomes: ownerOnly(204),
  },
  {
    route: 'PATCH /categories/{id} (a personal category)',
    request: (w) => ({
      method: 'PATCH',
      url: `/categories/${w.personalCategoryId}`,
      body: { position: 0 },
    }),
    outcomes: ownerOnly(200),
  },
  {
    route: 'DELETE /categories/{id} (a personal category)',
    request: (w) => ({ method: 'DELETE', url: `/categories/${w.personalCategoryId}` }),
    outcomes: ownerOnly(204),
  },
  {
    route: 'GET /costs/lists/{id}/cost-summary',
    request: (w) => ({ method: 'GET', url: `/costs/lists/${w.personalId}/cost-summary` }),
    outcomes: ownerOnly(200),
  },
];

let groupId: number;

beforeAll(async () => {
  t = await createTestApp();
  const built = await Promise.all(
    ['Olivia Owner', 'Adam Admin', 'Mia Member', 'Chris Creator', 'Oscar Outsider'].map((name) =>
      buildUser(t.app, { name }),
    ),
  );
  const [owner, admin, member, creator, outsider] = built as TestUser[];
  people = {
    owner: owner!,
    admin: admin!,
    member: member!,
    creator: creator!,
    outsider: outsider!,
  };
  // One household for the whole file; each test gets fresh lists, items and categories in it.
  const group = await buildGroup(t.app, people.owner, { name: 'Table flat' });
  await addMember(t.app, group, people.admin, 'admin');
  await addMember(t.app, group, people.member, 'member');
  await addMember(t.app, group, people.creator, 'member');
  groupId = group.id;
});
afterAll(() => t.close());

const versionOf = async (listId: number) =>
  (await t.database.db.select().from(lists).where(eq(lists.id, listId)))[0]!.version;

/**
 * Fresh data for one test: a group list of `creator`'s with one item in the group's one category,
 * or a personal list of `creator`'s with one item in creator's one category. The categories of
 * earlier tests are cleared first (CATEGORIES_MAX would otherwise be reached).
 */
async function buildWorld(kind: 'group' | 'personal'): Promise<World> {
  const db = t.database.db;
  await db.delete(categories).where(eq(categories.groupId, groupId));
  await db.delete(categories).where(eq(categories.userId, people.creator.user.id));
  const world: World = {
    groupId,
    listId: MISSING,
    listVersion: 1,
    itemId: MISSING,
    itemVersion: 1,
    categoryId: MISSING,
    personalId: MISSING,
    personalVersion: 1,
    personalItemId: MISSING,
    personalItemVersion: 1,
    personalCategoryId: MISSING,
  };
  if (kind === 'group') {
    const category = ZCategory.parse(
      (
        await must(
          send(people.owner.auth, 'POST', '/categories', { name: 'Veg', group_id: groupId }),
          201,
        )
      ).json(),
    );
    const list = await buildList(t.app, people.creator, { name: 'Shared shop', group_id: groupId });
    const item = await addItem(t.app, people.creator, list.id, {
      name: 'Carrots',
      price_cents: 120,
      category_id: category.id,
    });
    Object.assign(world, {
      listId: list.id,
      listVersion: await versionOf(list.id),
      itemId: item.id,
      itemVersion: item.version,
      categoryId: category.id,
    });
  } else {
    const category = ZCategory.parse(
      (await must(send(people.creator.auth, 'POST', '/categories', { name: 'Mine' }), 201)).json(),
    );
    const list = await buildList(t.app, people.creator, { name: 'My own shop' });
    const item = await addItem(t.app, people.creator, list.id, {
      name: 'Tea',
      category_id: category.id,
    });
    Object.assign(world, {
      personalId: list.id,
      personalVersion: await versionOf(list.id),
      personalItemId: item.id,
      personalItemVersion: item.version,
      personalCategoryId: category.id,
    });
  }
  return world;
}

/** Everything a refused request must leave alone, read straight from the database. */
async function snapshot(w: World) {
  const db = t.database.db;
  const total = async (table: typeof lists | typeof items | typeof categories | typeof shopTicks) =>
    (await db.select({ n: count() }).from(table))[0]!.n;
  const listIdsOfWorld = [w.listId, w.personalId];
  return {
    lists: await db.select().from(lists).where(inArray(lists.id, listIdsOfWorld)).orderBy(lists.id),
    items: await db
      .select()
      .from(items)
      .where(inArray(items.listId, listIdsOfWorld))
      .orderBy(items.id),
    categories: await db
      .select()
      .from(categories)
      .where(or(eq(categories.groupId, w.groupId), eq(categories.userId, people.creator.user.id)))
      .orderBy(categories.id),
    activity: (
      await db
        .select({ n: count() })
        .from(groupActivity)
        .where(eq(groupActivity.groupId, w.groupId))
    )[0]!.n,
    listCount: await total(lists),
    itemCount: await total(items),
    categoryCount: await total(categories),
    tickCount: await total(shopTicks),
  };
}

function call(world: World, route: Route, auth?: Auth) {
  const { method, url, body } = route.request(world);
  return send(auth, method, url, body);
}

function casesOf(routes: Route[], callers: Caller[]) {
  return routes.flatMap((route) =>
    callers
      .filter((caller) => route.outcomes[caller] !== undefined)
      .map((caller) => {
        const outcome = route.outcomes[caller]!;
        const [status, code] =
          typeof outcome === 'number' ? [outcome, DEFAULT_CODES[outcome]] : outcome;
        return [route.route, CALLER_LABELS[caller], status, { route, caller, code }] as const;
      }),
  );
}

async function runCase(
  kind: 'group' | 'personal',
  route: Route,
  caller: Caller,
  status: number,
  code: ErrorCode | undefined,
) {
  const world = await buildWorld(kind);
  await route.prepare?.(world);
  const before = await snapshot(world);
  const response = await call(world, route, people[caller].auth);
  if (status >= 400) {
    expectProblem(response, status, code!);
    // A refused request changes nothing, and so leaves no trace in the activity log either.
    expect(await snapshot(world)).toEqual(before);
  } else {
    expect(response.statusCode, response.body).toBe(status);
    route.check?.(world, caller, response);
  }
}

for (const [kind, routes, callers] of [
  ['group', groupRoutes, CALLERS],
  // "Anyone else" of a personal list: someone who shares a group with its owner, and a stranger.
  ['personal', personalRoutes, ['creator', 'member', 'outsider']],
] as const) {
  describe(`who may call the routes of a ${kind} list`, () => {
    let shared: World;
    beforeAll(async () => {
      shared = await buildWorld(kind);
    });

    it.each(routes.map((route) => [route.route, route] as const))(
      '%s turns an anonymous caller away with 401 and changes nothing',
      async (_name, route) => {
        const before = await snapshot(shared);
        expectProblem(await call(shared, route), 401, 'unauthenticated');
        expect(await snapshot(shared)).toEqual(before);
      },
    );

    it.each(casesOf(routes, [...callers]))('%s answers %s with %i', (_name, _label, status, c) =>
      runCase(kind, c.route, c.caller, status, c.code),
    );
  });
}

describe('a list the caller may not see looks exactly like a list that does not exist', () => {
  const hidden: [string, Route, 'group' | 'personal', Caller][] = [
    ...groupRoutes
      .filter((route) => route.outcomes.outsider === 404)
      .map((route) => [`group list: ${route.route}`, route, 'group', 'outsider'] as const),
    ...personalRoutes
      .filter((route) => route.outcomes.member === 404)
      .map((route) => [`personal list: ${route.route}`, route, 'personal', 'member'] as const),
  ].map(([name, route, kind, caller]) => [name, route, kind, caller]);
  const worlds: Partial<Record<'group' | 'personal', World>> = {};

  it.each(hidden)('%s', async (_name, route, kind, caller) => {
    worlds[kind] ??= await buildWorld(kind);
    const world = worlds[kind];
    const missing: World = {
      ...world,
      groupId: MISSING,
      listId: MISSING,
      itemId: MISSING,
      categoryId: MISSING,
      personalId: MISSING,
      personalItemId: MISSING,
      personalCategoryId: MISSING,
    };
    const foreign = await call(world, route, people[caller].auth);
    const absent = await call(missing, route, people[caller].auth);
    const strip = (body: Record<string, unknown>) => ({ ...body, instance: undefined });
    expectProblem(foreign, 404, 'not_found');
    expectProblem(absent, 404, 'not_found');
    expect(strip(foreign.json())).toEqual(strip(absent.json()));
  });
});
