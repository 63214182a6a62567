import { expect, test, type Page } from './support/test';
import { groupOf, housemate } from './support/household';
import { bellName, registerDevice, sharedExpense } from './support/notifications';
import { readOutbox } from './support/outbox';
import { fill, loginViaUi, t, toast } from './support/ui';

// Issue 13 §2 in the browser: the bell counts a housemate's expense live, its centre shows the
// sentence and marks it read; the account page saves the delivery settings and lists, removes
// and (as far as Chromium here can) adds push devices.

const n = t.notifications;

/** Resolves once the page's realtime connection is authenticated: events from then on reach it. */
function realtimeReady(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"type":"ready"')) resolve();
      });
    });
  });
}

const bell = (page: Page, unread: number) =>
  page.getByRole('button', { name: bellName(unread), exact: true });

test("a housemate's expense reaches the bell live, and opening it marks it read", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const [ann, ben] = await Promise.all([
    housemate(request, 'Ann Payer'),
    housemate(request, 'Ben Sharer'),
  ]);
  const group = await groupOf(request, `Flat ${Date.now()}`, [ann, ben]);
  const page = await (await browser.newContext()).newPage();
  const connected = realtimeReady(page);
  await loginViaUi(page, ben);
  await expect(bell(page, 0)).toBeVisible();
  await connected;

  // Ann adds an expense that Ben shares in; Ben's bell counts it without a reload.
  await sharedExpense(request, ann, ben, group.id, 'Groceries', 3000);
  await expect(bell(page, 1)).toBeVisible();

  await bell(page, 1).click();
  const centre = page.getByRole('dialog', { name: n.center.title });
  const sentence = fill(n.text.expense_added, {
    actor: ann.name,
    description: 'Groceries',
    amount: '€30.00',
  });
  const entry = centre.getByRole('link', { name: sentence });
  await expect(entry).toBeVisible();
  await expect(entry).toHaveAttribute('data-unread', 'true');
  await expect(entry).toContainText(n.center.unread);

  await entry.click();
  await expect(page).toHaveURL(new RegExp(`/groups/${group.id}/expenses$`));
  await expect(centre).toBeHidden();
  await expect(bell(page, 0)).toBeVisible();

  // Read for good: the server says so too, and the centre shows it without the unread mark.
  const listed = (await (
    await request.get('/api/v1/notifications', { headers: ben.headers })
  ).json()) as { unread_count: number; items: { kind: string; read_at: string | null }[] };
  expect(listed.unread_count).toBe(0);
  expect(listed.items.map((item) => item.kind)).toEqual(['expense_added']);
  expect(listed.items[0]!.read_at).not.toBeNull();
  await bell(page, 0).click();
  await expect(centre.getByRole('link', { name: sentence })).not.toHaveAttribute('data-unread');
  await page.keyboard.press('Escape');
  await expect(centre).toBeHidden();
});

test('the account page saves the notification delivery settings', async ({ page, request }) => {
  const d = n.delivery;
  const user = await housemate(request, 'Dee Settings');
  await loginViaUi(page, user);
  await page.goto('/account');
  const card = page.getByRole('region', { name: d.title });
  const payments = card.getByRole('switch', { name: n.kinds.settlement_received });
  await expect(payments).toBeChecked();

  await payments.click();
  await card.getByLabel(d.reminderTime).fill('07:15');
  await card.getByLabel(d.timeZone).selectOption('Europe/Amsterdam');
  await card.getByRole('radio', { name: d.digestInstant }).check();
  await card.getByRole('button', { name: t.app.save }).click();
  await expect(toast(page, d.saved)).toBeVisible();

  const saved = await (
    await request.get('/api/v1/notifications/settings', { headers: user.headers })
  ).json();
  expect(saved).toMatchObject({
    kinds: { settlement_received: false, expense_added: true },
    reminder_time: '07:15',
    time_zone: 'Europe/Amsterdam',
    email_digest: 'instant',
  });

  await page.reload();
  await expect(payments).not.toBeChecked();
  await expect(card.getByLabel(d.reminderTime)).toHaveValue('07:15');
  await expect(card.getByLabel(d.timeZone)).toHaveValue('Europe/Amsterdam');
  await expect(card.getByRole('radio', { name: d.digestInstant })).toBeChecked();
});

