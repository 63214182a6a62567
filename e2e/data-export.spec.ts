import { readFile } from 'node:fs/promises';
import type { Page } from './support/test';
import { expect, expectAccessible, test } from './support/test';
import { loginViaApi, signUpViaApi } from './support/api';
import { loginViaUi, t, toast } from './support/ui';

/**
 * "Download my data" on the account page (docs/accounts.md): the card passes the accessibility
 * gate, works by keyboard, and saves one JSON file with the user's lists.
 */
async function openAccountWithData(page: Page, request: Parameters<typeof signUpViaApi>[0]) {
  const user = await signUpViaApi(request, { name: 'Dora Download' });
  const { access_token } = await loginViaApi(request, user.email, user.password);
  const created = await request.post('/api/v1/lists', {
    headers: { Authorization: `Bearer ${access_token}` },
    data: { name: 'Exported shop' },
  });
  expect(created.status()).toBe(201);
  await loginViaUi(page, user);
  await page.goto('/account');
  const card = page.getByRole('region', { name: t.exportData.title });
  await expect(card).toBeVisible();
  return { user, card };
}

async function downloadByKeyboard(page: Page, card: ReturnType<Page['getByRole']>) {
  const button = card.getByRole('button', { name: t.exportData.button });
  await button.focus();
  await expect(button).toBeFocused();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.keyboard.press('Enter'),
  ]);
  return download;
}

test('the card saves a JSON file of the user’s data, by keyboard', async ({ page, request }) => {
  // axe runs over the whole account page in both themes: slow on a busy machine.
  test.setTimeout(90_000);
  const { user, card } = await openAccountWithData(page, request);
  await expectAccessible(page, 'account with the download card');

  const download = await downloadByKeyboard(page, card);
  expect(download.suggestedFilename()).toMatch(/^household-data-\d{4}-\d\d-\d\d\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
    profile: { email: string };
    lists: { name: string }[];
  };
  expect(data.profile.email).toBe(user.email);
  expect(data.lists.map((list) => list.name)).toContain('Exported shop');
  await expect(toast(page, t.exportData.success)).toBeVisible();
});

test('the card works on a phone @mobile', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { card } = await openAccountWithData(page, request);
  await card.scrollIntoViewIfNeeded();
  const box = await card.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  await expectAccessible(page, 'account with the download card on a phone');
  const download = await downloadByKeyboard(page, card);
  expect(download.suggestedFilename()).toMatch(/^household-data-.*\.json$/);
});
