import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../../../test/support/assertions';
import {
  buildGuest,
  buildUser,
  login,
  uniqueEmail,
  type TestUser,
} from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { refreshTokens } from '../../db/schema';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Auth = { authorization: string };

const patchMe = (auth: Auth, body: object) =>
  t.app.inject({ method: 'PATCH', url: '/api/v1/users/me', headers: auth, payload: body });

const me = async (auth: Auth) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: auth })).json();

const post = (url: string, body: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: body });

/** The token of the last mail to `email` whose link goes to `page`, once mails sent after the answers are out. */
async function mailedToken(email: string, page: string): Promise<string> {
  await t.app.afterAnswer.idle();
  const mail = t
    .outbox()
    .filter((entry) => entry.to === email && entry.text.includes(`${page}?token=`))
    .at(-1);
  const token = mail?.text.match(/token=([^\s]+)/)?.[1];
  if (!token) throw new Error(`no ${page} mail to ${email}`);
  return decodeURIComponent(token);
}

/** The session's login was long ago: its access token alone proves no fresh authentication. */
async function ageSessions(user: TestUser): Promise<void> {
  await t.database.db
    .update(refreshTokens)
    .set({ createdAt: sql`now() - interval '10 minutes'` })
    .where(eq(refreshTokens.userId, user.user.id));
}

