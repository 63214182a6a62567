import { choreOf, groupOf, housemate, shopOf, type Housemate } from './support/household';
import { expect, expectAccessible, test, type APIRequestContext, type Page } from './support/test';
import { fill, loginViaUi, t } from './support/ui';

const l = t.lists;

// docs/offline.md: this spec is the one that runs with the app's service worker.
test.use({ serviceWorkers: 'allow' });

interface ServerItem {
  id: number;
  name: string;
  done: boolean;
  version: number;
  completed_by: { id: number } | null;
}

async function itemsOnServer(request: APIRequestContext, by: Housemate, listId: number) {
  const response = await request.get(`/api/v1/lists/${listId}`, { headers: by.headers });
  expect(response.ok()).toBe(true);
  const detail = (await response.json()) as { items: ServerItem[] };
  return Object.fromEntries(detail.items.map((item) => [item.name, item]));
}

/** How many item changes the outbox keeps in IndexedDB for this page's user. */
function storedChanges(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('household-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('item-changes')) return resolve(0);
          const all = db.transaction('item-changes').objectStore('item-changes').getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () =>
            resolve((all.result as unknown[][]).reduce((sum, queue) => sum + queue.length, 0));
        };
      }),
  );
}

const shopButton = (page: Page, verb: 'tick' | 'undo', name: string) =>
  page.getByRole('button', { name: fill(l.shop[verb], { name }), exact: true });

test('installed, the app opens offline on its cached lists; ticks made offline survive a closed tab and reach a housemate once', async ({
  page,
  context,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const alice = await housemate(request, 'Alice Offline');
  const bob = await housemate(request, 'Bob Offline');
  const group = await groupOf(request, `Flat ${Date.now()}`, [alice, bob]);
  const list = await shopOf(request, alice, group.id, 'Market day', ['Eggs', 'Butter', 'Jam'], []);
  const before = await itemsOnServer(request, alice, list.id);

  // Bob opens the app once online: the service worker installs and, after a reload, controls it.
  await loginViaUi(page, bob);
  await page.goto(`/lists/${list.id}`);
  await expect(page.getByTestId('item-row')).toHaveCount(3);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // What a visit leaves in the cache: the lists, this list, its supermarket mode.
  await expect(page.getByTestId('item-row')).toHaveCount(3);
  await page.goto('/lists');
  await expect(page.getByTestId('list-card').filter({ hasText: 'Market day' })).toBeVisible();

  // No connection: the app still opens, with the lists and the list as last seen.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('list-card').filter({ hasText: 'Market day' })).toBeVisible();
  await page.goto(`/lists/${list.id}`);
  await expect(page.getByRole('heading', { name: 'Market day', level: 2 })).toBeVisible();
  await expect(page.getByTestId('item-row')).toHaveCount(3);
  await expect(page.getByRole('status', { name: t.app.offline.title })).toBeVisible();
  await expectAccessible(page, 'the offline notice');

  // Supermarket mode offline: two ticks wait in the outbox.
  await page.goto(`/lists/${list.id}/shop`);
  await expect(page.getByTestId('shop-row')).toHaveCount(3);
  await shopButton(page, 'tick', 'Eggs').click();
  await shopButton(page, 'tick', 'Jam').click();
  await expect(page.getByText(fill(l.offline.waiting_other, { count: '2' }))).toBeVisible();
  await expect.poll(() => storedChanges(page)).toBe(2);

  // The tab is closed; the app is opened again, still offline, in the same browser profile.
  await page.close();
  const reopened = await context.newPage();
  await reopened.goto(`/lists/${list.id}/shop`);
  await expect(reopened.getByTestId('shop-row')).toHaveCount(3);
  await expect(reopened.getByText(fill(l.offline.waiting_other, { count: '2' }))).toBeVisible();
  await expect(shopButton(reopened, 'undo', 'Eggs')).toBeVisible();
  await expect(shopButton(reopened, 'undo', 'Jam')).toBeVisible();
  // Nothing reached the server while offline.
  const meanwhile = await itemsOnServer(request, alice, list.id);
  expect([meanwhile.Eggs!.done, meanwhile.Jam!.done]).toEqual([false, false]);

  // Alice, on her own device, has the list open when Bob's connection returns.
  const a = await (await browser.newContext({ serviceWorkers: 'block' })).newPage();
  await loginViaUi(a, alice);
  await a.goto(`/lists/${list.id}`);
  const aliceRow = (name: string) => a.getByTestId('item-row').filter({ hasText: name });
  await expect(aliceRow('Eggs')).toHaveAttribute('data-done', 'false');

  await context.setOffline(false);
  await expect(aliceRow('Eggs')).toHaveAttribute('data-done', 'true');
  await expect(aliceRow('Jam')).toHaveAttribute('data-done', 'true');
  await expect(aliceRow('Butter')).toHaveAttribute('data-done', 'false');
  await expect(reopened.getByText(/changes? waiting/)).toHaveCount(0);
  await expect.poll(() => storedChanges(reopened)).toBe(0);

  // Exactly once: each ticked item moved on by one version, ticked by Bob; a second delivery
  // would have moved it again or been refused as a conflict.
  const after = await itemsOnServer(request, alice, list.id);
  for (const name of ['Eggs', 'Jam']) {
    expect(after[name]).toMatchObject({
      done: true,
      version: before[name]!.version + 1,
      completed_by: { id: bob.id },
    });
  }
  expect(after.Butter).toMatchObject({ done: false, version: before.Butter!.version });
  await expect(reopened.getByRole('alert')).toHaveCount(0);
});

/** The paths of the assets each of the worker's caches holds, by cache name. */
function cachedAssets(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const byCache: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const requests = await (await caches.open(name)).keys();
      byCache[name] = requests
        .map((request) => new URL(request.url).pathname)
        .filter((path) => path.startsWith('/assets/'));
    }
    return byCache;
  });
}

test('the worker precaches every page but the largest optional chunks, and keeps one once used', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const user = await housemate(request, 'Cleo Cache');
  await choreOf(request, user, {
    name: 'Water plants',
    frequency: 'weekly',
    due_date: new Date().toISOString().slice(0, 10),
  });
  await loginViaUi(page, user);
  await page.goto('/chores');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // Their few kilobytes of CSS stay precached.
  const optional = /\/(sentry|SpendingCharts|ChoreCalendar)-[\w-]+\.js$/;
  const installed = await cachedAssets(page);
  const precache = Object.entries(installed).find(([name]) => name.includes('precache'))?.[1];
  expect(precache?.some((path) => path.includes('/ChoresPage-'))).toBe(true);
  expect(precache?.some((path) => path.includes('/ExpensesPage-'))).toBe(true);
  expect(precache?.filter((path) => optional.test(path))).toEqual([]);

  // The calendar's chunk is fetched when the calendar is first shown, and kept from then on.
  await page
    .getByRole('radiogroup', { name: t.chores.view.label })
    .getByText(t.chores.view.calendar, { exact: true })
    .click();
  await expect(page.getByRole('region', { name: t.chores.calendar.label })).toBeVisible();
  await expect
    .poll(async () => (await cachedAssets(page))['lazy-chunks'] ?? [])
    .toEqual([expect.stringMatching(/^\/assets\/ChoreCalendar-[\w-]+\.js$/)]);
});
