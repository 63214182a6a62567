import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, DEFAULT_PASSWORD, login, uniqueEmail } from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { expectProblem } from '../../../test/support/assertions';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MAIL_REQUESTS_PER_ADDRESS_PER_HOUR: '4' });
});
afterAll(() => t.close());

let nextAddress = 1;
/** Each test asks from its own client address, so the per-address limit is the test's own. */
const newAddress = () => `198.51.100.${nextAddress++}`;

const post = (url: string, payload: object, remoteAddress = '203.0.113.1') =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress });
const linkToken = (text: string) => decodeURIComponent(text.match(/token=([^\s&]+)/)?.[1] ?? '');
const resetLinks = (email: string) =>
  t
    .outbox()
    .filter((mail) => mail.to === email && mail.subject === 'Reset your password')
    .map((mail) => linkToken(mail.text));
const verifyMails = (email: string) =>
  t.outbox().filter((mail) => mail.to === email && mail.subject === 'Confirm your email address');

describe('reset links', () => {
  it('stay one per account: a new request ends the link mailed before', async () => {
    const { email } = await buildUser(t.app);
    const from = newAddress();
    await post('/auth/forgot-password', { email }, from);
    await post('/auth/forgot-password', { email }, from);
    const [first, second] = resetLinks(email);

    expectProblem(
      await post('/auth/reset-password', { token: first!, password: 'first new secret' }),
      400,
      'invalid_token',
    );
    const used = await post('/auth/reset-password', { token: second!, password: 'second secret' });
    expect(used.statusCode).toBe(204);
    expect((await login(t.app, email, 'second secret')).statusCode).toBe(200);
  });

  it('end together: using one ends every other, older or newer', async () => {
    const { email } = await buildUser(t.app);
    const from = newAddress();
    await post('/auth/forgot-password', { email }, from);
    const [older] = resetLinks(email);
    await post('/auth/forgot-password', { email }, from);
    const [, newer] = resetLinks(email);
    // The older link was ended by the newer request; the newer one, once used, ends too.
    expect(
      (await post('/auth/reset-password', { token: newer!, password: 'use it once' })).statusCode,
    ).toBe(204);
    for (const token of [older!, newer!]) {
      expectProblem(
        await post('/auth/reset-password', { token, password: 'and once more' }),
        400,
        'invalid_token',
      );
    }
  });
});

describe('common passwords', () => {
  const tooCommon = {
    path: 'password',
    code: 'password_too_common',
    message: 'This password is too common; choose one that is harder to guess',
  };

  it('are refused at registration, whatever their case', async () => {
    for (const password of ['12345678', 'Password1', 'iloveyou']) {
      const email = uniqueEmail('common');
      const body = expectProblem(
        await post('/auth/register', { name: 'C', email, password }),
        400,
        'validation_failed',
      );
      expect(body.errors).toEqual([tooCommon]);
    }
  });

  it('are refused by a reset, and the link still works with a better one', async () => {
    const { email } = await buildUser(t.app);
    await post('/auth/forgot-password', { email }, newAddress());
    const [token] = resetLinks(email);
    const refused = expectProblem(
      await post('/auth/reset-password', { token: token!, password: 'qwertyuiop' }),
      400,
      'validation_failed',
    );
    expect(refused.errors).toEqual([tooCommon]);
    expect((await login(t.app, email, DEFAULT_PASSWORD)).statusCode).toBe(200);
    const reset = await post('/auth/reset-password', { token: token!, password: 'a rarer phrase' });
    expect(reset.statusCode).toBe(204);
  });

  it('are refused when a guest claims an account', async () => {
    const guest = await t.app.inject({ method: 'POST', url: '/api/v1/auth/guest' });
    const { access_token } = guest.json<{ access_token: string }>();
    const claim = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/claim',
      headers: { authorization: `Bearer ${access_token}` },
      payload: { name: 'G', email: uniqueEmail('claim'), password: 'password123' },
    });
    expect(expectProblem(claim, 400, 'validation_failed').errors).toEqual([tooCommon]);
  });
});

describe('verification and reset mails', () => {
  it('go to one account at most three times an hour each', async () => {
    const { email } = await buildUser(t.app); // registering mailed the first verification link
    for (let i = 0; i < 4; i += 1) {
      expect((await post('/auth/request-verify-token', { email }, newAddress())).statusCode).toBe(
        202,
      );
    }
    expect(verifyMails(email)).toHaveLength(3);
  });

  it('are asked for from one client address a limited number of times an hour, answers unchanged', async () => {
    const from = newAddress();
    const accounts = await Promise.all([1, 2, 3].map(() => buildUser(t.app)));
    for (const { email } of accounts) {
      expect((await post('/auth/forgot-password', { email }, from)).statusCode).toBe(202);
      expect((await post('/auth/request-verify-token', { email }, from)).statusCode).toBe(202);
    }
    const sent = accounts.map(
      ({ email }) => resetLinks(email).length + verifyMails(email).length - 1,
    );
    expect(sent.reduce((sum, n) => sum + n, 0)).toBe(4);
    // Another address is not held back by that one.
    await post('/auth/forgot-password', { email: accounts[2]!.email }, newAddress());
    expect(resetLinks(accounts[2]!.email).length).toBeGreaterThan(0);
  });
});
