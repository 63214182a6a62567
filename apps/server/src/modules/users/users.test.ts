import { randomBytes } from 'node:crypto';
import { AVATAR_MAX_BYTES, PROBLEM_CONTENT_TYPE } from '@household/contracts';
import { SignJWT } from 'jose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildGuest,
  buildUser,
  login,
  uniqueEmail,
  type TestUser,
} from '../../../test/support/factories';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { removeAvatar, setAvatar } from './avatar';
import { expectInvalidField, expectProblem } from '../../../test/support/assertions';
import { multipartUpload } from '../../../test/support/requests';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'PATCH' | 'PUT' | 'POST' | 'DELETE';

async function me(auth: { authorization: string }) {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: auth });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function send(auth: { authorization: string }, method: Method, url: string, body?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: auth,
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

/** An access token signed with the server's own key that expired half an hour ago. */
async function expiredTokenFor(userId: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: '00000000-0000-4000-8000-000000000000' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuedAt(now - 3600)
    .setExpirationTime(now - 1800)
    .sign(new TextEncoder().encode(t.config.jwtSecret ?? ''));
}

/** The single-use token of the last mail sent to `email` (verification or reset link). */
async function lastMailedToken(email: string): Promise<string> {
  await t.app.afterAnswer.idle();
  const mail = t
    .outbox()
    .filter((entry) => entry.to === email)
    .at(-1);
  const token = mail?.text.match(/token=([^\s]+)/)?.[1];
  if (!token) throw new Error(`no mail with a token to ${email}`);
  return decodeURIComponent(token);
}

/** A multipart/form-data body as a browser sends it, with the file under the field `file`. */
async function uploadAvatar(
  auth: { authorization: string },
  bytes: Buffer,
  filename = 'me.png',
  type = 'image/png',
) {
  const { payload, contentType } = await multipartUpload([{ bytes, filename, type }]);
  return t.app.inject({
    method: 'PUT',
    url: '/api/v1/users/avatar',
    headers: { ...auth, 'content-type': contentType },
    payload,
  });
}

const picture = (format: 'png' | 'jpeg' | 'webp' | 'gif', width = 600, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: '#c33' } })
    .toFormat(format)
    .toBuffer();

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('who may call the users routes', () => {
  const guarded: [Method, string, unknown?][] = [
    ['GET', '/api/v1/users/me'],
    ['PATCH', '/api/v1/users/me', { name: 'Nobody' }],
    ['DELETE', '/api/v1/users/me', { password: 'whatever-it-is' }],
    ['POST', '/api/v1/users/password', { current_password: 'a', new_password: 'long enough' }],
    ['GET', '/api/v1/users/notifications'],
    ['PUT', '/api/v1/users/notifications', { list_updates: false }],
    ['GET', '/api/v1/users/preferences'],
    ['PUT', '/api/v1/users/preferences', { theme: 'dark' }],
    ['GET', '/api/v1/users/settings'],
    ['PUT', '/api/v1/users/settings', { preferences: { theme: 'dark' } }],
    ['PUT', '/api/v1/users/avatar'],
    ['DELETE', '/api/v1/users/avatar'],
  ];

  it.each(guarded)('%s %s turns an anonymous caller away with 401', async (method, url, body) => {
    const response = await t.app.inject({
      method,
      url,
      ...(body === undefined ? {} : { payload: body as object }),
    });
    expectProblem(response, 401, 'unauthenticated');
  });

  it.each(guarded)('%s %s turns a garbage token away with 401', async (method, url, body) => {
    const response = await send(bearer('not.a.jwt'), method, url, body);
    expectProblem(response, 401, 'unauthenticated');
  });

  it.each(guarded)('%s %s turns an expired token away with 401', async (method, url, body) => {
    const someone = await buildUser(t.app);
    const response = await send(bearer(await expiredTokenFor(someone.user.id)), method, url, body);
    expectProblem(response, 401, 'unauthenticated');
  });

  it.each(guarded.filter(([, , body]) => body !== undefined))(
    '%s %s answers an anonymous caller 401 even when the body is invalid',
    async (method, url) => {
      const response = await t.app.inject({ method, url, payload: { name: 42, theme: 'neon' } });
      expectProblem(response, 401, 'unauthenticated');
    },
  );

  it('refuses a token signed with another key', async () => {
    const someone = await buildUser(t.app);
    const forged = await new SignJWT({ sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(someone.user.id))
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('a-different-secret-of-at-least-32-chars!'));
    expectProblem(await send(bearer(forged), 'GET', '/api/v1/users/me'), 401, 'unauthenticated');
  });

  it.each(['99999999999', '-1', '0', '1.5', 'admin'])(
    'refuses a correctly signed token whose subject %s is no possible user id',
    async (subject) => {
      const token = await new SignJWT({ sid: 'x' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(subject)
        .setExpirationTime('10m')
        .sign(new TextEncoder().encode(t.config.jwtSecret ?? ''));
      expectProblem(await send(bearer(token), 'GET', '/api/v1/users/me'), 401, 'unauthenticated');
    },
  );

  it('refuses a token in another scheme than Bearer', async () => {
    const someone = await buildUser(t.app);
    const response = await send(
      { authorization: `Basic ${someone.tokens.access_token}` },
      'GET',
      '/api/v1/users/me',
    );
    expectProblem(response, 401, 'unauthenticated');
  });
});

describe('GET /users/me', () => {
  it('describes the signed-in user in exactly the documented shape', async () => {
    const email = uniqueEmail('shape');
    const alex = await buildUser(t.app, { name: 'Alex Shape', email });
    expect(await me(alex.auth)).toEqual({
      id: alex.user.id,
      name: 'Alex Shape',
      email,
      is_guest: false,
      is_verified: false,
      avatar_url: null,
      locale: 'en',
      timezone: 'UTC',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
      pending_email: null,
    });
  });

  it('describes a guest with is_guest and no name or email', async () => {
    const guest = await buildGuest(t.app);
    expect(await me(guest.auth)).toMatchObject({
      name: null,
      email: null,
      is_guest: true,
      is_verified: false,
      avatar_url: null,
    });
  });
});

describe('PATCH /users/me', () => {
  it('changes name, locale and time zone and keeps them', async () => {
    const alex = await buildUser(t.app);
    const response = await send(alex.auth, 'PATCH', '/api/v1/users/me', {
      name: '  Sam Renamed  ',
      locale: 'de',
      timezone: 'Europe/Berlin',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Sam Renamed',
      locale: 'de',
      timezone: 'Europe/Berlin',
    });
    expect(await me(alex.auth)).toMatchObject({
      name: 'Sam Renamed',
      locale: 'de',
      timezone: 'Europe/Berlin',
      email: alex.email,
    });
  });

  it('an empty change changes nothing', async () => {
    const alex = await buildUser(t.app);
    const before = await me(alex.auth);
    const response = await send(alex.auth, 'PATCH', '/api/v1/users/me', {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(before);
  });

  it('ignores fields a user may not set on themselves', async () => {
    const alex = await buildUser(t.app);
    const before = await me(alex.auth);
    const response = await send(alex.auth, 'PATCH', '/api/v1/users/me', {
      id: before.id + 1000,
      is_guest: true,
      is_verified: true,
      avatar_url: 'https://evil.example.test/x.png',
      created_at: '2000-01-01T00:00:00.000Z',
    });
    expect(response.statusCode).toBe(200);
    expect(await me(alex.auth)).toEqual(before);
  });

  describe('rejects bad input with 400 and keeps what was saved', () => {
    let alex: TestUser;
    let saved: Record<string, unknown>;
    beforeAll(async () => {
      alex = await buildUser(t.app);
      await send(alex.auth, 'PATCH', '/api/v1/users/me', {
        name: 'Original Name',
        locale: 'fr',
        timezone: 'Europe/Paris',
      });
      saved = await me(alex.auth);
    });

    const cases: [string, string, unknown][] = [
      ['a name of 101 characters', 'name', { name: 'n'.repeat(101) }],
      ['an empty name', 'name', { name: '' }],
      ['a name of only spaces', 'name', { name: '    ' }],
      ['a name that is a number', 'name', { name: 42 }],
      ['a null name', 'name', { name: null }],
      ['an email of 300 characters', 'email', { email: `${'e'.repeat(287)}@example.test` }],
      ['an email without an at sign', 'email', { email: 'not-an-email' }],
      ['an empty email', 'email', { email: '' }],
      ['an email that is an array', 'email', { email: ['a@example.test'] }],
      ['the locale xx', 'locale', { locale: 'xx' }],
      ['a locale that is a number', 'locale', { locale: 1 }],
      ['the time zone Mars/Base', 'timezone', { timezone: 'Mars/Base' }],
      ['a time zone of 200 characters', 'timezone', { timezone: 'Europe/'.padEnd(200, 'x') }],
      ['a time zone that is an object', 'timezone', { timezone: { name: 'UTC' } }],
    ];

    it.each(cases)('%s', async (_label, path, body) => {
      const response = await send(alex.auth, 'PATCH', '/api/v1/users/me', {
        name: 'Should Not Stick',
        ...(body as object),
      });
      expectInvalidField(response, path);
      expect(await me(alex.auth)).toEqual(saved);
    });

    it.each([
      ['an array', []],
      ['a string', 'name'],
      ['null', null],
    ])('a body that is %s', async (_label, body) => {
      const response = await t.app.inject({
        method: 'PATCH',
        url: '/api/v1/users/me',
        headers: { ...alex.auth, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expectProblem(response, 400, 'validation_failed');
      expect(await me(alex.auth)).toEqual(saved);
    });
  });

  it('refuses an email another user has, whatever its case, and changes nothing', async () => {
    const other = await buildUser(t.app, { email: uniqueEmail('Other').toLowerCase() });
    const alex = await buildUser(t.app, { name: 'Alex Before' });
    const response = await send(alex.auth, 'PATCH', '/api/v1/users/me', {
      name: 'Alex After',
      email: other.email.replace(/^other/, 'Other').replace('example.test', 'Example.test'),
    });
    const body = expectProblem(response, 409, 'email_taken');
    expect(body.errors?.map((error) => error.path)).toContain('email');
    expect(await me(alex.auth)).toMatchObject({ name: 'Alex Before', email: alex.email });
  });

  it('an email change keeps the address until the new one, lower-cased, is confirmed', async () => {
    const alex = await buildUser(t.app);
    const newEmail = uniqueEmail('moved');
    const response = await send(alex.auth, 'PATCH', '/api/v1/users/me', {
      email: ` ${newEmail.toUpperCase()} `,
      current_password: alex.password,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: alex.email, pending_email: newEmail });

    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/confirm-email',
      payload: { token: await lastMailedToken(newEmail) },
    });
    expect(confirmed.json()).toMatchObject({ email: newEmail, is_verified: true });
    expect((await login(t.app, newEmail, alex.password)).statusCode).toBe(200);
  });

  it('setting the same email again keeps the account verified and sends no mail', async () => {
    const alex = await buildUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify',
      payload: { token: await lastMailedToken(alex.email) },
    });
    const mailsBefore = t.outbox().length;
    const response = await send(alex.auth, 'PATCH', '/api/v1/users/me', {
      email: alex.email.toUpperCase(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: alex.email, is_verified: true });
    expect(t.outbox()).toHaveLength(mailsBefore);
  });

  it('a guest cannot set an email here, and nothing of the request is saved', async () => {
    const guest = await buildGuest(t.app);
    const response = await send(guest.auth, 'PATCH', '/api/v1/users/me', {
      name: 'Guest Name',
      email: uniqueEmail('guest'),
    });
    expectProblem(response, 403, 'forbidden');
    expect(await me(guest.auth)).toMatchObject({ name: null, email: null, is_guest: true });
  });

  it('a guest can change their name', async () => {
    const guest = await buildGuest(t.app);
    const response = await send(guest.auth, 'PATCH', '/api/v1/users/me', { name: 'Kim' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Kim', is_guest: true, email: null });
  });
});

describe('POST /users/password', () => {
  const changePassword = (user: TestUser, body: unknown) =>
    send(user.auth, 'POST', '/api/v1/users/password', body);

  it('a wrong current password leaves the password unchanged', async () => {
    const alex = await buildUser(t.app);
    const response = await changePassword(alex, {
      current_password: 'not the password',
      new_password: 'a brand new password',
    });
    const body = expectProblem(response, 400, 'invalid_credentials');
    expect(body.errors?.map((error) => error.path)).toContain('current_password');
    expect((await login(t.app, alex.email, alex.password)).statusCode).toBe(200);
    expect((await login(t.app, alex.email, 'a brand new password')).statusCode).toBe(400);
  });

  it.each<[string, string, unknown]>([
    ['a new password of 7 characters', 'new_password', { new_password: 'seven77' }],
    ['a new password of 257 characters', 'new_password', { new_password: 'p'.repeat(257) }],
    ['a new password that is a number', 'new_password', { new_password: 12345678 }],
    ['a new password on the common list', 'new_password', { new_password: 'Password123' }],
    ['a missing new password', 'new_password', { new_password: undefined }],
    ['a missing current password', 'current_password', { current_password: undefined }],
    ['an empty current password', 'current_password', { current_password: '' }],
  ])('refuses %s and keeps the old password', async (_label, path, override) => {
    const alex = await buildUser(t.app);
    const response = await changePassword(alex, {
      current_password: alex.password,
      new_password: 'a brand new password',
      ...(override as object),
    });
    expectInvalidField(response, path);
    expect((await login(t.app, alex.email, alex.password)).statusCode).toBe(200);
  });

  it('a new password replaces the old one and ends every other session', async () => {
    const alex = await buildUser(t.app);
    const otherDevice = (await login(t.app, alex.email, alex.password)).json();
    // Issued-at has whole seconds: let the change happen in a later second than the login.
    await new Promise((resolve) => setTimeout(resolve, 1100));

    const response = await changePassword(alex, {
      current_password: alex.password,
      new_password: 'a brand new password',
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    expectProblem(await login(t.app, alex.email, alex.password), 400, 'invalid_credentials');
    expect((await login(t.app, alex.email, 'a brand new password')).statusCode).toBe(200);

    const otherRefresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/jwt/refresh',
      payload: { refresh_token: otherDevice.refresh_token },
    });
    expectProblem(otherRefresh, 401, 'invalid_token');
    // Access tokens issued before the change stop working too.
    const oldAccess = await t.app.inject({
      url: '/api/v1/users/me',
      headers: bearer(otherDevice.access_token),
    });
    expectProblem(oldAccess, 401, 'unauthenticated');

    const ownRefresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/jwt/refresh',
      payload: { refresh_token: alex.tokens.refresh_token },
    });
    expect(ownRefresh.statusCode).toBe(200);
    expect(await me(bearer(ownRefresh.json().access_token))).toMatchObject({ id: alex.user.id });
  });
});

describe('notifications, preferences and settings', () => {
  it('a new account has every notification on, automatic theme, English and euros', async () => {
    const alex = await buildUser(t.app);
    const notifications = await send(alex.auth, 'GET', '/api/v1/users/notifications');
    expect(notifications.json()).toEqual({
      email_notifications: true,
      list_updates: true,
      group_activities: true,
    });
    const preferences = await send(alex.auth, 'GET', '/api/v1/users/preferences');
    expect(preferences.json()).toEqual({ language: 'en', theme: 'auto', currency: 'EUR' });
    const settings = await send(alex.auth, 'GET', '/api/v1/users/settings');
    expect(settings.json()).toEqual({
      notifications: notifications.json(),
      preferences: preferences.json(),
    });
  });

  it('a partial notification update changes only the fields sent', async () => {
    const alex = await buildUser(t.app);
    const response = await send(alex.auth, 'PUT', '/api/v1/users/notifications', {
      list_updates: false,
    });
    expect(response.statusCode).toBe(200);
    const expected = { email_notifications: true, list_updates: false, group_activities: true };
    expect(response.json()).toEqual(expected);
    expect((await send(alex.auth, 'GET', '/api/v1/users/notifications')).json()).toEqual(expected);
  });

  it('a partial preference update changes only the fields sent', async () => {
    const alex = await buildUser(t.app);
    const response = await send(alex.auth, 'PUT', '/api/v1/users/preferences', {
      theme: 'dark',
      currency: 'CHF',
    });
    expect(response.statusCode).toBe(200);
    const expected = { language: 'en', theme: 'dark', currency: 'CHF' };
    expect(response.json()).toEqual(expected);
    expect((await send(alex.auth, 'GET', '/api/v1/users/preferences')).json()).toEqual(expected);
  });

  it('the preferred language and the profile locale are one setting', async () => {
    const alex = await buildUser(t.app);
    await send(alex.auth, 'PUT', '/api/v1/users/preferences', { language: 'nl' });
    expect(await me(alex.auth)).toMatchObject({ locale: 'nl' });
    await send(alex.auth, 'PATCH', '/api/v1/users/me', { locale: 'es' });
    expect((await send(alex.auth, 'GET', '/api/v1/users/preferences')).json()).toMatchObject({
      language: 'es',
    });
  });

  it('settings update notifications and preferences together', async () => {
    const alex = await buildUser(t.app);
    const response = await send(alex.auth, 'PUT', '/api/v1/users/settings', {
      notifications: { email_notifications: false, group_activities: false },
      preferences: { theme: 'light', language: 'de' },
    });
    expect(response.statusCode).toBe(200);
    const expected = {
      notifications: { email_notifications: false, list_updates: true, group_activities: false },
      preferences: { language: 'de', theme: 'light', currency: 'EUR' },
    };
    expect(response.json()).toEqual(expected);
    expect((await send(alex.auth, 'GET', '/api/v1/users/settings')).json()).toEqual(expected);
  });

  it('a guest has settings too', async () => {
    const guest = await buildGuest(t.app);
    const response = await send(guest.auth, 'PUT', '/api/v1/users/settings', {
      preferences: { currency: 'USD' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().preferences.currency).toBe('USD');
  });

  describe('rejects bad input with 400 and keeps what was saved', () => {
    let alex: TestUser;
    let saved: unknown;
    beforeAll(async () => {
      alex = await buildUser(t.app);
      await send(alex.auth, 'PUT', '/api/v1/users/settings', {
        notifications: { list_updates: false },
        preferences: { theme: 'dark', currency: 'GBP', language: 'fr' },
      });
      saved = (await send(alex.auth, 'GET', '/api/v1/users/settings')).json();
    });

    const cases: [string, string, string, unknown][] = [
      [
        'a boolean sent as a string',
        'notifications',
        'email_notifications',
        { email_notifications: 'false' },
      ],
      ['a boolean sent as 0', 'notifications', 'list_updates', { list_updates: 0 }],
      ['a null boolean', 'notifications', 'group_activities', { group_activities: null }],
      ['the theme neon', 'preferences', 'theme', { theme: 'neon' }],
      ['the currency EURO', 'preferences', 'currency', { currency: 'EURO' }],
      ['the currency XXXX', 'preferences', 'currency', { currency: 'XXXX' }],
      ['an unknown currency of three letters', 'preferences', 'currency', { currency: 'ABC' }],
      ['a currency in lower case', 'preferences', 'currency', { currency: 'eur' }],
      ['a currency that is a number', 'preferences', 'currency', { currency: 978 }],
      ['the language xx', 'preferences', 'language', { language: 'xx' }],
      ['a theme of 10000 characters', 'preferences', 'theme', { theme: 'x'.repeat(10_000) }],
    ];

    it.each(cases)('%s in /users/%s', async (_label, route, path, body) => {
      const response = await send(alex.auth, 'PUT', `/api/v1/users/${route}`, body);
      expectInvalidField(response, path);
      expect((await send(alex.auth, 'GET', '/api/v1/users/settings')).json()).toEqual(saved);
    });

    it.each(cases)('%s in /users/settings', async (_label, group, path, body) => {
      const valid =
        group === 'notifications' ? { preferences: { theme: 'light' } } : { notifications: {} };
      const response = await send(alex.auth, 'PUT', '/api/v1/users/settings', {
        ...valid,
        [group]: body,
      });
      expectInvalidField(response, `${group}.${path}`);
      expect((await send(alex.auth, 'GET', '/api/v1/users/settings')).json()).toEqual(saved);
    });

    it('a settings group that is not an object', async () => {
      const response = await send(alex.auth, 'PUT', '/api/v1/users/settings', {
        notifications: 'all off',
      });
      expectInvalidField(response, 'notifications');
      expect((await send(alex.auth, 'GET', '/api/v1/users/settings')).json()).toEqual(saved);
    });
  });
});

describe('avatar', () => {
  it.each([
    ['PNG', 'png', 'me.png', 'image/png', 600, 400],
    ['JPEG', 'jpeg', 'me.jpg', 'image/jpeg', 300, 500],
    ['WebP', 'webp', 'me.webp', 'image/webp', 1000, 256],
  ] as const)(
    'a %s picture becomes a 256 pixel square WebP avatar that browsers may cache forever',
    async (_label, format, filename, type, width, height) => {
      const alex = await buildUser(t.app);
      const response = await uploadAvatar(
        alex.auth,
        await picture(format, width, height),
        filename,
        type,
      );
      expect(response.statusCode, response.body).toBe(200);
      const avatarUrl: string = response.json().avatar_url;
      expect(avatarUrl).toMatch(/^\/api\/v1\/avatars\/[\w-]{20,64}\.webp$/);
      expect(await me(alex.auth)).toMatchObject({ avatar_url: avatarUrl });

      // Public: an <img> tag sends no bearer token.
      const image = await t.app.inject({ method: 'GET', url: avatarUrl });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.headers['cache-control']).toContain('immutable');
      const metadata = await sharp(image.rawPayload).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: 256, height: 256 });
    },
  );

  it('a picture between 1 and 2 MB is accepted', async () => {
    const alex = await buildUser(t.app);
    const bytes = await sharp({
      create: {
        width: 800,
        height: 700,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(bytes.length).toBeGreaterThan(1024 * 1024);
    expect(bytes.length).toBeLessThan(AVATAR_MAX_BYTES);
    const response = await uploadAvatar(alex.auth, bytes);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().avatar_url).toMatch(/\.webp$/);
  });

  it('a new picture gets a new address and the old one is gone', async () => {
    const alex = await buildUser(t.app);
    const first = (await uploadAvatar(alex.auth, await picture('png'))).json().avatar_url;
    const second = (
      await uploadAvatar(alex.auth, await picture('jpeg'), 'b.jpg', 'image/jpeg')
    ).json().avatar_url;
    expect(second).not.toBe(first);
    expectProblem(await t.app.inject(first), 404, 'not_found');
    expect((await t.app.inject(second)).statusCode).toBe(200);
  });

  describe('refuses what is not a PNG, JPEG or WebP picture, and keeps the avatar', () => {
    let alex: TestUser;
    let savedUrl: string;
    beforeAll(async () => {
      alex = await buildUser(t.app);
      savedUrl = (await uploadAvatar(alex.auth, await picture('png'))).json().avatar_url;
    });

    it.each([
      ['a text file renamed .png', () => Buffer.from('hello, I am not a picture at all\n')],
      ['a GIF', () => picture('gif')],
      [
        'a file that only starts like a PNG',
        () => Buffer.concat([PNG_SIGNATURE, randomBytes(2000)]),
      ],
      ['an empty file', () => Buffer.alloc(0)],
    ])('%s answers 415', async (_label, makeBytes) => {
      const response = await uploadAvatar(alex.auth, await makeBytes(), 'photo.png', 'image/png');
      expectProblem(response, 415, 'unsupported_media_type');
      expect(await me(alex.auth)).toMatchObject({ avatar_url: savedUrl });
    });

    it('a picture claiming more than 40 megapixels answers 415', async () => {
      const bomb = await sharp({
        create: { width: 8000, height: 6000, channels: 3, background: '#fff' },
      })
        .png({ compressionLevel: 9 })
        .toBuffer();
      expect(bomb.length).toBeLessThan(AVATAR_MAX_BYTES);
      const response = await uploadAvatar(alex.auth, bomb);
      expectProblem(response, 415, 'unsupported_media_type');
      expect(await me(alex.auth)).toMatchObject({ avatar_url: savedUrl });
    });

    it('a file over 2 MB answers 413', async () => {
      const huge = Buffer.concat([PNG_SIGNATURE, randomBytes(2.5 * 1024 * 1024)]);
      const response = await uploadAvatar(alex.auth, huge);
      expectProblem(response, 413, 'payload_too_large');
      expect(await me(alex.auth)).toMatchObject({ avatar_url: savedUrl });
    });

    it('a form without a file answers 400', async () => {
      const { payload, contentType } = await multipartUpload([{ field: 'note', text: 'hi' }]);
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/users/avatar',
        headers: { ...alex.auth, 'content-type': contentType },
        payload,
      });
      expectInvalidField(response, 'file');
      expect(await me(alex.auth)).toMatchObject({ avatar_url: savedUrl });
    });

    it('a request without a body answers 4xx', async () => {
      const response = await send(alex.auth, 'PUT', '/api/v1/users/avatar');
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.headers['content-type']).toContain(PROBLEM_CONTENT_TYPE);
    });

    it('a JSON body instead of a form answers 4xx', async () => {
      const response = await send(alex.auth, 'PUT', '/api/v1/users/avatar', {
        file: (await picture('png')).toString('base64'),
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.headers['content-type']).toContain(PROBLEM_CONTENT_TYPE);
      expect(await me(alex.auth)).toMatchObject({ avatar_url: savedUrl });
    });

    it.each([
      ['a multipart type without a boundary', 'multipart/form-data', 'whatever'],
      [
        'a multipart body cut off in the middle',
        'multipart/form-data; boundary=XyZ',
        '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n' +
          'Content-Type: image/png\r\n\r\n\x89PNG\r\n',
      ],
      ['a multipart body that is not multipart', 'multipart/form-data; boundary=XyZ', 'garbage'],
    ])('%s answers 400', async (_label, contentType, payload) => {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/users/avatar',
        headers: { ...alex.auth, 'content-type': contentType },
        payload,
      });
      expectInvalidField(response, 'file');
      expect(await me(alex.auth)).toMatchObject({ avatar_url: savedUrl });
    });
  });

  it('removing the avatar clears avatar_url and the old address answers 404', async () => {
    const alex = await buildUser(t.app);
    const url = (await uploadAvatar(alex.auth, await picture('png'))).json().avatar_url;
    const response = await send(alex.auth, 'DELETE', '/api/v1/users/avatar');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: alex.user.id, avatar_url: null });
    expect(await me(alex.auth)).toMatchObject({ avatar_url: null });
    expectProblem(await t.app.inject(url), 404, 'not_found');
  });

  it('removing an avatar that is not there is harmless', async () => {
    const alex = await buildUser(t.app);
    const response = await send(alex.auth, 'DELETE', '/api/v1/users/avatar');
    expect(response.statusCode).toBe(200);
    expect(response.json().avatar_url).toBeNull();
  });

  it('an account deleted after the request was authenticated is not found, never a 500', async () => {
    // The window of a concurrent DELETE /users/me, made certain: the service gets the row the
    // request authenticated, and the account is gone by the time it writes.
    const alex = await buildUser(t.app);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, alex.user.id));
    await t.database.db.delete(users).where(eq(users.id, alex.user.id));
    const ctx = { db: t.database.db, config: t.config } as AppContext;
    const picture = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#3366aa' },
    })
      .png()
      .toBuffer();
    for (const change of [() => removeAvatar(ctx, row!), () => setAvatar(ctx, row!, picture)]) {
      await expect(change()).rejects.toMatchObject({ status: 404, code: 'not_found' });
    }
  });

  it('an unknown avatar answers 404 and a malformed name never 5xx', async () => {
    const unknown = await t.app.inject(`/api/v1/avatars/${'a'.repeat(43)}.webp`);
    expectProblem(unknown, 404, 'not_found');
    for (const name of ['x.webp', 'a.png', '..%2F..%2Fetc%2Fpasswd', `${'a'.repeat(300)}.webp`]) {
      const response = await t.app.inject(`/api/v1/avatars/${name}`);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });
});

