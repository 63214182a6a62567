import type { APIRequestContext, Page } from './support/test';
import { expect, expectAccessible, test } from './support/test';
import { loginViaApi, signUpViaApi, type TestUser } from './support/api';
import { choreOf, groupOf, housemate } from './support/household';
import { bellName, registerDevice, sharedExpense as expenseFor } from './support/notifications';
import { expectFitsWidth, fill, loginViaUi, mainNav, t, toast } from './support/ui';
import {
  renderDocumentPhoto,
  type SampleDocument,
} from '../apps/server/test/support/sample-photos';

/**
 * The accessibility gate visits every screen and dialog on purpose (docs/accessibility.md): each
 * `expectAccessible` runs axe in the light and the dark theme. Other specs are checked at their
 * end by the shared `test`; this one makes sure nothing is left out.
 */

// The longest file of the suite: its tests are independent, so both workers share them.
test.describe.configure({ mode: 'parallel' });

const l = t.lists;
const g = t.groups;

async function authHeaders(request: APIRequestContext, user: TestUser) {
  const { access_token } = await loginViaApi(request, user.email, user.password);
  return { Authorization: `Bearer ${access_token}` };
}

/** A user with a group, a group list with priced items, and a join code of someone else's group. */
async function household(request: APIRequestContext) {
  const [user, stranger] = await Promise.all([
    signUpViaApi(request, { name: 'Ada Access' }),
    signUpViaApi(request, { name: 'Sam Stranger' }),
  ]);
  const [headers, strangerHeaders] = [
    await authHeaders(request, user),
    await authHeaders(request, stranger),
  ];
  const group = (await (
    await request.post('/api/v1/groups', { headers, data: { name: 'Flat Access' } })
  ).json()) as { id: number };
  const list = (await (
    await request.post('/api/v1/lists/import', {
      headers,
      data: {
        format: 'text',
        content: '2 x Milk 1.99\nBread 2.50\n500 g Flour',
        name: 'Weekly shop',
        group_id: group.id,
      },
    })
  ).json()) as { list: { id: number } };
  const other = (await (
    await request.post('/api/v1/groups', {
      headers: strangerHeaders,
      data: { name: 'Other flat' },
    })
  ).json()) as { id: number };
  const { code } = (await (
    await request.post(`/api/v1/groups/${other.id}/invites`, { headers: strangerHeaders })
  ).json()) as { code: string };
  return { user, groupId: group.id, listId: list.list.id, joinCode: code };
}

/** Opens a dialog with `open`, checks the page with it open, and closes it with Escape. */
async function checkDialog(page: Page, open: () => Promise<void>, title: string) {
  await open();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, `dialog "${title}"`);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test('the signed-out pages pass the accessibility gate', async ({ page }) => {
  // Eight axe scans (four pages, light and dark), like the signed-in tests below: 20 s alone on a
  // 2-core machine, past the default 30 s beside another worker.
  test.setTimeout(90_000);
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2F$/);
  await expect(page.getByRole('heading', { name: t.auth.login.title })).toBeVisible();
  await expectAccessible(page, 'login');

  await page.getByRole('button', { name: t.auth.login.submit, exact: true }).click();
  await expect(page.getByText(t.validation.emailRequired, { exact: true })).toBeVisible();
  await expectAccessible(page, 'login with errors');

  await page.goto('/auth/signup');
  await page.getByRole('button', { name: t.auth.signup.submit, exact: true }).click();
  await expect(page.getByText(t.validation.nameRequired, { exact: true })).toBeVisible();
  await expectAccessible(page, 'sign-up with errors');

  await page.goto('/auth/forgot-password');
  await expect(page.getByRole('heading', { name: t.auth.forgotPassword.title })).toBeVisible();
  await expectAccessible(page, 'forgot password');
  await page.getByLabel(t.fields.email).fill('nobody@example.com');
  await page.getByRole('button', { name: t.auth.forgotPassword.submit }).click();
  await expect(page.getByText(t.auth.forgotPassword.sent)).toBeVisible();
  await expectAccessible(page, 'forgot password, sent');
});

// Each check runs axe twice (light and dark), so the signed-in screens are split over a few
// tests that the workers run side by side.

