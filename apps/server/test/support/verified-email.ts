import type { App } from '../../src/app';
import type { TestUser } from './factories';

const linkToken = (text: string) => decodeURIComponent(text.match(/token=([^\s&]+)/)?.[1] ?? '');

/**
 * Proves the person's address with the link mailed at sign-up, as they would: invitations by email
 * are answered only from a verified address (docs/groups.md "Inviting by email").
 */
export async function verifyEmail(
  app: App,
  outbox: () => { to: string; text: string }[],
  person: TestUser,
): Promise<void> {
  const mail = outbox()
    .filter((sent) => sent.to === person.email && sent.text.includes('/auth/verify?token='))
    .at(-1);
  if (!mail) throw new Error(`no verification mail to ${person.email}`);
  const verified = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/verify',
    payload: { token: linkToken(mail.text) },
  });
  if (verified.statusCode !== 200) {
    throw new Error(`verify failed: ${verified.statusCode} ${verified.body}`);
  }
}
