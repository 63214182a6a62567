import { expect, test } from './support/test';
import { fetchMe, signUpViaApi } from './support/api';
import { messages, type Locale } from './support/i18n';
import { loginViaUi, mainNav, storedToken, toast } from './support/ui';

test.beforeEach(async ({ page, request }) => {
  await loginViaUi(page, await signUpViaApi(request));
  await expect(page).toHaveURL(/\/lists$/);
});

test('the language selector translates navigation and page titles into each locale', async ({
  page,
}) => {
  let shown: Locale = 'en';
  for (const locale of ['de', 'nl', 'fr', 'es', 'en'] as const) {
    const m = messages[locale];
    await mainNav(page, messages[shown])
      .getByLabel(messages[shown].settings.language)
      .selectOption(locale);
    shown = locale;

    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(mainNav(page, m).getByRole('link', { name: m.nav.groups })).toBeVisible();
    await expect(mainNav(page, m).getByRole('link', { name: m.nav.chores })).toBeVisible();
    await expect(page.getByRole('heading', { name: m.lists.title })).toBeVisible();
  }
});

test('the chosen language survives a reload and is saved to the profile', async ({
  page,
  request,
}) => {
  const nl = messages.nl;
  await mainNav(page).getByLabel(messages.en.settings.language).selectOption('nl');
  await expect(toast(page, nl.account.preferences.saved)).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: nl.lists.title })).toBeVisible();
  await expect(mainNav(page, nl).getByLabel(nl.settings.language)).toHaveValue('nl');

  const token = await storedToken(page);
  const { me } = await fetchMe(request, token!);
  expect(me?.locale).toBe('nl');
});
