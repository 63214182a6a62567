import type { Notification, TokenPair } from '@household/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAttempts } from '../../db/schema';
import { expectProblem } from '../../../test/support/assertions';
import { buildUser, deviceCookieOf, type TestUser } from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { DEVICE_COOKIE } from './known-devices';

// docs/decisions.md "Failed logins": 10 free failures per account from unknown browsers, 5 per
// account and address (or known device), then 1 s, 2 s, 4 s … up to 15 minutes.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => t.close());

const WRONG = 'not the password';

function attempt(
  email: string,
  password: string,
  from: { address?: string; cookie?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/jwt/login',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(from.cookie ? { cookie: from.cookie } : {}),
    },
    remoteAddress: from.address ?? '198.51.100.1',
    payload: new URLSearchParams({ username: email, password }).toString(),
  });
}

/** Moves every recorded failure of the account back in time, as if `ms` had passed. */
async function letTimePass(email: string, ms: number) {
  await t.database.db
    .update(authAttempts)
    .set({ createdAt: sql`${authAttempts.createdAt} - make_interval(secs => ${ms / 1000})` })
    .where(eq(authAttempts.email, email));
}

/** An attacker's guesses from many addresses, none of them a known device of the account. */
async function guessFromEverywhere(email: string, guesses: number) {
  const statuses: number[] = [];
  for (let i = 0; i < guesses; i += 1) {
    const address = `203.0.113.${(i % 250) + 1}`;
    statuses.push((await attempt(email, `${WRONG} ${i}`, { address })).statusCode);
  }
  return statuses;
}

async function ownerWithKnownDevice(): Promise<TestUser & { cookie: string }> {
  const owner = await buildUser(t.app);
  const signedIn = await attempt(owner.email, owner.password, { address: '192.0.2.7' });
  expect(signedIn.statusCode).toBe(200);
  return { ...owner, cookie: deviceCookieOf(signedIn) };
}

describe('failed logins never lock the owner out', () => {
  it("an attacker's failures never make the owner's right password fail on their known device", async () => {
    const owner = await ownerWithKnownDevice();
    const statuses = await guessFromEverywhere(owner.email, 40);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses).toContain(429);

    // The owner's own browser, from another address and from the attacker's: in at once.
    for (const address of ['192.0.2.7', '203.0.113.1']) {
      const response = await attempt(owner.email, owner.password, {
        address,
        cookie: owner.cookie,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<TokenPair>().access_token).toEqual(expect.any(String));
    }
    // Its success hands the guesser no fresh free attempts.
    expectProblem(
      await attempt(owner.email, WRONG, { address: '203.0.113.99' }),
      429,
      'rate_limited',
    );
  });

  it('a known device is slowed only by its own failures', async () => {
    const owner = await ownerWithKnownDevice();
    await guessFromEverywhere(owner.email, 12);
    for (let i = 0; i < 5; i += 1) {
      expect((await attempt(owner.email, WRONG, { cookie: owner.cookie })).statusCode).toBe(400);
    }
    const waiting = await attempt(owner.email, owner.password, { cookie: owner.cookie });
    expectProblem(waiting, 429, 'rate_limited');
    expect(Number(waiting.headers['retry-after'])).toBe(1);
    await letTimePass(owner.email, 1500);
    expect((await attempt(owner.email, owner.password, { cookie: owner.cookie })).statusCode).toBe(
      200,
    );
  });

  it("another account's device cookie, or a forged one, counts as an unknown browser", async () => {
    const owner = await buildUser(t.app);
    const other = await ownerWithKnownDevice();
    await guessFromEverywhere(owner.email, 10);
    const forged = `${DEVICE_COOKIE}=${other.user.id}.AAAAAAAAAAAAAAAAAAAAAA.${'A'.repeat(43)}`;
    for (const cookie of [other.cookie, forged]) {
      expectProblem(
        await attempt(owner.email, owner.password, { cookie, address: '192.0.2.50' }),
        429,
        'rate_limited',
      );
    }
  });
});

