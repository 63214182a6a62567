import { expect, test, type Page } from './support/test';
import { loginViaApi, signUpViaApi, uniqueEmail } from './support/api';
import { expectFitsWidth, fill, loginViaUi, personIn, t, toast } from './support/ui';

const g = t.groups;

/** A person in their own browser context, with the clipboard the invite section copies to. */

// Copying the join code needs the clipboard.
const CLIPBOARD = { permissions: ['clipboard-read', 'clipboard-write'] };

function memberRow(page: Page, name: string) {
  return page.getByTestId('member-row').filter({ hasText: name });
}

function section(page: Page, title: string) {
  return page.getByRole('region', { name: title, exact: true });
}

async function joinWithCode(page: Page, code: string) {
  // The form sits in the empty state for someone in no group, in its own section otherwise.
  await page.goto('/groups');
  await page.getByLabel(g.join.code).fill(code);
  await page.getByRole('button', { name: g.join.submit, exact: true }).click();
}

async function inviteCodeOf(page: Page): Promise<string> {
  const code = (await page.getByTestId('invite-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[2-9A-HJ-NP-Z]{10}$/);
  return code;
}

test('a household forms: create, share the code, join, promote, regenerate, remove, and the log tells it in order', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const [alice, bob, carol] = await Promise.all([
    signUpViaApi(request, { name: 'Alice Owner' }),
    signUpViaApi(request, { name: 'Bob Housemate' }),
    signUpViaApi(request, { name: 'Carol Guest' }),
  ]);
  const groupName = `Flat ${Date.now()}`;

  // Alice creates the group and generates a code.
  const a = await personIn(browser, alice, undefined, CLIPBOARD);
  await a.goto('/groups');
  await a.getByRole('button', { name: g.create.button, exact: true }).first().click();
  const dialog = a.getByRole('dialog', { name: g.create.title });
  await dialog.getByLabel(g.fields.name).fill(groupName);
  await dialog.getByRole('button', { name: g.create.submit, exact: true }).click();
  await expect(toast(a, g.create.success)).toBeVisible();
  const card = a.getByRole('article', { name: groupName });
  await expect(card.getByText(fill(g.card.members_one, { count: '1' }))).toBeVisible();
  await expect(card.getByText(g.roles.owner, { exact: true })).toBeVisible();
  await card.getByRole('link', { name: groupName }).click();
  await expect(a.getByRole('heading', { name: groupName, level: 2 })).toBeVisible();

  const invite = section(a, g.invite.title);
  await invite.getByRole('button', { name: g.invite.generate, exact: true }).click();
  const firstCode = await inviteCodeOf(a);
  await invite.getByRole('button', { name: g.invite.copy, exact: true }).click();
  await expect(toast(a, g.invite.copied)).toBeVisible();
  const copied = await a.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(firstCode);

  // Bob joins with the copied code, typed the way people type (lower case, a space).
  const b = await personIn(browser, bob, undefined, CLIPBOARD);
  await joinWithCode(b, `${copied.slice(0, 5).toLowerCase()} ${copied.slice(5).toLowerCase()}`);
  await expect(b.getByRole('heading', { name: groupName, level: 2 })).toBeVisible();
  await expect(memberRow(b, alice.name).getByText(g.roles.owner, { exact: true })).toBeVisible();
  await expect(memberRow(b, bob.name).getByText(g.roles.member, { exact: true })).toBeVisible();

  // Alice sees Bob, and makes him admin.
  await a.reload();
  const bobRow = memberRow(a, bob.name);
  await expect(bobRow).toBeVisible();
  await bobRow
    .getByRole('combobox', { name: g.members.role })
    .selectOption({ label: g.roles.admin });
  await expect(toast(a, g.members.roleChanged)).toBeVisible();

  // Bob, now admin, regenerates the code; the old one stops working.
  await b.reload();
  await expect(memberRow(b, bob.name).getByRole('combobox', { name: g.members.role })).toHaveValue(
    'admin',
  );
  await section(b, g.invite.title)
    .getByRole('button', { name: g.invite.regenerate, exact: true })
    .click();
  await expect(toast(b, g.invite.generated)).toBeVisible();
  await expect(b.getByTestId('invite-code')).not.toHaveText(firstCode);
  const secondCode = await inviteCodeOf(b);

  const c = await personIn(browser, carol, undefined, CLIPBOARD);
  await joinWithCode(c, firstCode);
  await expect(toast(c, g.join.failed)).toBeVisible();
  await expect(c).toHaveURL(/\/groups$/);
  await joinWithCode(c, secondCode);
  await expect(c.getByRole('heading', { name: groupName, level: 2 })).toBeVisible();

  // Alice removes Carol.
  await a.reload();
  const carolRow = memberRow(a, carol.name);
  await carolRow.getByRole('button', { name: g.members.remove }).click();
  await a
    .getByRole('dialog', { name: g.members.removeTitle })
    .getByRole('button', { name: g.members.remove })
    .click();
  await expect(toast(a, g.members.removed)).toBeVisible();
  await expect(carolRow).toHaveCount(0);

  // The activity log, newest first, tells exactly this story.
  await a.reload();
  const entries = a.getByTestId('activity-entry');
  const expected = [
    fill(g.activity.member_removed, { actor: alice.name, subject: carol.name }),
    fill(g.activity.member_joined, { actor: carol.name }),
    fill(g.activity.invite_code_generated, { actor: bob.name }),
    fill(g.activity.role_changed, {
      actor: alice.name,
      subject: bob.name,
      from: g.roles.member,
      to: g.roles.admin,
    }),
    fill(g.activity.member_joined, { actor: bob.name }),
    fill(g.activity.invite_code_generated, { actor: alice.name }),
    fill(g.activity.group_created, { actor: alice.name }),
  ];
  await expect(entries).toHaveCount(expected.length);
  for (const [index, text] of expected.entries()) {
    await expect(entries.nth(index)).toContainText(text);
  }
});

test('a join link opened signed out goes through sign-up and login, then joins', async ({
  page,
  request,
}) => {
  const owner = await signUpViaApi(request, { name: 'Link Owner' });
  const { access_token } = await loginViaApi(request, owner.email, owner.password);
  const headers = { Authorization: `Bearer ${access_token}` };
  const groupName = `Trip ${Date.now()}`;
  const created = await request.post('/api/v1/groups', { headers, data: { name: groupName } });
  const { id } = (await created.json()) as { id: number };
  const generated = await request.post(`/api/v1/groups/${id}/invites`, { headers });
  const { code } = (await generated.json()) as { code: string };

  await page.goto(`/groups/join/${code}`);
  await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
  await page.getByRole('link', { name: t.auth.login.signUpLink }).click();

  const newcomer = {
    name: 'Nina Newcomer',
    email: uniqueEmail('joiner'),
    password: 'a long secret',
  };
  await page.getByLabel(t.fields.fullName).fill(newcomer.name);
  await page.getByLabel(t.fields.email).fill(newcomer.email);
  await page.getByLabel(t.fields.password, { exact: true }).fill(newcomer.password);
  await page.getByLabel(t.fields.confirmPassword).fill(newcomer.password);
  await page.getByRole('button', { name: t.auth.signup.submit, exact: true }).click();
  await expect(toast(page, t.auth.signup.success)).toBeVisible();

  await loginViaUi(page, newcomer);
  await expect(page).toHaveURL(new RegExp(`/groups/join/${code}$`));
  await expect(page.getByRole('heading', { name: groupName })).toBeVisible();
  await page.getByRole('button', { name: g.join.submit, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/groups/${id}$`));
  await expect(
    memberRow(page, newcomer.name).getByText(g.roles.member, { exact: true }),
  ).toBeVisible();
  await expect(memberRow(page, owner.name).getByText(g.roles.owner, { exact: true })).toBeVisible();
});

test('the groups pages fit a phone screen @mobile', async ({ page, request }) => {
  const user = await signUpViaApi(request);
  await loginViaUi(page, user);
  await page.goto('/groups');
  await page.getByRole('button', { name: g.create.button, exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: g.create.title });
  await dialog.getByRole('button', { name: g.create.submit, exact: true }).click();
  await expect(dialog.getByText(g.validation.nameRequired)).toBeVisible();
  await dialog.getByLabel(g.fields.name).fill('Phone flat');
  await dialog.getByRole('button', { name: g.create.submit, exact: true }).click();
  await page
    .getByRole('article', { name: 'Phone flat' })
    .getByRole('link', { name: 'Phone flat' })
    .click();
  await expect(page.getByRole('heading', { name: 'Phone flat', level: 2 })).toBeVisible();
  await expectFitsWidth(page);
});
