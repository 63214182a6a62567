import { expect, expectAccessible, test, type Page } from './support/test';
import { loginViaApi, signUpViaApi, uniqueEmail, type TestUser } from './support/api';
import { waitForMailLink } from './support/outbox';
import { fill, loginViaUi, logout, mainNav, t } from './support/ui';

/**
 * Issue 30 (docs/accounts.md "Sensitive changes and the email change"): a new address applies
 * only once confirmed from its inbox, and the old address gets a link that undoes the change and
 * ends every session.
 */

const m = t.account.emailChange;
const CONFIRM_SUBJECT = /Confirm your new email address/;
const UNDO_SUBJECT = /Your email address is being changed/;

async function openLink(page: Page, link: string, kind: 'confirm' | 'undo') {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: m[kind].title })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: m[kind].success })).toBeVisible();
}

test('Ann confirms a new email from its inbox, and the undo link from the old one brings it back', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const ann: TestUser = await signUpViaApi(request, { name: 'Ann Mover' });
  const newEmail = uniqueEmail('ann-moved');
  await loginViaUi(page, ann);
  await mainNav(page).getByRole('link', { name: t.nav.account }).click();

  const profile = page.getByRole('region', { name: t.account.profile.title, exact: true });
  await profile.getByLabel(t.fields.email).fill(newEmail);
  await profile.getByLabel(m.currentPassword).fill(ann.password);
  await profile.getByRole('button', { name: t.app.save }).click();
  await expect(profile.getByRole('status')).toHaveText(
    fill(m.pending, { pending: newEmail, current: ann.email }),
  );

  const undoLink = await waitForMailLink(ann.email, UNDO_SUBJECT);
  const confirmLink = await waitForMailLink(newEmail, CONFIRM_SUBJECT);
  expect(new URL(confirmLink).pathname).toBe('/auth/confirm-email');
  expect(new URL(undoLink).pathname).toBe('/auth/undo-email-change');

  await openLink(page, confirmLink, 'confirm');
  await expectAccessible(page, 'the confirmed email change');
  await page.getByRole('link', { name: m.continue }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(profile.getByLabel(t.fields.email)).toHaveValue(newEmail);
  await logout(page);
  await loginViaUi(page, { email: newEmail, password: ann.password });

  // The old inbox is read elsewhere: the undo ends this browser's session too.
  const oldInbox = await (await browser.newContext()).newPage();
  await openLink(oldInbox, undoLink, 'undo');
  await expectAccessible(oldInbox, 'the undone email change');

  await page.goto('/account');
  await expect(page).toHaveURL((url) => url.pathname === '/auth/login');
  await loginViaUi(page, ann);
  await mainNav(page).getByRole('link', { name: t.nav.account }).click();
  await expect(profile.getByLabel(t.fields.email)).toHaveValue(ann.email);
});

test('on a phone, the confirm and undo pages pass the accessibility gate @mobile', async ({
  page,
  request,
}) => {
  const ann = await signUpViaApi(request, { name: 'Ann Phone' });
  const newEmail = uniqueEmail('ann-phone');
  const { access_token: token } = await loginViaApi(request, ann.email, ann.password);
  const changed = await request.patch('/api/v1/users/me', {
    headers: { Authorization: `Bearer ${token}` },
    data: { email: newEmail, current_password: ann.password },
  });
  expect(changed.status(), await changed.text()).toBe(200);

  await openLink(page, await waitForMailLink(newEmail, CONFIRM_SUBJECT), 'confirm');
  await expectAccessible(page, 'the confirmed email change');
  await openLink(page, await waitForMailLink(ann.email, UNDO_SUBJECT), 'undo');
  await expect(page.getByRole('link', { name: m.undo.resetPassword })).toBeVisible();
  await expectAccessible(page, 'the undone email change');
});
