import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { en } from './i18n';

/** Helpers that drive the screens the way a person does: by label and visible text. */

export const t = en;

/** A text of the app with its `{{placeholders}}` filled in, as i18next shows it. */
export function fill(template: string, values: Record<string, string | number>): string {
  return Object.entries(values).reduce(
    (text, [key, value]) => text.replaceAll(`{{${key}}}`, String(value)),
    template,
  );
}

/** A toast (spec §2 notification area) with exactly this message; an earlier one may linger. */
export function toast(page: Page, message: string) {
  return page.locator('.mantine-Notifications-root').getByText(message, { exact: true }).first();
}

export async function fillLoginForm(page: Page, email: string, password: string, m = en) {
  await page.getByLabel(m.fields.email).fill(email);
  await page.getByLabel(m.fields.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: m.auth.login.submit, exact: true }).click();
}

/** Logs in on the login page (opened unless the page is on it) and waits for the toast. */
export async function loginViaUi(page: Page, user: { email: string; password: string }) {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/auth/login')) {
    await page.goto('/auth/login');
  }
  await fillLoginForm(page, user.email, user.password);
  await expect(toast(page, t.auth.login.success)).toBeVisible();
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

export function mainNav(page: Page, m = en) {
  return page.getByRole('navigation', { name: m.nav.label });
}

export async function logout(page: Page) {
  await mainNav(page).getByRole('button', { name: t.nav.logout }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/auth/login');
}

/** The access token the web app keeps in local storage (spec §3). */
export function storedToken(page: Page, key: 'token' | 'refreshToken' = 'token') {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}

/** A second person at their own browser (a context of its own), signed in, on `path` if given. */
export async function personIn(
  browser: Browser,
  user: { email: string; password: string },
  path?: string,
  options?: BrowserContextOptions,
): Promise<Page> {
  const page = await (await browser.newContext(options)).newPage();
  await loginViaUi(page, user);
  if (path) await page.goto(path);
  return page;
}

/** Nothing is wider than the screen (a phone's 375 px in the phone project). */
export async function expectFitsWidth(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}
