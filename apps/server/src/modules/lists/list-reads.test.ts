import { ZItem, ZListDetail } from '@household/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { items, users } from '../../db/schema';
import { expectProblem } from '../../../test/support/assertions';
import {
  addItem,
  addMember,
  buildGroup,
  buildList,
  buildUser,
} from '../../../test/support/factories';
import { sender, type Auth } from '../../../test/support/requests';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { loadItems } from './lists.presenter';
import { presentListDetail } from './list-reads';

// The list reads are JSON built by PostgreSQL (list-json.ts) next to the presenters that build the
// same shape in TypeScript for every other answer. These tests hold the two together, and cover
// the entity tags of the two reads.

let t: TestApp;

beforeAll(async () => {
  // A separate API host, so avatar URLs have a prefix to get right.
  t = await createTestApp({ PUBLIC_API_URL: 'https://api.example.org' });
});
afterAll(() => t.close());

const send = sender(() => t.app);

function read(auth: Auth, url: string, ifNoneMatch?: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/v1${url}`,
    headers: { ...auth, ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) },
  });
}

/** Everything a list read can show: a group, people with and without avatars, a deleted account. */
async function busyList() {
  const owner = await buildUser(t.app, { name: 'Olivia Owner' });
  const member = await buildUser(t.app, { name: 'Max Member' });
  const leaver = await buildUser(t.app, { name: 'Lea Leaver' });
  const group = await buildGroup(t.app, owner, { name: 'Flat 3B', currency: 'CHF' });
  await addMember(t.app, group, member);
  await addMember(t.app, group, leaver);
  const list = await buildList(t.app, owner, { name: 'Weekly shop', group_id: group.id });
  await t.database.db
    .update(users)
    .set({ avatarKey: 'a1b2c3' })
    .where(eq(users.id, member.user.id));
  const milk = await addItem(t.app, owner, list.id, {
    name: 'Milk',
    quantity: 1.5,
    unit: 'l',
    price_cents: 129,
    notes: 'the “good” one',
  });
  await addItem(t.app, member, list.id, { name: 'Brot & Butter', quantity: 2 });
  await addItem(t.app, leaver, list.id, { name: 'Tea' });
  const ticked = await send(member.auth, 'PATCH', `/items/${milk.id}`, {
    version: milk.version,
    done: true,
  });
  expect(ticked.statusCode, ticked.body).toBe(200);
  const gone = await send(leaver.auth, 'DELETE', '/users/me', { password: leaver.password });
  expect(gone.statusCode, gone.body).toBe(204);
  return { owner, member, group, list };
}

function presenterContext(): AppContext {
  return { db: t.database.db, config: t.config } as AppContext;
}

describe('the list read built by PostgreSQL', () => {
  it('equals what the presenters build, field for field', async () => {
    const { owner, list } = await busyList();
    const response = await read(owner.auth, `/lists/${list.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');

    const sent = ZListDetail.parse(response.json());
    const presented = await presentListDetail(presenterContext(), list.id);
    expect(sent).toEqual(presented);
    // The data really is varied: an avatar URL with the API host, a tick, a deleted account.
    expect(sent.items.map((item) => item.added_by?.avatar_url ?? null)).toContain(
      'https://api.example.org/api/v1/avatars/a1b2c3.webp',
    );
    expect(sent.items.some((item) => item.completed_by !== null && item.completed_at)).toBe(true);
    expect(sent.items.some((item) => item.added_by === null)).toBe(true);
    expect(sent).toMatchObject({ item_count: 3, done_count: 1, total_cents: 129, currency: 'CHF' });
  });

  it('lists the items the same way on their own', async () => {
    const { member, list } = await busyList();
    const response = await read(member.auth, `/lists/${list.id}/items`);
    expect(response.statusCode, response.body).toBe(200);
    const sent = z.array(ZItem).parse(response.json());
    expect(sent).toEqual(await loadItems(t.database.db, t.config, eq(items.listId, list.id)));
  });

  it('shows an empty personal list with no group and the owner’s currency', async () => {
    const owner = await buildUser(t.app);
    const list = await buildList(t.app, owner, { name: 'Mine' });
    const response = await read(owner.auth, `/lists/${list.id}`);
    expect(response.json()).toEqual(await presentListDetail(presenterContext(), list.id));
    expect(response.json()).toMatchObject({ group: null, items: [], item_count: 0 });
    const itemsRead = await read(owner.auth, `/lists/${list.id}/items`);
    expect(itemsRead.json()).toEqual([]);
  });

  it('answers 404 to anyone outside, whatever tag they send', async () => {
    const { owner, list } = await busyList();
    const outsider = await buildUser(t.app);
    const { headers } = await read(owner.auth, `/lists/${list.id}`);
    for (const url of [`/lists/${list.id}`, `/lists/${list.id}/items`]) {
      expectProblem(await read(outsider.auth, url), 404, 'not_found');
      expectProblem(await read(outsider.auth, url, String(headers.etag)), 404, 'not_found');
      expectProblem(await read(outsider.auth, url, '*'), 404, 'not_found');
    }
  });
});

