import type { TokenPair, User } from '@household/contracts';
import { SignJWT } from 'jose';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionTokens } from '../../db/schema';
import {
  bearer,
  buildGuest,
  buildUser,
  DEFAULT_PASSWORD,
  login,
  uniqueEmail,
} from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { expectProblem } from '../../../test/support/assertions';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MAIL_REQUESTS_PER_ADDRESS_PER_HOUR: '100000' });
});
afterAll(() => t.close());

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers });
const me = (accessToken: string) =>
  t.app.inject({ url: '/api/v1/users/me', headers: bearer(accessToken) });
const refresh = (refreshToken: string) =>
  post('/auth/jwt/refresh', { refresh_token: refreshToken });
const linkToken = (text: string) => decodeURIComponent(text.match(/token=([^\s&]+)/)?.[1] ?? '');
const mailsTo = (email: string) => t.outbox().filter((mail) => mail.to === email);

describe('registration', () => {
  it('creates a user and answers 201 with the profile, never the password', async () => {
    const email = uniqueEmail();
    const response = await post('/auth/register', {
      name: 'Robin',
      email,
      password: DEFAULT_PASSWORD,
      locale: 'de',
      timezone: 'Europe/Berlin',
    });
    expect(response.statusCode).toBe(201);
    const user = response.json<User>();
    expect(user).toEqual({
      id: expect.any(Number),
      name: 'Robin',
      email,
      is_guest: false,
      is_verified: false,
      avatar_url: null,
      locale: 'de',
      timezone: 'Europe/Berlin',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    expect(response.body).not.toContain(DEFAULT_PASSWORD);
  });

  it('refuses an email that is already registered, whatever its case', async () => {
    const { email } = await buildUser(t.app);
    const response = await post('/auth/register', {
      name: 'Twin',
      email: email.toUpperCase(),
      password: DEFAULT_PASSWORD,
    });
    expectProblem(response, 409, 'email_taken');
  });

  it.each([
    ['name missing', { email: 'a@example.test', password: DEFAULT_PASSWORD }, 'name'],
    ['name empty', { name: '  ', email: 'a@example.test', password: DEFAULT_PASSWORD }, 'name'],
    [
      'name too long',
      { name: 'x'.repeat(101), email: 'a@example.test', password: DEFAULT_PASSWORD },
      'name',
    ],
    [
      'name not a string',
      { name: 42, email: 'a@example.test', password: DEFAULT_PASSWORD },
      'name',
    ],
    ['email missing', { name: 'A', password: DEFAULT_PASSWORD }, 'email'],
    ['email malformed', { name: 'A', email: 'not-an-email', password: DEFAULT_PASSWORD }, 'email'],
    [
      'email too long',
      { name: 'A', email: `${'x'.repeat(250)}@example.test`, password: DEFAULT_PASSWORD },
      'email',
    ],
    [
      'email not a string',
      { name: 'A', email: ['a@example.test'], password: DEFAULT_PASSWORD },
      'email',
    ],
    ['password missing', { name: 'A', email: 'a@example.test' }, 'password'],
    [
      'password of 7 characters',
      { name: 'A', email: 'a@example.test', password: '1234567' },
      'password',
    ],
    [
      'password oversize',
      { name: 'A', email: 'a@example.test', password: 'x'.repeat(300) },
      'password',
    ],
    ['password a number', { name: 'A', email: 'a@example.test', password: 12345678 }, 'password'],
    [
      'locale unknown',
      { name: 'A', email: 'a@example.test', password: DEFAULT_PASSWORD, locale: 'xx' },
      'locale',
    ],
    [
      'timezone unknown',
      { name: 'A', email: 'a@example.test', password: DEFAULT_PASSWORD, timezone: 'Mars/Base' },
      'timezone',
    ],
  ])('rejects %s with 400 and names the field', async (_case, payload, field) => {
    const response = await post('/auth/register', payload);
    expectProblem(response, 400, 'validation_failed');
    const errors = response.json<{ errors: { path: string }[] }>().errors;
    expect(errors.map((error) => error.path)).toContain(field);
  });

  it('rejects a body that is not an object', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '"just a string"',
    });
    expectProblem(response, 400, 'validation_failed');
  });

  it('mails a link that verifies the address', async () => {
    const { email, tokens } = await buildUser(t.app);
    const [mail] = mailsTo(email);
    expect(mail?.subject).toBe('Confirm your email address');
    expect(mail?.text).toContain('/auth/verify?token=');

    const verified = await post('/auth/verify', { token: linkToken(mail!.text) });
    expect(verified.statusCode).toBe(200);
    expect(verified.json<User>().is_verified).toBe(true);
    expect((await me(tokens.access_token)).json<User>().is_verified).toBe(true);

    expectProblem(
      await post('/auth/verify', { token: linkToken(mail!.text) }),
      400,
      'invalid_token',
    );
  });
});