test('the lists pages and their dialogs pass the accessibility gate', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { user } = await household(request);
  await loginViaUi(page, user);
  // The login toast is on screen: its close button is checked with the lists page.
  await expect(toast(page, t.auth.login.success)).toBeVisible();
  await expectAccessible(page, 'lists, with a toast');

  await checkDialog(
    page,
    () => page.getByRole('button', { name: l.import.button }).click(),
    l.import.title,
  );
  await page.getByRole('tab', { name: l.tabs.archived, exact: true }).click();
  await expect(page.getByText(l.archived.emptyTitle)).toBeVisible();
  await expectAccessible(page, 'archived lists');
});

test('a list, its dialogs and supermarket mode pass the accessibility gate', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { user, listId } = await household(request);
  await loginViaUi(page, user);
  await page.goto(`/lists/${listId}`);
  await expect(page.getByRole('heading', { name: 'Weekly shop', level: 2 })).toBeVisible();
  await expectAccessible(page, 'list detail');
  await checkDialog(
    page,
    () => page.getByRole('button', { name: fill(l.item.edit, { name: 'Milk' }) }).click(),
    l.edit.title,
  );
  await checkDialog(
    page,
    () => page.getByRole('checkbox', { name: 'Bread' }).click(),
    l.item.toggleTitle,
  );
  await checkDialog(
    page,
    () => page.getByRole('button', { name: l.costs.button }).click(),
    l.costs.title,
  );
  const actions = page.getByRole('button', { name: l.actions.menu });
  await actions.click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectAccessible(page, 'list actions menu');
  await page.keyboard.press('Escape');
  for (const [item, title] of [
    [l.actions.edit, l.actions.edit],
    [l.categories.title, l.categories.title],
    [l.actions.delete, l.actions.delete],
  ] as const) {
    await checkDialog(
      page,
      async () => {
        await actions.click();
        await page.getByRole('menuitem', { name: item }).click();
      },
      title,
    );
  }

  await page.goto(`/lists/${listId}/shop`);
  await expect(page.getByTestId('shop-row')).toHaveCount(3);
  await expectAccessible(page, 'supermarket mode');
});

test('the groups pages and their dialogs pass the accessibility gate', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { user, groupId, joinCode } = await household(request);
  await loginViaUi(page, user);
  await page.goto('/groups');
  await expect(page.getByRole('heading', { name: g.title })).toBeVisible();
  await expectAccessible(page, 'groups');
  await checkDialog(
    page,
    async () => {
      await page.getByRole('button', { name: g.create.button, exact: true }).first().click();
      const dialog = page.getByRole('dialog', { name: g.create.title });
      await dialog.getByRole('button', { name: g.create.submit, exact: true }).click();
      await expect(dialog.getByText(g.validation.nameRequired)).toBeVisible();
    },
    g.create.title,
  );

  await page.goto(`/groups/${groupId}`);
  await expect(page.getByRole('heading', { name: 'Flat Access', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: g.invite.generate, exact: true }).click();
  await expect(page.getByTestId('invite-code')).toBeVisible();
  await expectAccessible(page, 'group detail');
  for (const [button, title] of [
    [g.edit.button, g.edit.title],
    [g.settings.button, g.settings.title],
    [g.leave.button, g.leave.title],
    [g.delete.button, g.delete.title],
  ] as const) {
    await checkDialog(
      page,
      () => page.getByRole('button', { name: button, exact: true }).click(),
      title,
    );
  }

  await page.goto(`/groups/${groupId}/lists`);
  await expect(page.getByTestId('list-card')).toHaveCount(1);
  await expectAccessible(page, 'group lists');

  await page.goto(`/groups/join/${joinCode}`);
  await expect(page.getByRole('heading', { name: 'Other flat' })).toBeVisible();
  await expectAccessible(page, 'join page');
});

/** The user's group gains a housemate who paid 30.00 for the two of them. */
async function sharedExpense(request: APIRequestContext, user: TestUser, groupId: number) {
  const headers = await authHeaders(request, user);
  const { code } = (await (
    await request.post(`/api/v1/groups/${groupId}/invites`, { headers })
  ).json()) as { code: string };
  const mate = await signUpViaApi(request, { name: 'Mo Housemate' });
  const mateHeaders = await authHeaders(request, mate);
  expect(
    (await request.post('/api/v1/groups/join', { headers: mateHeaders, data: { code } })).ok(),
  ).toBe(true);
  const added = await request.post('/api/v1/expenses', {
    headers: mateHeaders,
    data: {
      group_id: groupId,
      description: 'Groceries',
      amount_cents: 3000,
      date: '2026-11-20',
      split: { type: 'equal', participants: [user.id, mate.id] },
    },
  });
  expect(added.status(), await added.text()).toBe(201);
}

