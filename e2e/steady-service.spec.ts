import { expect, test, type Page, type Route } from './support/test';
import { groupOf, housemate, shopOf } from './support/household';
import { fill, personIn, t } from './support/ui';

// Issue "Steady service", §2: the web app rides out a server that sheds load. The refusals are
// the server's own answer (503 problem+json, Retry-After), played by the browser's router so that
// the test decides which requests a busy server turns away.

const BUSY = {
  status: 503,
  contentType: 'application/problem+json',
  headers: { 'Retry-After': '1' },
  body: JSON.stringify({
    type: 'about:blank#service_unavailable',
    title: 'Service unavailable',
    status: 503,
    code: 'service_unavailable',
    detail: 'The server is busy; try again shortly',
  }),
};

/** Turns away the first `times` requests of `method` to URLs matching `url`; counts them all. */
async function refuseFirst(page: Page, method: string, url: RegExp, times: number) {
  const seen = { total: 0 };
  await page.route(url, async (route: Route) => {
    if (route.request().method() !== method) return route.fallback();
    seen.total += 1;
    if (seen.total <= times) return route.fulfill(BUSY);
    return route.fallback();
  });
  return seen;
}

/**
 * Console errors of the app's own. The browser itself logs every answer of 400 or more ("Failed
 * to load resource: … 503"), which no page can prevent; those are left out here.
 */
function appConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (
      message
        .text()
        .startsWith('Failed to load resource: the server responded with a status of 503')
    )
      return;
    errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const notifications = (page: Page) => page.locator('.mantine-Notification-root');

test('a page whose first reads a busy server refuses says it is retrying, then shows its data, with no error', async ({
  browser,
  request,
}) => {
  const alice = await housemate(request, 'Alice Steady');
  const bob = await housemate(request, 'Bob Steady');
  const groupName = `Steady flat ${Date.now()}`;
  const group = await groupOf(request, groupName, [alice, bob]);

  const page = await personIn(browser, alice);
  const errors = appConsoleErrors(page);
  // The group read, twice: a page waits two Retry-Afters (1 s each, plus jitter) for it.
  const groupReads = await refuseFirst(page, 'GET', new RegExp(`/api/v1/groups/${group.id}$`), 2);
  await page.goto(`/groups/${group.id}/expenses`);

  await expect(page.getByRole('status', { name: t.app.busyRetrying })).toBeVisible();
  await expect(page.getByText(t.app.busyRetrying)).toBeVisible();
  await expect(
    page.getByRole('heading', { name: fill(t.expenses.groupTitle, { name: groupName }) }),
  ).toBeVisible({ timeout: 15_000 });
  expect(groupReads.total).toBe(3);
  await expect(page.getByText(t.app.busyRetrying)).toHaveCount(0);
  await expect(notifications(page)).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a tick a busy server refuses is kept by the outbox and sent again after Retry-After', async ({
  browser,
  request,
}) => {
  const alice = await housemate(request, 'Alice Ticks');
  const bob = await housemate(request, 'Bob Ticks');
  const group = await groupOf(request, `Tick flat ${Date.now()}`, [alice, bob]);
  const list = await shopOf(request, alice, group.id, 'Busy shop', ['Eggs', 'Butter'], []);

  const page = await personIn(browser, bob);
  const errors = appConsoleErrors(page);
  await page.goto(`/lists/${list.id}/shop`);
  await expect(page.getByTestId('shop-row')).toHaveCount(2);
  const ticks = await refuseFirst(page, 'PATCH', /\/api\/v1\/lists\/\d+\/items\/\d+$/, 1);
  await page.getByRole('button', { name: fill(t.lists.shop.tick, { name: 'Eggs' }) }).click();

  // Alice sees it done once the outbox has sent it again.
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/v1/lists/${list.id}`, { headers: alice.headers });
        const detail = (await response.json()) as { items: { name: string; done: boolean }[] };
        return detail.items.find((item) => item.name === 'Eggs')?.done;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  expect(ticks.total).toBe(2);
  await expect(notifications(page)).toHaveCount(0);
  expect(errors).toEqual([]);
});
