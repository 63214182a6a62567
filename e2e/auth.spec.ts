import { expect, test } from './support/test';
import { loginViaApi, signUpViaApi, uniqueEmail } from './support/api';
import { messages } from './support/i18n';
import { waitForMailLink } from './support/outbox';
import { fillLoginForm, loginViaUi, logout, mainNav, storedToken, t, toast } from './support/ui';

const v = t.validation;

test('the sign-up form names every invalid field, then creates the account', async ({ page }) => {
  await page.goto('/auth/signup');
  const submit = page.getByRole('button', { name: t.auth.signup.submit, exact: true });
  const name = page.getByLabel(t.fields.fullName);
  const email = page.getByLabel(t.fields.email);
  const password = page.getByLabel(t.fields.password, { exact: true });
  const confirm = page.getByLabel(t.fields.confirmPassword);

  await submit.click();
  for (const message of [v.nameRequired, v.emailRequired, v.passwordRequired]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByText(v.confirmPasswordRequired, { exact: true })).toBeVisible();

  await name.fill('Ada Lovelace');
  await email.fill('ada-at-example.com');
  await password.fill('short');
  await confirm.fill('short');
  await submit.click();
  await expect(page.getByText(v.emailInvalid, { exact: true })).toBeVisible();
  await expect(page.getByText(v.passwordTooShort, { exact: true })).toBeVisible();
  await expect(page.getByText(v.nameRequired, { exact: true })).toBeHidden();

  const address = uniqueEmail('ada');
  await email.fill(address);
  await password.fill('analytical engine');
  await confirm.fill('difference engine');
  await submit.click();
  await expect(page.getByText(v.passwordsDoNotMatch, { exact: true })).toBeVisible();
  await expect(page.getByText(v.emailInvalid, { exact: true })).toBeHidden();

  await confirm.fill('analytical engine');
  await submit.click();
  await expect(toast(page, t.auth.signup.success)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);

  await loginViaUi(page, { email: address, password: 'analytical engine' });
  await expect(mainNav(page).getByText('Ada Lovelace')).toBeVisible();
});

test('the login form validates in the chosen language', async ({ page }) => {
  const fr = messages.fr;
  await page.goto('/auth/login');
  await page.getByLabel(t.settings.language).selectOption('fr');
  await expect(page.getByRole('heading', { name: fr.auth.login.title })).toBeVisible();

  await page.getByRole('button', { name: fr.auth.login.submit, exact: true }).click();
  await expect(page.getByText(fr.validation.emailRequired, { exact: true })).toBeVisible();
  await expect(page.getByText(fr.validation.passwordRequired, { exact: true })).toBeVisible();

  await page.getByLabel(fr.fields.email).fill('not an email');
  await page.getByRole('button', { name: fr.auth.login.submit, exact: true }).click();
  await expect(page.getByText(fr.validation.emailInvalid, { exact: true })).toBeVisible();
});

test('logging in greets the user and shows their name in the layout', async ({ page, request }) => {
  const user = await signUpViaApi(request);
  await loginViaUi(page, user);
  await expect(page).toHaveURL(/\/lists$/);
  await expect(mainNav(page).getByText(user.name)).toBeVisible();
});

test('a wrong password is refused with the login-failed message', async ({ page, request }) => {
  const user = await signUpViaApi(request);
  await page.goto('/auth/login');
  await fillLoginForm(page, user.email, 'not the password');
  await expect(toast(page, t.auth.login.failed)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('logging out ends the session and protected pages then need a login again', async ({
  page,
  request,
}) => {
  await loginViaUi(page, await signUpViaApi(request));
  await mainNav(page).getByRole('link', { name: t.nav.account }).click();
  const refreshToken = await storedToken(page, 'refreshToken');
  await logout(page);
  // An explicit logout starts afresh: the next person to log in is not sent to this user's page.
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await storedToken(page)).toBeNull();
  const refresh = await request.post('/api/v1/auth/jwt/refresh', {
    data: { refresh_token: refreshToken },
  });
  expect(refresh.status()).toBe(401);

  await page.goto('/account');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Faccount$/);
  await expect(page.getByRole('heading', { name: t.auth.login.title })).toBeVisible();
});

test('logging in again right after logging out opens the app', async ({ page, request }) => {
  const user = await signUpViaApi(request);
  await loginViaUi(page, user);
  await logout(page);

  await fillLoginForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/lists$/);
  await expect(mainNav(page).getByText(user.name)).toBeVisible();
});

test('a deep link opened while signed out is reached, query included, after login', async ({
  page,
  request,
}) => {
  const user = await signUpViaApi(request);
  const { access_token } = await loginViaApi(request, user.email, user.password);
  const group = (await (
    await request.post('/api/v1/groups', {
      headers: { Authorization: `Bearer ${access_token}` },
      data: { name: 'Deep link flat' },
    })
  ).json()) as { id: number };
  const deepLink = `/groups/${group.id}/expenses?tab=open`;
  await page.goto(deepLink);

  await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
  const url = new URL(page.url());
  expect(url.pathname).toBe('/auth/login');
  expect(url.searchParams.get('redirect')).toBe(deepLink);

  await loginViaUi(page, user);
  await expect(page).toHaveURL((landed) => `${landed.pathname}${landed.search}` === deepLink);
  await expect(
    page.getByRole('heading', {
      name: t.expenses.groupTitle.replace('{{name}}', 'Deep link flat'),
    }),
  ).toBeVisible();
});

test('a signed-in user who opens the login page is sent on to the lists', async ({
  page,
  request,
}) => {
  await loginViaUi(page, await signUpViaApi(request));
  await page.goto('/auth/login');
  await expect(page).toHaveURL(/\/lists$/);
  await expect(page.getByRole('heading', { name: t.lists.title })).toBeVisible();
});

test('the session survives a page reload', async ({ page, request }) => {
  const user = await signUpViaApi(request);
  await loginViaUi(page, user);
  await mainNav(page).getByRole('link', { name: t.nav.account }).click();
  await expect(page).toHaveURL(/\/account$/);

  await page.reload();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: t.account.title, exact: true })).toBeVisible();
  await expect(mainNav(page).getByText(user.name)).toBeVisible();
});

test('a forgotten password is reset through the mailed link', async ({ page, request }) => {
  const user = await signUpViaApi(request);
  await page.goto('/auth/login');
  await page.getByRole('link', { name: t.auth.login.forgotPassword }).click();
  // The login page has an email field too: type only once the next page is on screen.
  await expect(page.getByRole('heading', { name: t.auth.forgotPassword.title })).toBeVisible();
  await page.getByLabel(t.fields.email).fill(user.email);
  await page.getByRole('button', { name: t.auth.forgotPassword.submit }).click();
  await expect(page.getByText(t.auth.forgotPassword.sent)).toBeVisible();

  const link = await waitForMailLink(user.email, /reset/i);
  expect(new URL(link).pathname).toBe('/auth/reset-password');
  await page.goto(link);
  const newPassword = 'a brand new secret';
  await page.getByLabel(t.fields.newPassword).fill(newPassword);
  await page.getByLabel(t.fields.confirmPassword).fill(newPassword);
  await page.getByRole('button', { name: t.auth.resetPassword.submit }).click();
  await expect(toast(page, t.auth.resetPassword.success)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);

  await fillLoginForm(page, user.email, user.password);
  await expect(toast(page, t.auth.login.failed)).toBeVisible();
  await loginViaUi(page, { email: user.email, password: newPassword });
  await expect(mainNav(page).getByText(user.name)).toBeVisible();
});