test('the expense pages and their dialogs pass the accessibility gate', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const { user, groupId } = await household(request);
  await sharedExpense(request, user, groupId);
  await loginViaUi(page, user);
  const e = t.expenses;
  const m = t.money;

  await page.goto(`/groups/${groupId}/expenses`);
  await expect(page.getByRole('article', { name: 'Groceries' })).toBeVisible();
  await expect(page.getByTestId('spending-charts')).toBeVisible();
  await expectAccessible(page, 'group expenses');
  await checkDialog(
    page,
    async () => {
      await page.getByRole('button', { name: e.add, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: e.form.addTitle });
      await dialog.getByRole('button', { name: e.form.add, exact: true }).click();
      await expect(dialog.getByText(e.form.descriptionRequired)).toBeVisible();
    },
    e.form.addTitle,
  );
  await checkDialog(
    page,
    () =>
      page
        .getByRole('button', { name: fill(e.card.settleLabel, { description: 'Groceries' }) })
        .click(),
    e.settle.title,
  );
  await checkDialog(
    page,
    () => page.getByRole('button', { name: m.transfers.record }).click(),
    m.transfers.confirmTitle,
  );
  await checkDialog(
    page,
    () => page.getByRole('button', { name: m.settlements.add }).click(),
    m.settlements.createTitle,
  );
  await checkDialog(
    page,
    () => page.getByRole('button', { name: m.export.import }).click(),
    m.import.title,
  );
  // The segmented control's radios are visually hidden behind their labels, which take the click.
  await page.locator('label').filter({ hasText: m.report.viewTable }).click();
  await expect(page.getByRole('table', { name: m.report.byCategory })).toBeVisible();
  await expectAccessible(page, 'group expenses, spending as tables');

  await page.goto('/expenses');
  await expect(page.getByRole('article', { name: 'Groceries' })).toBeVisible();
  await expectAccessible(page, 'my expenses');

  await page.goto(`/groups/${groupId}`);
  await expect(
    page.getByRole('region', { name: g.detail.expenses.title }).getByText('Groceries'),
  ).toBeVisible();
  await expectAccessible(page, 'group detail with recent expenses');
});

test('chores, expenses, the 404 page and the account pass the accessibility gate', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { user, groupId } = await household(request);
  await loginViaUi(page, user);
  for (const path of ['/chores', '/expenses', `/groups/${groupId}/chores`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
    await expectAccessible(page, path);
  }

  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: t.notFound.title })).toBeVisible();
  await expectAccessible(page, '404');

  await page.goto('/account');
  await expect(page.getByRole('heading', { name: t.account.title, exact: true })).toBeVisible();
  await expectAccessible(page, 'account');
  await checkDialog(
    page,
    () => page.getByRole('button', { name: t.account.delete.button }).click(),
    t.account.delete.confirmTitle,
  );
});

test('on a phone, the pages and the opened navigation pass the accessibility gate @mobile', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { user, listId, groupId } = await household(request);
  await loginViaUi(page, user);
  await page.getByRole('button', { name: t.nav.toggleMenu }).click();
  await expect(mainNav(page).getByRole('link', { name: t.nav.groups })).toBeInViewport();
  await expectAccessible(page, 'navigation open');
  await page.goto(`/lists/${listId}`);
  await expect(page.getByRole('heading', { name: 'Weekly shop', level: 2 })).toBeVisible();
  await expectAccessible(page, 'list detail');
  await page.goto(`/lists/${listId}/shop`);
  await expect(page.getByTestId('shop-row')).toHaveCount(3);
  await expectAccessible(page, 'supermarket mode');
  await sharedExpense(request, user, groupId);
  await page.goto(`/groups/${groupId}/expenses`);
  await expect(page.getByRole('article', { name: 'Groceries' })).toBeVisible();
  await expectAccessible(page, 'group expenses');
  await page.getByRole('button', { name: t.expenses.add, exact: true }).click();
  await expect(page.getByRole('dialog', { name: t.expenses.form.addTitle })).toBeVisible();
});

