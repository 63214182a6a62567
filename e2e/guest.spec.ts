import { expect, test } from './support/test';
import { fetchMe, uniqueEmail } from './support/api';
import { loginViaUi, logout, mainNav, storedToken, t, toast } from './support/ui';

test('a guest keeps their account by claiming it, and then logs in by email', async ({
  page,
  request,
}) => {
  await page.goto('/auth/login');
  await page.getByRole('button', { name: t.auth.guest.button }).click();
  await expect(toast(page, t.auth.guest.success)).toBeVisible();
  await expect(page).toHaveURL(/\/lists$/);
  await expect(mainNav(page).getByText(t.user.guest, { exact: true })).toBeVisible();

  const guest = (await fetchMe(request, (await storedToken(page))!)).me!;
  expect(guest.is_guest).toBe(true);

  await mainNav(page).getByRole('link', { name: t.nav.account }).click();
  const claim = page.getByRole('region', { name: t.account.claim.title });
  await expect(claim.getByText(t.account.claim.description)).toBeVisible();
  const email = uniqueEmail('guest');
  const password = 'kept my data';
  await claim.getByLabel(t.fields.fullName).fill('Former Guest');
  await claim.getByLabel(t.fields.email).fill(email);
  await claim.getByLabel(t.fields.password, { exact: true }).fill(password);
  await claim.getByLabel(t.fields.confirmPassword).fill(password);
  await claim.getByRole('button', { name: t.account.claim.submit }).click();
  await expect(toast(page, t.account.claim.success)).toBeVisible();
  await expect(claim).toBeHidden();
  await expect(mainNav(page).getByText('Former Guest')).toBeVisible();

  await logout(page);
  await loginViaUi(page, { email, password });
  const claimed = (await fetchMe(request, (await storedToken(page))!)).me!;
  expect(claimed).toMatchObject({ id: guest.id, is_guest: false, email, name: 'Former Guest' });
});