describe('guessing slows to a crawl', () => {
  it('one address gets 5 free failures, then waits 1 s, 2 s, 4 s … and is refused unchecked meanwhile', async () => {
    const owner = await buildUser(t.app);
    const address = '198.51.100.20';
    for (let i = 0; i < 5; i += 1) {
      expect((await attempt(owner.email, WRONG, { address })).statusCode).toBe(400);
    }
    const early = await attempt(owner.email, owner.password, { address });
    expectProblem(early, 429, 'rate_limited');
    expect(early.json<{ detail: string }>().detail).toMatch(/sign-in link/);
    expect(Number(early.headers['retry-after'])).toBe(1);

    await letTimePass(owner.email, 1100);
    expect((await attempt(owner.email, WRONG, { address })).statusCode).toBe(400);
    expect(Number((await attempt(owner.email, WRONG, { address })).headers['retry-after'])).toBe(2);
    await letTimePass(owner.email, 2100);
    expect((await attempt(owner.email, WRONG, { address })).statusCode).toBe(400);
    expect(Number((await attempt(owner.email, WRONG, { address })).headers['retry-after'])).toBe(4);

    // Another address still has its own free attempts, up to the account's 10.
    expect(
      (await attempt(owner.email, owner.password, { address: '198.51.100.21' })).statusCode,
    ).toBe(200);
  });

  it('every unknown browser together gets 10 free failures, then waits, up to 15 minutes', async () => {
    const owner = await buildUser(t.app);
    expect(await guessFromEverywhere(owner.email, 10)).toEqual(Array(10).fill(400));
    const eleventh = await attempt(owner.email, owner.password, { address: '192.0.2.200' });
    expectProblem(eleventh, 429, 'rate_limited');

    // Forty more failures, each after its wait: the wait stops growing at 15 minutes.
    for (let i = 0; i < 40; i += 1) {
      await letTimePass(owner.email, 15 * 60 * 1000);
      await attempt(owner.email, WRONG, { address: `203.0.113.${i + 100}` });
    }
    const waiting = await attempt(owner.email, WRONG, { address: '192.0.2.201' });
    expect(Number(waiting.headers['retry-after'])).toBe(15 * 60);
  });

  it('an unknown address is counted as well, so the throttle tells nothing about which addresses exist', async () => {
    const email = 'nobody-here@example.test';
    const statuses = await guessFromEverywhere(email, 11);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
  });
});

describe('the unlock link and the notice', () => {
  const linkToken = (text: string) =>
    decodeURIComponent(text.match(/auth\/unlock\?token=([^\s&]+)/)?.[1] ?? '');
  const unlock = (token: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/unlock',
      payload: { token },
      headers: cookie ? { cookie } : {},
    });

  it('a mailed link makes a new browser a known device, once', async () => {
    const owner = await buildUser(t.app);
    await guessFromEverywhere(owner.email, 12);
    expectProblem(await attempt(owner.email, owner.password), 429, 'rate_limited');

    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/unlock-request',
      payload: { email: owner.email },
    });
    expect(asked.statusCode).toBe(202);
    await t.app.afterAnswer.idle();
    const mail = t
      .outbox()
      .find((m) => m.to === owner.email && m.subject === 'Sign in on this device');
    const token = linkToken(mail?.text ?? '');
    expect(token).not.toBe('');

    const unlocked = await unlock(token);
    expect(unlocked.statusCode).toBe(204);
    const cookie = deviceCookieOf(unlocked);
    expect(String(unlocked.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict/);
    expect((await attempt(owner.email, owner.password, { cookie })).statusCode).toBe(200);

    expectProblem(await unlock(token), 400, 'invalid_token');
  });

  it('answers 202 and mails nothing for an address without an account', async () => {
    const before = t.outbox().length;
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/unlock-request',
      payload: { email: 'no-account@example.test' },
    });
    expect(asked.statusCode).toBe(202);
    await t.app.afterAnswer.idle();
    expect(t.outbox().length).toBe(before);
  });

  it('tells the owner, in the app and by mail with an unlock link, once a day', async () => {
    const owner = await buildUser(t.app);
    await guessFromEverywhere(owner.email, 10);
    const notices = () =>
      t
        .outbox()
        .filter(
          (m) =>
            m.to === owner.email && m.subject === 'Someone is trying to sign in to your account',
        );
    await t.app.afterAnswer.idle();
    expect(notices()).toHaveLength(1);
    expect(notices()[0]!.text).toContain('10 failed attempts');
    expect(linkToken(notices()[0]!.text)).not.toBe('');

    const inbox = await t.app.inject({ url: '/api/v1/notifications', headers: owner.auth });
    const items = inbox.json<{ items: Notification[] }>().items;
    expect(items).toEqual([
      expect.objectContaining({
        kind: 'sign_in_attempts',
        data: expect.objectContaining({ count: 10 }),
        link: '/account',
      }),
    ]);

    await letTimePass(owner.email, 20 * 60 * 1000);
    await guessFromEverywhere(owner.email, 3);
    await t.app.afterAnswer.idle();
    expect(notices()).toHaveLength(1);
    const rows = await t.database.db
      .select()
      .from(authAttempts)
      .where(and(eq(authAttempts.email, owner.email), eq(authAttempts.kind, 'guessing_notice')));
    expect(rows).toHaveLength(1);
  });
});