/** Someone with a weekly group chore due today that is theirs, and a personal one. */
async function choreHousehold(request: APIRequestContext) {
  const ada = await housemate(request, 'Ada Chores');
  const group = await groupOf(request, 'Flat Chores', [ada]);
  const bins = await choreOf(request, ada, {
    name: 'Bins out',
    type: 'group',
    group_id: group.id,
    frequency: 'weekly',
    due_date: new Date().toISOString().slice(0, 10),
  });
  const turn = await request.post(`/api/v1/chores/${bins.id}/assignments`, {
    headers: ada.headers,
    data: { user_id: ada.id },
  });
  expect(turn.status(), await turn.text()).toBe(201);
  await choreOf(request, ada, {
    name: 'Water plants',
    frequency: 'custom',
    interval_days: 3,
    due_date: new Date().toISOString().slice(0, 10),
  });
  return { ada, groupId: group.id };
}

test('the chore pages, the calendar and every chore dialog pass the accessibility gate', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const c = t.chores;
  const a = t.assignments;
  const { ada, groupId } = await choreHousehold(request);
  await loginViaUi(page, ada);
  await page.goto('/chores');
  const mine = page.getByRole('region', { name: a.title });
  await expect(mine.getByTestId('assignment-row')).toHaveCount(1);
  await expectAccessible(page, 'chores with my assigned chores');
  await checkDialog(
    page,
    () => page.getByRole('button', { name: c.new, exact: true }).click(),
    c.form.newTitle,
  );
  await checkDialog(
    page,
    () => page.getByRole('button', { name: c.shortcuts.button }).click(),
    c.shortcuts.title,
  );
  await checkDialog(
    page,
    () => page.getByRole('button', { name: a.feed.button }).click(),
    a.feed.title,
  );
  await checkDialog(
    page,
    () => mine.getByRole('button', { name: fill(a.time.open, { name: 'Bins out' }) }).click(),
    fill(a.time.title, { name: 'Bins out' }),
  );
  await page.getByRole('button', { name: fill(c.card.edit, { name: 'Water plants' }) }).click();
  const edit = page.getByRole('dialog', { name: c.form.editTitle });
  await edit.getByRole('button', { name: c.form.delete }).click();
  await expect(page.getByRole('dialog', { name: c.delete.title })).toBeVisible();
  await expectAccessible(page, 'delete chore confirmation');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();

  await page.getByText(c.view.calendar, { exact: true }).click();
  const calendar = page.getByRole('region', { name: c.calendar.label });
  await expect(calendar.getByText('Bins out').first()).toBeVisible();
  await expectAccessible(page, 'chores calendar, month');
  await calendar.getByText(c.calendar.week, { exact: true }).click();
  await expectAccessible(page, 'chores calendar, week');

  await page.goto(`/groups/${groupId}/chores`);
  await expect(page.getByTestId('history-entry').first()).toBeVisible();
  await expectAccessible(page, 'group chores with their history');

  await page.goto(`/groups/${groupId}`);
  await expect(page.getByTestId('upcoming-chore')).toHaveCount(1);
  await page.getByRole('button', { name: a.schedule.button, exact: true }).click();
  const schedule = page.getByRole('dialog', { name: a.schedule.title });
  await schedule.getByRole('button', { name: a.schedule.awayAdd }).click();
  await schedule.getByRole('button', { name: a.schedule.preview, exact: true }).click();
  await expect(schedule.getByTestId('planned-row').first()).toBeVisible();
  await expectAccessible(page, 'generate-schedule dialog with a preview');
});

test('on a phone, the chores page, its calendar and the chore form pass the accessibility gate @mobile', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const c = t.chores;
  const { ada } = await choreHousehold(request);
  await loginViaUi(page, ada);
  await page.goto('/chores');
  await expect(page.getByRole('region', { name: t.assignments.title })).toBeVisible();
  await expectAccessible(page, 'chores');
  await page.getByText(c.view.calendar, { exact: true }).click();
  await expect(page.getByRole('region', { name: c.calendar.label })).toBeVisible();
  await expectAccessible(page, 'chores calendar');
  await page.getByRole('button', { name: c.new, exact: true }).click();
  await expect(page.getByRole('dialog', { name: c.form.newTitle })).toBeVisible();
  await expectAccessible(page, 'new chore');
  await expectFitsWidth(page);
});

