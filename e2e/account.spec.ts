import { expect, test } from './support/test';
import { signUpViaApi, type TestUser } from './support/api';
import { loginViaUi, logout, mainNav, storedToken, t, toast } from './support/ui';

let user: TestUser;

test.beforeEach(async ({ page, request }) => {
  user = await signUpViaApi(request);
  await loginViaUi(page, user);
  await mainNav(page).getByRole('link', { name: t.nav.account }).click();
  await expect(page.getByRole('heading', { name: t.account.title, exact: true })).toBeVisible();
});

test('a new name is saved and shown in the layout', async ({ page }) => {
  const profile = page.getByRole('region', { name: t.account.profile.title, exact: true });
  await expect(profile.getByLabel(t.fields.name, { exact: true })).toHaveValue(user.name);

  await profile.getByLabel(t.fields.name, { exact: true }).fill('Grace Hopper');
  await profile.getByRole('button', { name: t.app.save }).click();
  await expect(toast(page, t.account.profile.saved)).toBeVisible();
  await expect(mainNav(page).getByText('Grace Hopper')).toBeVisible();

  await page.reload();
  await expect(profile.getByLabel(t.fields.name, { exact: true })).toHaveValue('Grace Hopper');
});

test('a changed password is the one that logs in afterwards', async ({ page }) => {
  const card = page.getByRole('region', { name: t.account.password.title });
  const newPassword = 'another long secret';
  await card.getByLabel(t.fields.currentPassword).fill(user.password);
  await card.getByLabel(t.fields.newPassword, { exact: true }).fill(newPassword);
  await card.getByLabel(t.fields.confirmNewPassword).fill(newPassword);
  await card.getByRole('button', { name: t.account.password.submit }).click();
  await expect(toast(page, t.account.password.saved)).toBeVisible();
  await expect(card.getByLabel(t.fields.currentPassword)).toHaveValue('');

  await logout(page);
  await loginViaUi(page, { email: user.email, password: newPassword });
  await expect(mainNav(page).getByText(user.name)).toBeVisible();
});

test('notification switches show the saved state and keep a change after a reload', async ({
  page,
  request,
}) => {
  const saved = async () => {
    const response = await request.get('/api/v1/users/notifications', {
      headers: { Authorization: `Bearer ${await storedToken(page)}` },
    });
    return (await response.json()) as Record<'email_notifications' | 'list_updates', boolean>;
  };
  const before = await saved();
  const card = page.getByRole('region', { name: t.account.notifications.title });
  const email = card.getByLabel(t.account.notifications.email);
  const listUpdates = card.getByLabel(t.account.notifications.listUpdates);
  await expect(email).toBeChecked({ checked: before.email_notifications });
  await expect(listUpdates).toBeChecked({ checked: before.list_updates });

  await listUpdates.setChecked(!before.list_updates);
  await card.getByRole('button', { name: t.app.save }).click();
  await expect(toast(page, t.account.preferences.saved)).toBeVisible();
  expect(await saved()).toMatchObject({ ...before, list_updates: !before.list_updates });

  await page.reload();
  await expect(listUpdates).toBeChecked({ checked: !before.list_updates });
  await expect(email).toBeChecked({ checked: before.email_notifications });
});