describe('login', () => {
  it('trades a form-encoded email and password for a bearer token pair', async () => {
    const { email, password } = await buildUser(t.app);
    const response = await login(t.app, email.toUpperCase(), password);
    expect(response.statusCode).toBe(200);
    const tokens = response.json<TokenPair>();
    expect(tokens).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      token_type: 'bearer',
      expires_in: 900,
    });
    expect((await me(tokens.access_token)).json<User>().email).toBe(email);
  });

  it('answers 400 invalid_credentials, not 401, for a wrong password or an unknown email', async () => {
    const { email } = await buildUser(t.app);
    expectProblem(await login(t.app, email, 'wrong password'), 400, 'invalid_credentials');
    expectProblem(await login(t.app, uniqueEmail(), 'whatever1'), 400, 'invalid_credentials');
  });

  it('rejects a missing username or password with a validation problem', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/jwt/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=',
    });
    expectProblem(response, 400, 'validation_failed');
    const paths = response.json<{ errors: { path: string }[] }>().errors.map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['username', 'password']));
  });
});

describe('per-address rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => limited.close());

  it.each([
    [
      'login',
      {
        method: 'POST',
        url: '/api/v1/auth/jwt/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'username=a%40example.test&password=whatever1',
      },
    ],
    [
      'register',
      {
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { name: 'A', email: 'not-an-email', password: 'x' },
      },
    ],
    ['guest', { method: 'POST', url: '/api/v1/auth/guest' }],
    [
      'forgot-password',
      {
        method: 'POST',
        url: '/api/v1/auth/forgot-password',
        payload: { email: 'nobody@example.test' },
      },
    ],
  ] as const)('limits %s per address and lets other addresses through', async (_name, request) => {
    const from = (remoteAddress: string) =>
      limited.app.inject({ ...request, remoteAddress } as never);
    for (let i = 0; i < 3; i += 1) expect((await from('192.0.2.10')).statusCode).not.toBe(429);
    const blocked = await from('192.0.2.10');
    expectProblem(blocked, 429, 'rate_limited');
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await from('192.0.2.11')).statusCode).not.toBe(429);
  });
});

describe('guests', () => {
  it('get a token pair for a new user flagged is_guest', async () => {
    const response = await post('/auth/guest');
    expect(response.statusCode).toBe(201);
    const profile = (await me(response.json<TokenPair>().access_token)).json<User>();
    expect(profile).toMatchObject({ is_guest: true, email: null, name: null });
  });

  it('keep their id and data when they claim a registered account', async () => {
    const guest = await buildGuest(t.app);
    const guestId = (await me(guest.tokens.access_token)).json<User>().id;
    const email = uniqueEmail('claimed');
    const claimed = await post(
      '/auth/claim',
      { name: 'Former Guest', email, password: DEFAULT_PASSWORD },
      guest.auth,
    );
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json<User>()).toMatchObject({ id: guestId, is_guest: false, email });

    const loggedIn = await login(t.app, email, DEFAULT_PASSWORD);
    expect((await me(loggedIn.json<TokenPair>().access_token)).json<User>().id).toBe(guestId);
    // The guest session goes on after the claim.
    expect((await me(guest.tokens.access_token)).json<User>().is_guest).toBe(false);
  });

  it('cannot claim an email that is taken, and stay guests', async () => {
    const taken = await buildUser(t.app);
    const guest = await buildGuest(t.app);
    const response = await post(
      '/auth/claim',
      { name: 'G', email: taken.email, password: DEFAULT_PASSWORD },
      guest.auth,
    );
    expectProblem(response, 409, 'email_taken');
    expect((await me(guest.tokens.access_token)).json<User>().is_guest).toBe(true);
  });

  it('validates the claim form and refuses registered users and anonymous callers', async () => {
    const guest = await buildGuest(t.app);
    expectProblem(
      await post('/auth/claim', { name: 'G', email: 'bad', password: 'short' }, guest.auth),
      400,
      'validation_failed',
    );
    const user = await buildUser(t.app);
    expectProblem(
      await post(
        '/auth/claim',
        { name: 'G', email: uniqueEmail(), password: DEFAULT_PASSWORD },
        user.auth,
      ),
      403,
      'forbidden',
    );
    expectProblem(
      await post('/auth/claim', { name: 'G', email: uniqueEmail(), password: DEFAULT_PASSWORD }),
      401,
      'unauthenticated',
    );
  });
});