describe('an email change', () => {
  it('from an old session needs the password: a stolen access token cannot move the account', async () => {
    const alex = await buildUser(t.app);
    await ageSessions(alex);
    const mailsBefore = t.outbox().length;
    const attacker = uniqueEmail('attacker');

    const response = await patchMe(alex.auth, { email: attacker });
    const problem = expectProblem(response, 403, 'reauthentication_required');
    expect(problem.detail).toBe('Confirm your password to make this change');
    expectProblem(
      await patchMe(alex.auth, { email: attacker, current_password: 'not the password' }),
      400,
      'invalid_credentials',
    );
    expect(await me(alex.auth)).toMatchObject({ email: alex.email, pending_email: null });
    expect(t.outbox()).toHaveLength(mailsBefore);
  });

  it('a wrong current password counts as a failed login of the account', async () => {
    const alex = await buildUser(t.app);
    await ageSessions(alex);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await patchMe(alex.auth, {
        email: uniqueEmail('guess'),
        current_password: `guess ${attempt}`,
      });
      if (response.statusCode === 429) return;
      expectProblem(response, 400, 'invalid_credentials');
    }
    throw new Error('ten wrong passwords were never slowed down');
  });

  it('takes effect only once confirmed; the old address is told with an undo link', async () => {
    const alex = await buildUser(t.app);
    await ageSessions(alex);
    const newEmail = uniqueEmail('moved');

    const response = await patchMe(alex.auth, {
      email: newEmail.toUpperCase(),
      current_password: alex.password,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: alex.email, pending_email: newEmail });
    expect(await mailedToken(alex.email, '/auth/undo-email-change')).toBeTruthy();
    // Until confirmed, the old address still signs in and the new one does not.
    expect((await login(t.app, newEmail, alex.password)).statusCode).toBe(400);
    expect((await login(t.app, alex.email, alex.password)).statusCode).toBe(200);

    const confirmed = await post('/auth/confirm-email', {
      token: await mailedToken(newEmail, '/auth/confirm-email'),
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ email: newEmail, is_verified: true });
    expect(await me(alex.auth)).toMatchObject({ email: newEmail, pending_email: null });
    expect((await login(t.app, newEmail, alex.password)).statusCode).toBe(200);
    // Single use.
    const again = await post('/auth/confirm-email', {
      token: await mailedToken(newEmail, '/auth/confirm-email'),
    });
    expectProblem(again, 400, 'invalid_token');
  });

  it('a fresh login (within 5 minutes) may change the address without the password', async () => {
    const alex = await buildUser(t.app);
    const newEmail = uniqueEmail('fresh');
    const response = await patchMe(alex.auth, { email: newEmail });
    expect(response.json()).toMatchObject({ email: alex.email, pending_email: newEmail });
  });

  it('confirming ends every reset link sent to the old address', async () => {
    const alex = await buildUser(t.app);
    await post('/auth/forgot-password', { email: alex.email });
    const resetToken = await mailedToken(alex.email, '/auth/reset-password');
    const newEmail = uniqueEmail('reset');
    await patchMe(alex.auth, { email: newEmail, current_password: alex.password });
    await post('/auth/confirm-email', {
      token: await mailedToken(newEmail, '/auth/confirm-email'),
    });

    const reset = await post('/auth/reset-password', {
      token: resetToken,
      password: 'a password from the old inbox',
    });
    expectProblem(reset, 400, 'invalid_token');
  });

  it('confirming an address another account took meanwhile is a clear 409', async () => {
    const alex = await buildUser(t.app);
    const newEmail = uniqueEmail('race');
    await patchMe(alex.auth, { email: newEmail, current_password: alex.password });
    await buildUser(t.app, { email: newEmail });
    const response = await post('/auth/confirm-email', {
      token: await mailedToken(newEmail, '/auth/confirm-email'),
    });
    expectProblem(response, 409, 'email_taken');
    expect(await me(alex.auth)).toMatchObject({ email: alex.email });
  });

  it('the undo link restores the old address after confirmation and ends every session', async () => {
    const alex = await buildUser(t.app);
    const otherDevice = (await login(t.app, alex.email, alex.password)).json();
    const newEmail = uniqueEmail('stolen');
    await patchMe(alex.auth, { email: newEmail, current_password: alex.password });
    await post('/auth/confirm-email', {
      token: await mailedToken(newEmail, '/auth/confirm-email'),
    });
    await post('/auth/forgot-password', { email: newEmail });
    const thiefReset = await mailedToken(newEmail, '/auth/reset-password');

    const undo = await post('/auth/undo-email-change', {
      token: await mailedToken(alex.email, '/auth/undo-email-change'),
    });
    expect(undo.statusCode).toBe(204);

    expectProblem(
      await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: alex.auth }),
      401,
      'unauthenticated',
    );
    const refresh = await post('/auth/jwt/refresh', { refresh_token: otherDevice.refresh_token });
    expectProblem(refresh, 401, 'invalid_token');
    expectProblem(
      await post('/auth/reset-password', { token: thiefReset, password: 'the thief password' }),
      400,
      'invalid_token',
    );
    expect((await login(t.app, newEmail, alex.password)).statusCode).toBe(400);
    const back = await login(t.app, alex.email, alex.password);
    expect(back.statusCode).toBe(200);
    // Single use.
    const again = await post('/auth/undo-email-change', {
      token: await mailedToken(alex.email, '/auth/undo-email-change'),
    });
    expectProblem(again, 400, 'invalid_token');
  });

  it('the undo link cancels a change still waiting for confirmation', async () => {
    const alex = await buildUser(t.app);
    const newEmail = uniqueEmail('pending');
    await patchMe(alex.auth, { email: newEmail, current_password: alex.password });
    await post('/auth/undo-email-change', {
      token: await mailedToken(alex.email, '/auth/undo-email-change'),
    });
    const confirm = await post('/auth/confirm-email', {
      token: await mailedToken(newEmail, '/auth/confirm-email'),
    });
    expectProblem(confirm, 400, 'invalid_token');
    const back = (await login(t.app, alex.email, alex.password)).json();
    expect(await me({ authorization: `Bearer ${back.access_token}` })).toMatchObject({
      email: alex.email,
      pending_email: null,
    });
  });

  it('a guest still cannot set an email here', async () => {
    const guest = await buildGuest(t.app);
    expectProblem(await patchMe(guest.auth, { email: uniqueEmail('guest') }), 403, 'forbidden');
  });
});

describe('a password change', () => {
  it('ends every reset link sent before it', async () => {
    const alex = await buildUser(t.app);
    await post('/auth/forgot-password', { email: alex.email });
    const resetToken = await mailedToken(alex.email, '/auth/reset-password');
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/password',
      headers: alex.auth,
      payload: { current_password: alex.password, new_password: 'a brand new password' },
    });
    expect(changed.statusCode).toBe(204);
    expectProblem(
      await post('/auth/reset-password', { token: resetToken, password: 'an older link password' }),
      400,
      'invalid_token',
    );
  });
});
