import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

/**
 * The page is in the theme chosen on this device from its first frame (public/color-scheme.js),
 * before any of the app's code has arrived, not in the system's theme until the app starts.
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
