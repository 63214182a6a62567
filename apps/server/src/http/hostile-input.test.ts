import { PROBLEM_CONTENT_TYPE } from '@household/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { expectInvalidField, expectProblem } from '../../test/support/assertions';
import {
  addItem,
  buildGroup,
  buildList,
  buildUser,
  DEFAULT_PASSWORD,
  login,
  type TestUser,
} from '../../test/support/factories';
import { sender } from '../../test/support/requests';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { isPostgres } from '../../test/support/test-database';

// Regression tests for what a malformed-request campaign answered with 500 (issue "Hostile input
// and load"): text PostgreSQL cannot store, ids beyond its integer, concurrent account changes,
// and errors the HTTP layer raised outside problem+json. The fuzz tier covers every route; these
// name each finding.

let t: TestApp;
const send = sender(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';

describe('text that no person types', () => {
  let alex: TestUser;
  beforeAll(async () => {
    alex = await buildUser(t.app);
  });

  it('login with a NUL in the username is a 400 naming it, without a token', async () => {
    const response = await login(t.app, NUL, 'password123');
    expectInvalidField(response, 'username');
    expectInvalidField(await login(t.app, alex.email, `x${NUL}`), 'password');
  });

  it.each([
    [
      'POST',
      '/auth/register',
      { name: NUL, email: 'n@example.org', password: DEFAULT_PASSWORD },
      'name',
    ],
    ['PATCH', '/users/me', { name: NUL }, 'name'],
    ['POST', '/groups', { name: NUL }, 'name'],
    ['POST', '/groups', { name: 'Flat', description: NUL }, 'description'],
    ['POST', '/groups', { name: LONE_SURROGATE }, 'name'],
    ['POST', '/lists', { name: NUL }, 'name'],
    ['POST', '/lists', { name: LONE_SURROGATE }, 'name'],
    ['POST', '/lists', { name: 'Shop', description: NUL }, 'description'],
    ['POST', '/lists/import', { format: 'text', content: `milk\n${NUL}` }, 'content'],
    ['POST', '/lists/import', { format: 'text', content: 'milk', name: NUL }, 'name'],
    ['POST', '/categories', { name: NUL }, 'name'],
    ['POST', '/categories', { name: LONE_SURROGATE }, 'name'],
  ] as const)('%s %s refuses %j with a 400 naming %s', async (method, url, body, field) => {
    expectInvalidField(await send(alex.auth, method, url, body), field);
  });

  it('item text with NUL or a lone surrogate is refused and the saved item is unchanged', async () => {
    const list = await buildList(t.app, alex);
    const milk = await addItem(t.app, alex, list.id, { name: 'Milk', unit: 'l', notes: 'fresh' });
    for (const [field, value] of [
      ['name', NUL],
      ['unit', NUL],
      ['notes', NUL],
      ['name', LONE_SURROGATE],
    ] as const) {
      expectInvalidField(
        await send(alex.auth, 'POST', `/lists/${list.id}/items`, { name: 'x', [field]: value }),
        field,
      );
      expectInvalidField(
        await send(alex.auth, 'PATCH', `/items/${milk.id}`, {
          version: milk.version,
          [field]: value,
        }),
        field,
      );
    }
    const saved = (await send(alex.auth, 'GET', `/items/${milk.id}`)).json();
    expect(saved).toMatchObject({ name: 'Milk', unit: 'l', notes: 'fresh', version: milk.version });
  });

  it('stores names in NFC, keeps line breaks in notes as \\n, and refuses them in names', async () => {
    const list = await buildList(t.app, alex, { name: 'Cafe\u0301', description: 'a\r\nb\rc' });
    expect(list.name).toBe('Café');
    expect(list.description).toBe('a\nb\nc');
    expectInvalidField(await send(alex.auth, 'POST', '/lists', { name: 'two\nlines' }), 'name');
  });
});

describe('ids in paths and queries', () => {
  it.each(['01', '+1', '%201', '1e0', '2147483648'])(
    'a list path id %s names nothing: 404',
    async (id) => {
      const alex = await buildUser(t.app);
      expectProblem(await send(alex.auth, 'GET', `/lists/${id}`), 404, 'not_found');
    },
  );

  it.each(['2147483648', '01', '-1', 'abc'])(
    'an activity cursor %s is a 400 naming it, not a database error',
    async (cursor) => {
      const alex = await buildUser(t.app);
      const group = await buildGroup(t.app, alex);
      expectInvalidField(
        await send(alex.auth, 'GET', `/groups/${group.id}/activity?cursor=${cursor}`),
        'cursor',
      );
    },
  );

  it('a group filter naming a group one is not in is 404 on every route that takes it', async () => {
    const owner = await buildUser(t.app);
    const outsider = await buildUser(t.app);
    const group = await buildGroup(t.app, owner);
    for (const url of ['/lists', '/lists/archived', '/categories', '/invites']) {
      expectProblem(
        await send(outsider.auth, 'GET', `${url}?group_id=${group.id}`),
        404,
        'not_found',
      );
    }
  });
});

describe('concurrent changes to one account', () => {
  // Deterministic on PostgreSQL: the deletion holds the account's row while the email change
  // waits for it, then commits. (PGlite runs one transaction at a time, so there is no race.)
  it.runIf(isPostgres)(
    'an email change waiting on a deletion that commits first is 404',
    async () => {
      const alex = await buildUser(t.app);
      let change: Awaited<ReturnType<typeof send>> | undefined;
      await t.database.db.transaction(async (tx) => {
        await tx.delete(users).where(eq(users.id, alex.user.id));
        const pending = send(alex.auth, 'PATCH', '/users/me', { email: `moved-${alex.email}` });
        void pending.then((answer) => (change = answer));
        // Commit only once the change is blocked on the deleted row.
        while (!(await blockedOnALock())) await new Promise((resolve) => setTimeout(resolve, 20));
      });
      await expect.poll(() => change?.statusCode).toBeDefined();
      expectProblem(change!, 404, 'not_found');
    },
  );

  it('an email change racing the deletion of the account ends in 2xx or 404, never 5xx', async () => {
    for (let round = 0; round < 8; round++) {
      const alex = await buildUser(t.app);
      const [change, deletion] = await Promise.all([
        send(alex.auth, 'PATCH', '/users/me', { email: `moved-${round}-${alex.email}` }),
        send(alex.auth, 'DELETE', '/users/me', { password: alex.password }),
      ]);
      expect([200, 404, 401], change.body).toContain(change.statusCode);
      expect([204, 404, 401], deletion.body).toContain(deletion.statusCode);
    }
  });

  it('a password change or a settings change racing the deletion never answers 5xx', async () => {
    for (let round = 0; round < 4; round++) {
      const alex = await buildUser(t.app);
      const answers = await Promise.all([
        send(alex.auth, 'POST', '/users/password', {
          current_password: alex.password,
          new_password: 'another good password',
        }),
        send(alex.auth, 'PUT', '/users/settings', { preferences: { theme: 'dark' } }),
        send(alex.auth, 'DELETE', '/users/me', { password: alex.password }),
      ]);
      for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
    }
  });
});

describe('errors raised before a route runs', () => {
  it('an oversized header gets 431 as problem+json', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const response = await fetch(`${address}/api/v1/users/me`, {
        headers: { authorization: `Bearer ${'a'.repeat(20_000)}` },
      });
      expect(response.status).toBe(431);
      expect(response.headers.get('content-type')).toContain(PROBLEM_CONTENT_TYPE);
      expect(await response.json()).toMatchObject({ status: 431, code: 'headers_too_large' });
    } finally {
      await t.app.server.close();
    }
  });

  it('an overlong path parameter gets 414 as problem+json', async () => {
    const alex = await buildUser(t.app);
    expectProblem(await send(alex.auth, 'GET', `/lists/${'1'.repeat(200)}`), 414, 'uri_too_long');
  });
});

/** True while another connection of this database waits for a row lock (PostgreSQL only). */
async function blockedOnALock(): Promise<boolean> {
  const result = (await t.database.db.execute(
    sql`SELECT count(*)::int AS waiting FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  )) as unknown as { rows: { waiting: number }[] };
  return (result.rows[0]?.waiting ?? 0) > 0;
}
