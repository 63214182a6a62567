import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { buildUser, DEFAULT_PASSWORD, uniqueEmail } from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { expectProblem } from '../../../test/support/assertions';

/**
 * SMTP down (nothing listens on the discard port): mail goes after the answer and its retries
 * fail there, so no answer changes. Before, register answered 500 yet kept the account.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9', MAIL_RETRY_DELAYS_MS: '1,1' });
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers });

describe('with the mail server down', () => {
  it('register answers 201, and a retry 409 as for any taken address', async () => {
    const email = uniqueEmail('nomail');
    const body = { name: 'Sam', email, password: DEFAULT_PASSWORD };
    expect((await post('/auth/register', body)).statusCode).toBe(201);
    expectProblem(await post('/auth/register', body), 409, 'email_taken');
  });

  it('forgot-password and request-verify-token answer 202', async () => {
    const email = uniqueEmail('nomail');
    await post('/auth/register', { name: 'Sam', email, password: DEFAULT_PASSWORD });
    expect((await post('/auth/forgot-password', { email })).statusCode).toBe(202);
    expect((await post('/auth/request-verify-token', { email })).statusCode).toBe(202);
  });

  it('a guest claim answers 200 and the account is claimed', async () => {
    const guest = await t.app.inject({ method: 'POST', url: '/api/v1/auth/guest' });
    const { access_token } = guest.json<{ access_token: string }>();
    const email = uniqueEmail('claim');
    const claim = await post(
      '/auth/claim',
      { name: 'G', email, password: DEFAULT_PASSWORD },
      { authorization: `Bearer ${access_token}` },
    );
    expect(claim.statusCode).toBe(200);
    const [claimed] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(claimed?.isGuest).toBe(false);
  });
  it('an email change answers 200 and waits for its confirmation; the failed mails change nothing', async () => {
    const alex = await buildUser(t.app, { name: 'Alex' });
    const newEmail = uniqueEmail('moving');
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/me',
      headers: alex.auth,
      payload: { email: newEmail, current_password: alex.password },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ email: alex.email, pending_email: newEmail });
    await t.app.afterAnswer.idle();
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: alex.auth });
    expect(me.json()).toMatchObject({ email: alex.email, pending_email: newEmail });
  });
});
