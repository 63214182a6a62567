import type { Page } from '@playwright/test';
import { loginViaApi, signUpViaApi } from './support/api';
import { messages } from './support/i18n';
import { expect, test } from './support/test';

/**
 * The page is in the theme chosen on this device from its first frame (public/first-paint.js),
 * before any of the app's code has arrived, not in the system's theme until the app starts; a
 * list's page is outlined from the HTML meanwhile (build/first-paint-outline.ts), with the names
 * of the list as this device drew it last.
 */

/** The page as a phone on a slow connection shows it before the app's code has arrived. */
async function openWithoutAppCode(page: Page, path: string) {
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(path);
}

const scheme = (page: Page) => page.locator('html');
const bodyBackground = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test.use({ colorScheme: 'light' });

test('before any code runs the page takes the theme chosen on this device, not the system one', async ({
  page,
}) => {
  await page.goto('/auth/login');
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  const lightBody = await bodyBackground(page);
  await page.evaluate(() => window.localStorage.setItem('theme', 'dark'));

  await openWithoutAppCode(page, '/auth/login');
  await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(await bodyBackground(page)).not.toBe(lightBody);

  // The app, once in, keeps the same theme.
  await page.unrouteAll();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(await bodyBackground(page)).not.toBe(lightBody);
});

test('without a choice on this device the first frame follows the system theme', async ({
  browser,
}) => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  await openWithoutAppCode(page, '/auth/login');
  await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');

  await page.evaluate(() => window.localStorage.setItem('theme', 'light'));
  await page.reload();
  await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'light');

  await page.unrouteAll();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'light');
  await context.close();
});

test("a list's page shows its outline from the HTML, in the language chosen on this device, until the app draws the list", async ({
  page,
  request,
}) => {
  const user = await signUpViaApi(request);
  const tokens = await loginViaApi(request, user.email, user.password);
  const imported = (await (
    await request.post('/api/v1/lists/import', {
      headers: { Authorization: `Bearer ${tokens.access_token}` },
      data: { format: 'text', content: 'Apples\nBread', name: 'Outlined' },
    })
  ).json()) as { list: { id: number } };
  await page.goto('/auth/login');
  await page.evaluate(({ access_token, refresh_token }) => {
    window.localStorage.setItem('token', access_token);
    window.localStorage.setItem('refreshToken', refresh_token);
    window.localStorage.setItem('locale', 'de');
  }, tokens);

  await openWithoutAppCode(page, `/lists/${imported.list.id}`);
  const outline = page.locator('.fp');
  await expect(outline).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(outline.getByText(messages.de.lists.quickAdd.hint)).toBeVisible();
  await expect(outline.getByText(messages.en.lists.quickAdd.hint)).toBeHidden();
  // Decorative: a screen reader hears that the page loads, nothing of the outline.
  expect(await page.getByRole('status').innerText()).toBe(messages.de.app.loading);
  await expect(page.getByRole('textbox')).toHaveCount(0);

  await page.unrouteAll();
  await page.reload();
  await expect(page.getByTestId('item-row').first()).toBeVisible();
  await expect(page.getByTestId('item-row').first()).toContainText('Apples');
  await expect(outline).toBeHidden();
  await expect(page.locator('html')).not.toHaveAttribute('data-first-paint');

  // Opened again, the outline shows the list as this device drew it last, before any code runs.
  await openWithoutAppCode(page, `/lists/${imported.list.id}`);
  await expect(outline).toBeVisible();
  await expect(outline.locator('.fp-title')).toHaveText('Outlined');
  await expect(outline.locator('.fp-row')).toHaveCount(2);
  await expect(outline.locator('.fp-name')).toHaveText(['Apples', 'Bread']);
  await expect(page.getByRole('textbox')).toHaveCount(0);
});

test('a person signed out goes to the login page with no outline', async ({ page }) => {
  await page.goto('/lists/1');
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await expect(page.locator('.fp')).toBeHidden();
});
