import { ZItem, ZListDetail } from '@household/contracts';
import { and, eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, items, users } from '../db/schema';
import { expectInvalidField, expectProblem } from '../../test/support/assertions';
import {
  addItem,
  addMember,
  buildGroup,
  buildList,
  buildUser,
  type TestUser,
} from '../../test/support/factories';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { AppError, registerProblemHandlers } from './problem';
import {
  CLAIM_LEASE_SECONDS,
  registerIdempotency,
  runWithClaim,
  withIdempotentTransactions,
  type Claim,
} from './idempotency';

// docs/lists.md "Items and concurrent edits": writes with an Idempotency-Key are applied once per
// user and key; a retry gets the first answer again.

type Auth = { authorization: string };
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let t: TestApp;
let alex: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  alex = await buildUser(t.app);
});
afterAll(() => t.close());

let keys = 0;
const newKey = () => `test-key-${Date.now()}-${++keys}`;

function send(auth: Auth, method: Method, url: string, key: string | undefined, body?: object) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...auth, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    ...(body ? { payload: body } : {}),
  });
}

async function itemsOf(auth: Auth, listId: number) {
  const response = await send(auth, 'GET', `/lists/${listId}`, undefined);
  expect(response.statusCode, response.body).toBe(200);
  return ZListDetail.parse(response.json()).items;
}