/** The photo import dialog at each step, and the list's import history. */
async function checkPhotoImport(page: Page, request: APIRequestContext) {
  const p = l.photoImport;
  const { user, listId } = await household(request);
  await loginViaUi(page, user);
  await page.goto(`/lists/${listId}`);
  await page.getByRole('button', { name: p.button }).click();
  const dialog = page.getByRole('dialog', { name: p.title });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'photo import: choose');
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'shop.jpg',
    mimeType: 'image/jpeg',
    buffer: await renderDocumentPhoto(ACCESS_RECEIPT),
  });
  await dialog.getByRole('button', { name: p.submit }).click();
  await expect(dialog.getByRole('table', { name: p.review.caption })).toBeVisible({
    timeout: 120_000,
  });
  await expectAccessible(page, 'photo import: review');
  await dialog.getByRole('button', { name: /^Add \d+ items?$/ }).click();
  await expect(dialog.getByRole('button', { name: l.expenses.splitShop })).toBeVisible();
  await expectAccessible(page, 'photo import: split this shop');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: p.history.title })).toBeVisible();
  await expectAccessible(page, 'list with photo imports');
}

const ACCESS_RECEIPT: SampleDocument = {
  id: 'access-receipt',
  language: 'eng',
  kind: 'receipt',
  lines: [
    '   FRESH MARKET',
    '',
    'ORANGES            2.40',
    'CHEESE            4.80',
    '',
    'TOTAL             7.20',
  ],
  items: [
    { name: 'ORANGES', quantity: 1, priceCents: 240 },
    { name: 'CHEESE', quantity: 1, priceCents: 480 },
  ],
  totalCents: 720,
};

test('the photo import, each of its steps and the import history pass the accessibility gate', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await checkPhotoImport(page, request);
});

test('on a phone, the photo import passes the accessibility gate @mobile', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await checkPhotoImport(page, request);
});

/**
 * The bell's notification centre with an unread notification, the account page's delivery and
 * push-device cards (with a device and its removal dialog), and the unsubscribe page before and
 * after its button.
 */
async function checkNotificationScreens(page: Page, request: APIRequestContext) {
  const n = t.notifications;
  const [ada, mo] = await Promise.all([
    housemate(request, 'Ada Notified'),
    housemate(request, 'Mo Payer'),
  ]);
  const group = await groupOf(request, 'Flat Notified', [ada, mo]);
  await expenseFor(request, mo, ada, group.id, 'Groceries', 3000);
  await registerDevice(request, ada, 'Kitchen tablet');
  await loginViaUi(page, ada);

  await page.getByRole('button', { name: bellName(1), exact: true }).click();
  const centre = page.getByRole('dialog', { name: n.center.title });
  await expect(centre.getByTestId('notification')).toHaveCount(1);
  await expectAccessible(page, 'notification centre');
  await expectFitsWidth(page);
  await page.keyboard.press('Escape');
  await expect(centre).toBeHidden();

  await page.goto('/account');
  // One switch per kind a person can turn off: every kind but "send a test".
  await expect(
    page.getByRole('region', { name: n.delivery.title }).getByRole('switch'),
  ).toHaveCount(11);
  await expect(
    page.getByRole('region', { name: n.push.title }).getByTestId('push-device'),
  ).toHaveCount(1);
  await expectAccessible(page, 'account with the notification cards');
  await expectFitsWidth(page);
  await checkDialog(
    page,
    () =>
      page
        .getByRole('button', { name: fill(n.push.removeLabel, { name: 'Kitchen tablet' }) })
        .click(),
    n.push.removeTitle,
  );

  await page.goto('/unsubscribe?token=not-a-real-token');
  await expect(page.getByRole('heading', { name: n.unsubscribe.title })).toBeVisible();
  await expectAccessible(page, 'unsubscribe');
  await page.getByRole('button', { name: n.unsubscribe.button }).click();
  await expect(page.getByRole('alert')).toHaveText(n.unsubscribe.invalidLink);
  await expectAccessible(page, 'unsubscribe, link not valid');
}

test('the notification centre, the notification cards and the unsubscribe page pass the accessibility gate', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await checkNotificationScreens(page, request);
});

test('on a phone, the notification centre, the notification cards and the unsubscribe page pass the accessibility gate @mobile', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await checkNotificationScreens(page, request);
});
