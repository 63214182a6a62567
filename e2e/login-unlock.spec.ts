import fs from 'node:fs';
import path from 'node:path';
import type { APIRequest } from '@playwright/test';
import { expect, expectAccessible, test } from './support/test';
import { signUpViaApi } from './support/api';
import { BASE_URL, dataDir } from './support/env';
import { fillLoginForm, loginViaUi, logout, mainNav, t, toast } from './support/ui';

/**
 * Issue 29: failed logins slow browsers that never signed in to the account, never the owner's
 * own (a known device, the server's cookie), and a mailed link makes a new browser a known device.
 * Every request here comes from 127.0.0.1: only the cookie tells the owner from the guesser.
 */

const u = t.auth.unlock;

/** More wrong passwords than the server lets through before it slows an account. */
const MAX_GUESSES = 40;

/**
 * Someone without cookies guesses the password, waiting out each delay, until the server asks
 * for a wait of at least `seconds` (docs/decisions.md "Failed logins": a few free failures, then
 * 1 s, 2 s, 4 s …). Each guess is a request context of its own, as a script that keeps nothing
 * between attempts would send it.
 */
async function guessUntilSlowed(requests: APIRequest, email: string, seconds = 1): Promise<void> {
  for (let guess = 1; guess <= MAX_GUESSES; guess++) {
    const guesser = await requests.newContext({ baseURL: BASE_URL });
    try {
      const response = await guesser.post('/api/v1/auth/jwt/login', {
        form: { username: email, password: `wrong guess ${guess}` },
      });
      if (response.status() === 429) {
        const wait = Number(response.headers()['retry-after']);
        expect(wait, 'a slowed login says when to try').toBeGreaterThan(0);
        if (wait >= seconds) return;
        await new Promise((resolve) => setTimeout(resolve, wait * 1000));
        continue;
      }
      expect(response.status(), await response.text()).toBe(400);
    } finally {
      await guesser.dispose();
    }
  }
  throw new Error(`${MAX_GUESSES} wrong passwords and the account's logins were never slowed`);
}

/** The sign-in link of the newest mail to `address` that has one. */
function unlockLinkIn(address: string): string | null {
  const outbox = path.join(dataDir(), 'outbox');
  if (!fs.existsSync(outbox)) return null;
  const mails = fs
    .readdirSync(outbox)
    .filter((file) => file.endsWith(`-${address}.eml`))
    .sort()
    .reverse();
  for (const file of mails) {
    const body = fs.readFileSync(path.join(outbox, file), 'utf8');
    const link = body.match(/https?:\/\/\S+\/auth\/unlock\?token=\S+/)?.[0];
    if (link) return link;
  }
  return null;
}

async function waitForUnlockLink(address: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(() => (link = unlockLinkIn(address)), { message: `a sign-in link mailed to ${address}` })
    .not.toBeNull();
  return link!;
}

test("others' wrong passwords do not slow the owner on a browser she signed in with before", async ({
  page,
  request,
  playwright,
}) => {
  test.setTimeout(90_000);
  const ann = await signUpViaApi(request, { name: 'Ann Owner' });
  await loginViaUi(page, ann);
  await logout(page);

  await guessUntilSlowed(playwright.request, ann.email);

  await fillLoginForm(page, ann.email, ann.password);
  await expect(toast(page, t.auth.login.success)).toBeVisible();
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await expect(mainNav(page).getByText(ann.name)).toBeVisible();
});

test('a new browser slowed by guessing signs in through the mailed link @mobile', async ({
  page,
  request,
  playwright,
}) => {
  test.setTimeout(90_000);
  const ann = await signUpViaApi(request, { name: 'Ann Newphone' });
  // A wait long enough for this browser's first attempt below to fall within it.
  await guessUntilSlowed(playwright.request, ann.email, 8);

  // This context never signed in: even the right password waits.
  await page.goto('/auth/login');
  await fillLoginForm(page, ann.email, ann.password);
  const tooMany = t.errors.rateLimited_other.split('{{count}}')[0]!.trim();
  await expect(page.locator('.mantine-Notifications-root').getByText(tooMany)).toBeVisible();
  const offer = page.getByRole('status').filter({ hasText: u.offer });
  await expect(offer).toBeVisible();
  await expectAccessible(page, 'the sign-in link offer');

  await offer.getByRole('button', { name: u.request }).click();
  // The same live region now says the link is on its way.
  await expect(page.getByRole('status').filter({ hasText: u.sent })).toBeVisible();
  const link = await waitForUnlockLink(ann.email);
  expect(new URL(link).pathname).toBe('/auth/unlock');

  await page.goto(link);
  await expect(page.getByRole('heading', { name: u.title })).toBeVisible();
  await expect(page.getByText(u.success)).toBeVisible();
  await expectAccessible(page, 'the sign-in link, used');

  await page.getByRole('link', { name: u.toLogin }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await loginViaUi(page, ann);
  await expect(page.getByRole('heading', { name: t.lists.title })).toBeVisible();

  // The link works once.
  await page.goto(link);
  await expect(page.getByText(u.invalidLink)).toBeVisible();
  await expect(page.getByRole('link', { name: t.auth.backToLogin })).toBeVisible();
  await expectAccessible(page, 'a used sign-in link opened again');
});