describe('Idempotency-Key', () => {
  it('applies a POST sent twice with the same key once, and answers the retry with the first answer', async () => {
    const list = await buildList(t.app, alex);
    const key = newKey();
    const first = await send(alex.auth, 'POST', `/lists/${list.id}/items`, key, { name: 'Milk' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await send(alex.auth, 'POST', `/lists/${list.id}/items`, key, { name: 'Milk' });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(ZItem.parse(again.json())).toEqual(ZItem.parse(first.json()));
    expect(await itemsOf(alex.auth, list.id)).toHaveLength(1);
  });

  it('replays a PATCH and a DELETE instead of applying them again', async () => {
    const list = await buildList(t.app, alex);
    const milk = await addItem(t.app, alex, list.id);
    const patchKey = newKey();
    const body = { version: milk.version, quantity: 2 };
    const patched = await send(alex.auth, 'PATCH', `/items/${milk.id}`, patchKey, body);
    expect(patched.statusCode, patched.body).toBe(200);
    // Without the key, the same body would now be stale (409); with it, the first answer comes back.
    const replay = await send(alex.auth, 'PATCH', `/items/${milk.id}`, patchKey, body);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(patched.json());

    const deleteKey = newKey();
    const deleted = await send(alex.auth, 'DELETE', `/items/${milk.id}`, deleteKey);
    expect(deleted.statusCode, deleted.body).toBe(204);
    const deletedAgain = await send(alex.auth, 'DELETE', `/items/${milk.id}`, deleteKey);
    expect(deletedAgain.statusCode, deletedAgain.body).toBe(204);
    expect(deletedAgain.headers['idempotent-replayed']).toBe('true');
  });

  it('applies two copies of one request sent at the same instant once', async () => {
    // A phone that times out and retries while the first copy is still in flight.
    const list = await buildList(t.app, alex);
    const key = newKey();
    const answers = await Promise.all(
      [1, 2].map(() => send(alex.auth, 'POST', `/lists/${list.id}/items`, key, { name: 'Milk' })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes).toContain(201);
    // The copy got the first answer again, or was told that the first is still running.
    expect(codes.every((code) => code === 201 || code === 409)).toBe(true);
    expect(await itemsOf(alex.auth, list.id)).toHaveLength(1);
  });

  it('keeps keys per user: two people may use the same key, each change applied', async () => {
    const mia = await buildUser(t.app);
    const group = await buildGroup(t.app, alex);
    await addMember(t.app, group, mia);
    const list = await buildList(t.app, alex, { group_id: group.id });
    const key = newKey();
    const byAlex = await send(alex.auth, 'POST', `/lists/${list.id}/items`, key, { name: 'Milk' });
    const byMia = await send(mia.auth, 'POST', `/lists/${list.id}/items`, key, { name: 'Bread' });
    expect(byAlex.statusCode, byAlex.body).toBe(201);
    expect(byMia.statusCode, byMia.body).toBe(201);
    expect(byMia.headers['idempotent-replayed']).toBeUndefined();
    expect((await itemsOf(alex.auth, list.id)).map((i) => i.name)).toEqual(['Milk', 'Bread']);
  });

  it('refuses the same key on another request with 409 conflict, applying nothing', async () => {
    const list = await buildList(t.app, alex);
    const other = await buildList(t.app, alex);
    const key = newKey();
    const first = await send(alex.auth, 'POST', `/lists/${list.id}/items`, key, { name: 'Milk' });
    expect(first.statusCode, first.body).toBe(201);
    expectProblem(
      await send(alex.auth, 'POST', `/lists/${other.id}/items`, key, { name: 'Milk' }),
      409,
      'conflict',
    );
    expect(await itemsOf(alex.auth, other.id)).toEqual([]);
    // Nor on another method and path: the edit of the item it created.
    const item = ZItem.parse(first.json());
    expectProblem(
      await send(alex.auth, 'PATCH', `/items/${item.id}`, key, {
        version: item.version,
        name: 'Changed',
      }),
      409,
      'conflict',
    );
    expect((await itemsOf(alex.auth, list.id))[0]).toEqual(item);
  });

  it('does not store an error answer: a retry after a 409 runs again', async () => {
    const list = await buildList(t.app, alex);
    const archived = await send(alex.auth, 'POST', `/lists/${list.id}/archive`, undefined);
    expect(archived.statusCode, archived.body).toBe(200);
    const key = newKey();
    expectProblem(
      await send(alex.auth, 'POST', `/lists/${list.id}/items`, key, { name: 'Milk' }),
      409,
      'list_archived',
    );
    const unarchived = await send(alex.auth, 'POST', `/lists/${list.id}/unarchive`, undefined);
    expect(unarchived.statusCode, unarchived.body).toBe(200);
    const retry = await send(alex.auth, 'POST', `/lists/${list.id}/items`, key, { name: 'Milk' });
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await itemsOf(alex.auth, list.id)).toHaveLength(1);
  });

  it('does not store a validation error either', async () => {
    const list = await buildList(t.app, alex);
    const key = newKey();
    expectInvalidField(
      await send(alex.auth, 'POST', `/lists/${list.id}/items`, key, { name: '' }),
      'name',
    );
    const retry = await send(alex.auth, 'POST', `/lists/${list.id}/items`, key, { name: 'Milk' });
    expect(retry.statusCode, retry.body).toBe(201);
  });

  it.each([
    ['a key with spaces', 'two words'],
    ['a key longer than 200 characters', 'k'.repeat(201)],
    ['an empty key', ''],
  ])('refuses %s with 400, applying nothing', async (_label, key) => {
    const list = await buildList(t.app, alex);
    expectInvalidField(
      await send(alex.auth, 'POST', `/lists/${list.id}/items`, key, { name: 'Milk' }),
      'idempotency-key',
    );
    expect(await itemsOf(alex.auth, list.id)).toEqual([]);
  });

  it('accepts a key of exactly 200 characters', async () => {
    const list = await buildList(t.app, alex);
    const key = `${newKey()}-`.padEnd(200, 'k');
    const first = await send(alex.auth, 'POST', `/lists/${list.id}/items`, key, { name: 'Milk' });
    expect(first.statusCode, first.body).toBe(201);
    const again = await send(alex.auth, 'POST', `/lists/${list.id}/items`, key, { name: 'Milk' });
    expect(again.headers['idempotent-replayed']).toBe('true');
  });
});

// What a process that died mid-request leaves behind, and what its client's retry then gets.
describe('Idempotency-Key claims of an attempt that never answered', () => {
  /** A claim as an attempt that started `ageSeconds` ago left it, in `status` (0 or -1). */
  async function leaveClaim(url: string, key: string, status: number, ageSeconds: number) {
    await t.database.db.insert(idempotencyKeys).values({
      userId: alex.user.id,
      key,
      method: 'POST',
      path: `/api/v1${url}`,
      status,
      claim: 'the-dead-attempt',
      createdAt: sql`now() - make_interval(secs => ${ageSeconds})`,
    });
  }

  it('runs the change when the claim outlived its lease and committed nothing', async () => {
    const list = await buildList(t.app, alex);
    const key = newKey();
    await leaveClaim(`/lists/${list.id}/items`, key, 0, CLAIM_LEASE_SECONDS + 1);
    const retry = await send(alex.auth, 'POST', `/lists/${list.id}/items`, key, { name: 'Milk' });
    expect(retry.statusCode, retry.body).toBe(201);
    const again = await send(alex.auth, 'POST', `/lists/${list.id}/items`, key, { name: 'Milk' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await itemsOf(alex.auth, list.id)).toHaveLength(1);
  });

  it('answers 409 already_applied, running nothing, when the dead attempt had committed', async () => {
    const list = await buildList(t.app, alex);
    const key = newKey();
    await leaveClaim(`/lists/${list.id}/items`, key, -1, CLAIM_LEASE_SECONDS + 1);
    expectProblem(
      await send(alex.auth, 'POST', `/lists/${list.id}/items`, key, { name: 'Milk' }),
      409,
      'already_applied',
    );
    expect(await itemsOf(alex.auth, list.id)).toEqual([]);
  });

  it('asks the retry to come back (409 with Retry-After) while the claim is within its lease', async () => {
    const list = await buildList(t.app, alex);
    const key = newKey();
    await leaveClaim(`/lists/${list.id}/items`, key, 0, 10);
    const retry = await send(alex.auth, 'POST', `/lists/${list.id}/items`, key, { name: 'Milk' });
    expectProblem(retry, 409, 'idempotency_in_progress');
    const wait = Number(retry.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(CLAIM_LEASE_SECONDS - 10 - 1);
    expect(wait).toBeLessThanOrEqual(CLAIM_LEASE_SECONDS - 10 + 1);
    expect(await itemsOf(alex.auth, list.id)).toEqual([]);
  });
});

describe('withIdempotentTransactions', () => {
  async function claimFor(key: string): Promise<Claim> {
    const claim = { userId: alex.user.id, key, token: `token-${key}`, applied: false };
    await t.database.db.insert(idempotencyKeys).values({
      userId: alex.user.id,
      key,
      method: 'POST',
      path: '/test',
      status: 0,
      claim: claim.token,
    });
    return claim;
  }
  const statusOf = async (key: string) => {
    const [row] = await t.database.db
      .select({ status: idempotencyKeys.status })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, alex.user.id), eq(idempotencyKeys.key, key)));
    return row?.status;
  };

  it('marks the claim applied in the commit of the change, and not when it rolls back', async () => {
    const db = withIdempotentTransactions(t.database.db);
    const list = await buildList(t.app, alex);
    const committed = await claimFor(newKey());
    await runWithClaim(committed, () =>
      db.transaction((tx) =>
        tx.insert(items).values({ listId: list.id, name: 'Kept', position: 1 }),
      ),
    );
    expect(committed.applied).toBe(true);
    expect(await statusOf(committed.key)).toBe(-1);

    const failed = await claimFor(newKey());
    await expect(
      runWithClaim(failed, () =>
        db.transaction(async (tx) => {
          await tx.insert(items).values({ listId: list.id, name: 'Lost', position: 2 });
          throw new Error('the change fails after its first statement');
        }),
      ),
    ).rejects.toThrow('first statement');
    expect(failed.applied).toBe(false);
    expect(await statusOf(failed.key)).toBe(0);
    expect((await itemsOf(alex.auth, list.id)).map((item) => item.name)).toEqual(['Kept']);
  });

  it('rolls the change back when a retry took the claim over', async () => {
    const db = withIdempotentTransactions(t.database.db);
    const list = await buildList(t.app, alex);
    const claim = await claimFor(newKey());
    const overtaken = { ...claim, token: 'a-token-the-retry-replaced' };
    await expect(
      runWithClaim(overtaken, () =>
        db.transaction((tx) =>
          tx.insert(items).values({ listId: list.id, name: 'Twice', position: 1 }),
        ),
      ),
    ).rejects.toMatchObject({ status: 409, code: 'idempotency_in_progress' });
    expect(await itemsOf(alex.auth, list.id)).toEqual([]);
    expect(await statusOf(claim.key)).toBe(0);
  });

  it('reaches the transactions of a route: a change that committed before an error keeps its key', async () => {
    // A route as the services write them: a transaction commits, then the request fails. The
    // claim, handed to the handler by registerIdempotency, must have been marked in that commit,
    // so the error is stored as the answer and a retry does not apply the change again.
    const list = await buildList(t.app, alex);
    const [alexRow] = await t.database.db.select().from(users).where(eq(users.id, alex.user.id));
    const db = withIdempotentTransactions(t.database.db);
    const app = Fastify();
    app.decorateRequest('user', null);
    app.addHook('preHandler', async (request) => {
      request.user = alexRow!;
    });
    registerProblemHandlers(app);
    registerIdempotency(app, t.database.db);
    let runs = 0;
    app.post('/commit-then-fail', async () => {
      runs += 1;
      await db.transaction((tx) =>
        tx.insert(items).values({ listId: list.id, name: 'Once', position: runs }),
      );
      throw new AppError(409, 'conflict', 'failed after its change');
    });
    await app.ready();
    const key = newKey();
    const post = () =>
      app.inject({ method: 'POST', url: '/commit-then-fail', headers: { 'idempotency-key': key } });
    expectProblem(await post(), 409, 'conflict');
    const retry = await post();
    expect(retry.statusCode).toBe(409);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(runs).toBe(1);
    expect((await itemsOf(alex.auth, list.id)).map((item) => item.name)).toEqual(['Once']);
    await app.close();
  });
});