describe('refresh tokens', () => {
  it('are single-use: a refresh gives a new pair and the old refresh token stops working', async () => {
    const { tokens } = await buildUser(t.app);
    const first = await refresh(tokens.refresh_token);
    expect(first.statusCode).toBe(200);
    const next = first.json<TokenPair>();
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect((await me(next.access_token)).statusCode).toBe(200);
    expect((await refresh(next.refresh_token)).statusCode).toBe(200);
  });

  it('revoke the whole session when a used token is presented again (theft detection)', async () => {
    const { tokens } = await buildUser(t.app);
    const rotated = (await refresh(tokens.refresh_token)).json<TokenPair>();
    expectProblem(await refresh(tokens.refresh_token), 401, 'invalid_token');
    // The thief's replay also ends the legitimate holder's newer token.
    expectProblem(await refresh(rotated.refresh_token), 401, 'invalid_token');
  });

  it('let exactly one of two simultaneous uses of the same token win', async () => {
    const { tokens } = await buildUser(t.app);
    const answers = await Promise.all([
      refresh(tokens.refresh_token),
      refresh(tokens.refresh_token),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
  });

  it('answer 401 for an unknown token and 400 for a missing one', async () => {
    expectProblem(await refresh('made-up-token'), 401, 'invalid_token');
    expectProblem(await post('/auth/jwt/refresh', {}), 400, 'validation_failed');
    expectProblem(
      await post('/auth/jwt/refresh', { refresh_token: 'x'.repeat(600) }),
      400,
      'validation_failed',
    );
  });
});

describe('access tokens', () => {
  it('expire: an expired or forged token answers 401 unauthenticated', async () => {
    const { user } = await buildUser(t.app);
    const secret = new TextEncoder().encode(t.config.jwtSecret ?? '');
    const expired = await new SignJWT({ sid: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(secret);
    expectProblem(await me(expired), 401, 'unauthenticated');
    const forged = await new SignJWT({ sid: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('some-other-secret-of-enough-length!!'));
    expectProblem(await me(forged), 401, 'unauthenticated');
    expectProblem(await me('not.a.jwt'), 401, 'unauthenticated');
  });
});

describe('logout', () => {
  it('revokes the session: its refresh token no longer works', async () => {
    const { tokens, auth } = await buildUser(t.app);
    const response = await post('/auth/jwt/logout', undefined, auth);
    expect(response.statusCode).toBe(204);
    expectProblem(await refresh(tokens.refresh_token), 401, 'invalid_token');
  });

  it('leaves the user’s other sessions alone', async () => {
    const { email, password, auth } = await buildUser(t.app);
    const other = (await login(t.app, email, password)).json<TokenPair>();
    await post('/auth/jwt/logout', undefined, auth);
    expect((await refresh(other.refresh_token)).statusCode).toBe(200);
  });

  it('needs a signed-in caller', async () => {
    expectProblem(await post('/auth/jwt/logout'), 401, 'unauthenticated');
  });
});

describe('password reset', () => {
  it('answers 202 for an unknown email and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const response = await post('/auth/forgot-password', { email });
    expect(response.statusCode).toBe(202);
    expect(mailsTo(email)).toHaveLength(0);
  });

  it('mails a single-use link that sets a new password and ends every session', async () => {
    const { email, tokens } = await buildUser(t.app);
    expect((await post('/auth/forgot-password', { email: email.toUpperCase() })).statusCode).toBe(
      202,
    );
    const mail = mailsTo(email).find((m) => m.subject === 'Reset your password');
    expect(mail?.text).toContain('/auth/reset-password?token=');
    const token = linkToken(mail!.text);

    const reset = await post('/auth/reset-password', { token, password: 'a brand new secret' });
    expect(reset.statusCode).toBe(204);
    expect((await login(t.app, email, DEFAULT_PASSWORD)).statusCode).toBe(400);
    expect((await login(t.app, email, 'a brand new secret')).statusCode).toBe(200);
    expectProblem(await refresh(tokens.refresh_token), 401, 'invalid_token');

    expectProblem(
      await post('/auth/reset-password', { token, password: 'yet another one' }),
      400,
      'invalid_token',
    );
  });

  it('refuses an expired link and a short password', async () => {
    const { email } = await buildUser(t.app);
    await post('/auth/forgot-password', { email });
    const token = linkToken(mailsTo(email).find((m) => m.subject === 'Reset your password')!.text);
    expectProblem(
      await post('/auth/reset-password', { token, password: 'short' }),
      400,
      'validation_failed',
    );

    await t.database.db
      .update(actionTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(actionTokens.purpose, 'reset_password'));
    expectProblem(
      await post('/auth/reset-password', { token, password: 'long enough now' }),
      400,
      'invalid_token',
    );
    expect((await login(t.app, email, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('sends at most three reset mails an hour to one account', async () => {
    const { email } = await buildUser(t.app);
    for (let i = 0; i < 5; i += 1) {
      expect((await post('/auth/forgot-password', { email }, {})).statusCode).toBe(202);
    }
    expect(mailsTo(email).filter((m) => m.subject === 'Reset your password')).toHaveLength(3);
  });
});

describe('email verification requests', () => {
  it('mail the signed-in caller, or a registered address given anonymously', async () => {
    const { email, auth } = await buildUser(t.app);
    const before = mailsTo(email).length;
    expect((await post('/auth/request-verify-token', {}, auth)).statusCode).toBe(202);
    expect((await post('/auth/request-verify-token', { email })).statusCode).toBe(202);
    expect(mailsTo(email)).toHaveLength(before + 2);
  });

  it('answer 202 for an unknown address without sending anything', async () => {
    const email = uniqueEmail('nobody');
    expect((await post('/auth/request-verify-token', { email })).statusCode).toBe(202);
    expect(mailsTo(email)).toHaveLength(0);
  });

  it('reject a made-up token', async () => {
    expectProblem(await post('/auth/verify', { token: 'made-up' }), 400, 'invalid_token');
    expectProblem(await post('/auth/verify', {}), 400, 'validation_failed');
  });
});