describe('DELETE /users/me', () => {
  it.each([
    ['without a password', undefined],
    ['with a wrong password', { password: 'not the password' }],
    ['with an empty password', { password: '' }],
  ])('a registered user %s keeps the account', async (_label, body) => {
    const alex = await buildUser(t.app);
    const response = await send(alex.auth, 'DELETE', '/api/v1/users/me', body);
    const problem = expectProblem(response, 400, 'invalid_credentials');
    expect(problem.errors?.map((error) => error.path)).toContain('password');
    expect(await me(alex.auth)).toMatchObject({ id: alex.user.id });
    expect((await login(t.app, alex.email, alex.password)).statusCode).toBe(200);
  });

  it('a password of the wrong type is refused as bad input', async () => {
    const alex = await buildUser(t.app);
    expectInvalidField(
      await send(alex.auth, 'DELETE', '/api/v1/users/me', { password: 12345678 }),
      'password',
    );
    expect(await me(alex.auth)).toMatchObject({ id: alex.user.id });
  });

  it('with the right password the account and its avatar are gone and the email is free', async () => {
    const alex = await buildUser(t.app);
    const avatarUrl = (await uploadAvatar(alex.auth, await picture('png'))).json().avatar_url;

    const response = await send(alex.auth, 'DELETE', '/api/v1/users/me', {
      password: alex.password,
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    expectProblem(await send(alex.auth, 'GET', '/api/v1/users/me'), 401, 'unauthenticated');
    expectProblem(await login(t.app, alex.email, alex.password), 400, 'invalid_credentials');
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/jwt/refresh',
      payload: { refresh_token: alex.tokens.refresh_token },
    });
    expectProblem(refresh, 401, 'invalid_token');
    expectProblem(await t.app.inject(avatarUrl), 404, 'not_found');

    const again = await buildUser(t.app, { email: alex.email, name: 'Alex Again' });
    expect(again.user.id).not.toBe(alex.user.id);
    expect(await me(again.auth)).toMatchObject({ email: alex.email, name: 'Alex Again' });
  });

  it('a guest deletes their account without a password', async () => {
    const guest = await buildGuest(t.app);
    const response = await send(guest.auth, 'DELETE', '/api/v1/users/me');
    expect(response.statusCode).toBe(204);
    expectProblem(await send(guest.auth, 'GET', '/api/v1/users/me'), 401, 'unauthenticated');
  });
});