describe('conditional list reads', () => {
  it('carry a weak tag, are kept privately and asked for again each time', async () => {
    const { owner, list } = await busyList();
    for (const url of [`/lists/${list.id}`, `/lists/${list.id}/items`]) {
      const response = await read(owner.auth, url);
      expect(response.headers.etag).toMatch(/^W\/"[\d.]+"$/);
      expect(response.headers['cache-control']).toBe('private, no-cache');
    }
  });

  it('answer 304 with no body while nothing changed, and 200 again after a change', async () => {
    const { owner, member, list } = await busyList();
    const first = await read(owner.auth, `/lists/${list.id}`);
    const etag = String(first.headers.etag);

    const again = await read(owner.auth, `/lists/${list.id}`, etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // Another member holding the same version gets the same answer.
    expect((await read(member.auth, `/lists/${list.id}`, `W/"0", ${etag}`)).statusCode).toBe(304);
    expect((await read(owner.auth, `/lists/${list.id}`, '*')).statusCode).toBe(304);

    await addItem(t.app, member, list.id, { name: 'Eggs' });
    const changed = await read(owner.auth, `/lists/${list.id}`, etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(ZListDetail.parse(changed.json()).items.map((item) => item.name)).toContain('Eggs');
  });

  it('change when a person shown in the list renames themself or the group is renamed', async () => {
    const { owner, member, group, list } = await busyList();
    const tagOf = async () => String((await read(owner.auth, `/lists/${list.id}`)).headers.etag);

    const before = await tagOf();
    const renamed = await send(member.auth, 'PATCH', '/users/me', { name: 'Maxine Member' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const afterRename = await tagOf();
    expect(afterRename).not.toBe(before);
    const stale = await read(owner.auth, `/lists/${list.id}`, before);
    expect(stale.statusCode).toBe(200);
    expect(JSON.stringify(stale.json())).toContain('Maxine Member');

    const groupRead = await send(owner.auth, 'GET', `/groups/${group.id}`);
    const version = (groupRead.json() as { version: number }).version;
    const groupRenamed = await send(owner.auth, 'PATCH', `/groups/${group.id}`, {
      version,
      name: 'Flat 4C',
    });
    expect(groupRenamed.statusCode, groupRenamed.body).toBe(200);
    expect(await tagOf()).not.toBe(afterRename);
  });

  it('answer a member removed meanwhile with 404, not 304', async () => {
    const { owner, member, group, list } = await busyList();
    const { headers } = await read(member.auth, `/lists/${list.id}/items`);
    const removed = await send(
      owner.auth,
      'DELETE',
      `/groups/${group.id}/members/${member.user.id}`,
    );
    expect(removed.statusCode, removed.body).toBe(204);
    expectProblem(
      await read(member.auth, `/lists/${list.id}/items`, String(headers.etag)),
      404,
      'not_found',
    );
  });
});
