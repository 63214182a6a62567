import { ZCalendarFeed, ZPushDevice } from '@household/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, expectShape } from '../../../test/support/assertions';
import { buildUser, type TestUser } from '../../../test/support/factories';
import { browserKeys } from '../../../test/support/notifications';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { refreshTokens } from '../../db/schema';

// docs/accounts.md "Sensitive changes": a calendar address and a push device outlive the session
// that made them, so making one needs a fresh login or the password.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const send = (user: TestUser, url: string, body?: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: user.auth, payload: body });

const get = (user: TestUser, url: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: user.auth });

/** The session's login was long ago: its access token alone proves no fresh authentication. */
async function ageSessions(user: TestUser): Promise<void> {
  await t.database.db
    .update(refreshTokens)
    .set({ createdAt: sql`now() - interval '10 minutes'` })
    .where(eq(refreshTokens.userId, user.user.id));
}

const pushDevice = async (label: string) => ({
  endpoint: `https://push.example/${label}-${Math.random().toString(36).slice(2)}`,
  keys: await browserKeys(),
  label,
});

describe('making a calendar address', () => {
  it('from an old session needs the password; nothing is made without it', async () => {
    const ann = await buildUser(t.app);
    await ageSessions(ann);

    const refused = await send(ann, '/chores/calendar-feed');
    const problem = expectProblem(refused, 403, 'reauthentication_required');
    expect(problem.detail).toBe('Confirm your password to make this change');
    expectProblem(
      await send(ann, '/chores/calendar-feed', { current_password: 'not the password' }),
      400,
      'invalid_credentials',
    );
    expectProblem(await get(ann, '/chores/calendar-feed'), 404, 'not_found');

    const made = await send(ann, '/chores/calendar-feed', { current_password: ann.password });
    expect(made.statusCode, made.body).toBe(200);
    const feed = expectShape(ZCalendarFeed, made.json());
    expect((await get(ann, '/chores/calendar-feed')).json()).toEqual(feed);
  });

  it('a new address in its place from an old session needs the password too', async () => {
    const ann = await buildUser(t.app);
    const feed = expectShape(ZCalendarFeed, (await send(ann, '/chores/calendar-feed')).json());
    await ageSessions(ann);

    expectProblem(await send(ann, '/chores/calendar-feed/reset'), 403, 'reauthentication_required');
    expectProblem(
      await send(ann, '/chores/calendar-feed/reset', { current_password: 'wrong' }),
      400,
      'invalid_credentials',
    );
    expect((await get(ann, '/chores/calendar-feed')).json()).toEqual(feed);

    const reset = await send(ann, '/chores/calendar-feed/reset', {
      current_password: ann.password,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(expectShape(ZCalendarFeed, reset.json()).url).not.toBe(feed.url);
  });

  it('a fresh login (within 5 minutes) makes and replaces one without the password', async () => {
    const ann = await buildUser(t.app);
    const made = await send(ann, '/chores/calendar-feed');
    expect(made.statusCode, made.body).toBe(200);
    const reset = await send(ann, '/chores/calendar-feed/reset');
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().url).not.toBe(made.json().url);
  });

  it('wrong passwords count as failed logins of the account', async () => {
    const ann = await buildUser(t.app);
    await ageSessions(ann);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await send(ann, '/chores/calendar-feed/reset', {
        current_password: `guess ${attempt}`,
      });
      if (response.statusCode === 429) return;
      expectProblem(response, 400, 'invalid_credentials');
    }
    throw new Error('ten wrong passwords were never slowed down');
  });
});

describe('registering a push device', () => {
  it('from an old session needs the password; no device is added without it', async () => {
    const ann = await buildUser(t.app);
    await ageSessions(ann);
    const device = await pushDevice('phone');

    expectProblem(await send(ann, '/push/subscriptions', device), 403, 'reauthentication_required');
    expectProblem(
      await send(ann, '/push/subscriptions', { ...device, current_password: 'wrong' }),
      400,
      'invalid_credentials',
    );
    expect((await get(ann, '/push/subscriptions')).json()).toEqual({ items: [] });

    const added = await send(ann, '/push/subscriptions', {
      ...device,
      current_password: ann.password,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(expectShape(ZPushDevice, added.json())).toMatchObject({ label: 'phone' });
    expect((await get(ann, '/push/subscriptions')).json().items).toHaveLength(1);
  });

  it('a fresh login (within 5 minutes) registers one without the password', async () => {
    const ann = await buildUser(t.app);
    const added = await send(ann, '/push/subscriptions', await pushDevice('laptop'));
    expect(added.statusCode, added.body).toBe(201);
  });
});
