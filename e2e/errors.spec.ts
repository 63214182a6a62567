import { expect, test } from './support/test';
import { signUpViaApi } from './support/api';
import { fillLoginForm, loginViaUi, mainNav, t, toast } from './support/ui';

test('an unknown path shows the 404 page whose Go Home button leads to the lists', async ({
  page,
  request,
}) => {
  await loginViaUi(page, await signUpViaApi(request));
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: t.notFound.title })).toBeVisible();

  await page.getByRole('link', { name: t.notFound.goHome }).click();
  await expect(page).toHaveURL(/\/lists$/);
  await expect(page.getByRole('heading', { name: t.lists.title })).toBeVisible();
});

test('a route whose id is not a number shows the 404 page', async ({ page, request }) => {
  await loginViaUi(page, await signUpViaApi(request));
  await page.goto('/groups/abc/expenses');
  await expect(page.getByRole('heading', { name: t.notFound.title })).toBeVisible();
});

test(
  'on a phone the login form works and the navigation opens from the burger',
  {
    tag: '@mobile',
  },
  async ({ page, request }) => {
    const user = await signUpViaApi(request);
    await page.goto('/auth/login');
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await pageWidth()).toBeLessThanOrEqual(375);
    await fillLoginForm(page, user.email, user.password);
    await expect(toast(page, t.auth.login.success)).toBeVisible();
    await expect(page).toHaveURL(/\/lists$/);
    expect(await pageWidth()).toBeLessThanOrEqual(375);

    const groupsLink = mainNav(page).getByRole('link', { name: t.nav.groups });
    await expect(groupsLink).not.toBeInViewport();
    await page.getByRole('button', { name: t.nav.toggleMenu }).click();
    await expect(groupsLink).toBeInViewport();
    await expect(mainNav(page).getByText(user.name)).toBeVisible();

    await groupsLink.click();
    await expect(page).toHaveURL(/\/groups$/);
    await expect(page.getByRole('heading', { name: t.groups.title })).toBeVisible();
    await expect(groupsLink).not.toBeInViewport();
  },
);