test.describe('push devices on the account page', () => {
  // The app's own service worker, so that the button gets as far as Chromium's push service.
  test.use({ serviceWorkers: 'allow' });
  // The worker precaches the whole app shell while the test signs in, which on a busy 2-core
  // machine takes the test past the default 30 s.
  test.describe.configure({ timeout: 60_000 });

  test('lists a device registered through the API and removes it', async ({ page, request }) => {
    const p = n.push;
    const user = await housemate(request, 'Pat Devices');
    await registerDevice(request, user, 'Kitchen tablet');
    await loginViaUi(page, user);
    await page.goto('/account');
    const card = page.getByRole('region', { name: p.title });
    const row = card.getByTestId('push-device').filter({ hasText: 'Kitchen tablet' });
    await expect(row).toBeVisible();
    await expect(row).not.toContainText(p.thisDevice);

    await row
      .getByRole('button', { name: fill(p.removeLabel, { name: 'Kitchen tablet' }) })
      .click();
    const dialog = page.getByRole('dialog', { name: p.removeTitle });
    await expect(dialog).toContainText(fill(p.removeText, { name: 'Kitchen tablet' }));
    await dialog.getByRole('button', { name: p.remove, exact: true }).click();
    await expect(toast(page, p.removed)).toBeVisible();
    await expect(card.getByTestId('push-device')).toHaveCount(0);
    await expect(card.getByText(p.empty)).toBeVisible();
    const devices = (await (
      await request.get('/api/v1/push/subscriptions', { headers: user.headers })
    ).json()) as { items: unknown[] };
    expect(devices.items).toEqual([]);
  });

  test('enabling push on this device says clearly that it failed, and the page goes on working', async ({
    page,
    request,
  }) => {
    // Waits for the service worker and then for Chromium's unreachable push service.
    test.setTimeout(120_000);
    const p = n.push;
    const user = await housemate(request, 'Sam Subscriber');
    await registerDevice(request, user, 'Old phone');
    await page.context().grantPermissions(['notifications']);
    await loginViaUi(page, user);
    await page.goto('/account');
    const card = page.getByRole('region', { name: p.title });
    await expect(card.getByTestId('push-device')).toHaveCount(1);

    const enable = card.getByRole('button', { name: p.enable });
    await enable.click();
    await expect(card.getByRole('alert')).toHaveText(p.failed, { timeout: 60_000 });
    await expect(enable).toBeEnabled();

    // Nothing was registered, and the rest of the card still works.
    await expect(card.getByTestId('push-device')).toHaveCount(1);
    await card.getByRole('button', { name: fill(p.removeLabel, { name: 'Old phone' }) }).click();
    await page
      .getByRole('dialog', { name: p.removeTitle })
      .getByRole('button', { name: p.remove, exact: true })
      .click();
    await expect(card.getByTestId('push-device')).toHaveCount(0);
  });
});

test('the mailed unsubscribe link turns email off without signing in', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const u = n.unsubscribe;
  const [ann, ben] = await Promise.all([
    housemate(request, 'Ann Mailer'),
    housemate(request, 'Ben Reader'),
  ]);
  const group = await groupOf(request, `Flat ${Date.now()}`, [ann, ben]);
  const instant = await request.put('/api/v1/notifications/settings', {
    headers: ben.headers,
    data: { email_digest: 'instant' },
  });
  expect(instant.status(), await instant.text()).toBe(200);
  await sharedExpense(request, ann, ben, group.id, 'Bread', 450);

  // The page link ends a line of the body; the List-Unsubscribe header names the API instead.
  const pageLink = /(https?:\/\/\S+\/unsubscribe\?token=[\w.%-]+)\s*$/m;
  let link: string | undefined;
  await expect
    .poll(() => (link = readOutbox(ben.email)?.match(pageLink)?.[1]), {
      message: `a notification mail to ${ben.email} with its unsubscribe link`,
      timeout: 30_000,
    })
    .toBeDefined();
  const { pathname, search } = new URL(link!);
  expect(pathname).toBe('/unsubscribe');

  // Opening the link changes nothing; the button does.
  await page.goto(`${pathname}${search}`);
  await expect(page.getByRole('heading', { name: u.title })).toBeVisible();
  const before = (await (
    await request.get('/api/v1/users/settings', { headers: ben.headers })
  ).json()) as { notifications: { email_notifications: boolean } };
  expect(before.notifications.email_notifications).toBe(true);

  await page.getByRole('button', { name: u.button }).click();
  await expect(page.getByRole('status').filter({ hasText: u.success })).toBeVisible();
  await expect(page.getByRole('link', { name: u.toLogin })).toBeVisible();
  const after = (await (
    await request.get('/api/v1/users/settings', { headers: ben.headers })
  ).json()) as { notifications: { email_notifications: boolean } };
  expect(after.notifications.email_notifications).toBe(false);
});

test('an unsubscribe link that is not valid says so', async ({ page }) => {
  const u = n.unsubscribe;
  await page.goto('/unsubscribe?token=not-a-real-token');
  await expect(page).toHaveURL(/\/unsubscribe\?token=not-a-real-token$/);
  await expect(page.getByRole('heading', { name: u.title })).toBeVisible();
  await page.getByRole('button', { name: u.button }).click();
  await expect(page.getByRole('alert')).toHaveText(u.invalidLink);
});
