import { expect, expectAccessible, test, type APIRequestContext, type Page } from './support/test';
import { groupOf, housemate, shopOf, type Housemate } from './support/household';
import { fill, loginViaUi, t, toast } from './support/ui';

/**
 * Issue 25: what a household's trips teach. Ticks in supermarket mode give the walking order of a
 * shop; every tick gives what is bought together. Ticks on different lists are different trips,
 * so a trip each on two lists of the same shop stands for two visits to it.
 */

const l = t.lists;

async function json<T>(pending: ReturnType<APIRequestContext['get']>): Promise<T> {
  const response = await pending;
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

/** A personal list for `shop` with these items, in this (manual) order. */
async function listFor(
  request: APIRequestContext,
  by: Housemate,
  name: string,
  shop: string,
  items: string[],
): Promise<number> {
  const list = await json<{ id: number }>(
    request.post('/api/v1/lists', { headers: by.headers, data: { name, shop } }),
  );
  for (const item of items) {
    await json(
      request.post(`/api/v1/lists/${list.id}/items`, { headers: by.headers, data: { name: item } }),
    );
  }
  return list.id;
}

const openRows = (page: Page) => page.locator('[data-testid="shop-row"][data-done="false"]');

/** Ticks the items in supermarket mode in this order, and waits until the server has them all. */
async function shopInOrder(
  page: Page,
  request: APIRequestContext,
  by: Housemate,
  listId: number,
  names: string[],
) {
  for (const name of names) {
    await page.getByRole('button', { name: fill(l.shop.tick, { name }), exact: true }).click();
    await expect(page.getByTestId('shop-row').filter({ hasText: name }).first()).toHaveAttribute(
      'data-done',
      'true',
    );
  }
  await expect
    .poll(
      async () =>
        (
          await json<{ done_count: number }>(
            request.get(`/api/v1/lists/${listId}`, { headers: by.headers }),
          )
        ).done_count,
    )
    .toBe(names.length);
}

test('two trips change the order: supermarket mode walks the shop as the household did, and "Your order" keeps the list\'s own', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const ann = await housemate(request, 'Ann Walker');
  const items = ['Apples', 'Bread', 'Cheese'];
  await loginViaUi(page, ann);

  // The first list is made on the lists page, naming its shop.
  await page.goto('/lists');
  await page.getByLabel(l.fields.name).fill('Trip one');
  await expect(page.getByLabel(l.fields.shop, { exact: true })).toHaveAttribute(
    'placeholder',
    l.fields.shopPlaceholder,
  );
  await page.getByLabel(l.fields.shop, { exact: true }).fill('Lidl');
  await page.getByRole('button', { name: l.create.submit }).click();
  await expect(toast(page, l.create.success)).toBeVisible();
  const lists = await json<{ id: number; name: string; shop: string }[]>(
    request.get('/api/v1/lists', { headers: ann.headers }),
  );
  const first = lists.find((list) => list.name === 'Trip one')!;
  expect(first.shop).toBe('Lidl');
  for (const item of items) {
    await json(
      request.post(`/api/v1/lists/${first.id}/items`, {
        headers: ann.headers,
        data: { name: item },
      }),
    );
  }
  await page.goto(`/lists/${first.id}`);
  await expect(page.getByText(fill(l.detail.atShop, { shop: 'Lidl' }))).toBeVisible();

  // Trip one: nothing learned yet, the list's own order, no switch; Cheese, Apples, Bread.
  await page.getByRole('link', { name: l.shop.open }).click();
  await expect(openRows(page)).toHaveText([/Apples/, /Bread/, /Cheese/]);
  await expect(page.getByRole('radio', { name: l.shop.order.learned })).toHaveCount(0);
  await shopInOrder(page, request, ann, first.id, ['Cheese', 'Apples', 'Bread']);

  // Trip two, on another list for Lidl: it opens in the order of trip one; Cheese, Bread, Apples.
  const second = await listFor(request, ann, 'Trip two', 'Lidl', items);
  await page.goto(`/lists/${second}/shop`);
  await expect(
    page.getByText(fill(l.shop.order.learnedFrom_one, { count: 1, shop: 'Lidl' })),
  ).toBeVisible();
  await expect(openRows(page)).toHaveText([/Cheese/, /Apples/, /Bread/]);
  await shopInOrder(page, request, ann, second, ['Cheese', 'Bread', 'Apples']);

  // The next list for Lidl follows the trips, the more recent one weighing more.
  const third = await listFor(request, ann, 'Next week', 'Lidl', items);
  await page.goto(`/lists/${third}/shop`);
  await expect(
    page.getByText(fill(l.shop.order.learnedFrom_other, { count: 2, shop: 'Lidl' })),
  ).toBeVisible();
  await expect(page.getByRole('radio', { name: l.shop.order.learned })).toBeChecked();
  await expect(openRows(page)).toHaveText([/Cheese/, /Bread/, /Apples/]);
  await expectAccessible(page, 'supermarket mode in the learned order');

  // "Your order" is the list's own, by keyboard, and this device keeps the choice.
  await page.getByRole('radio', { name: l.shop.order.learned }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: l.shop.order.manual })).toBeChecked();
  await expect(openRows(page)).toHaveText([/Apples/, /Bread/, /Cheese/]);
  await page.reload();
  await expect(page.getByRole('radio', { name: l.shop.order.manual })).toBeChecked();
  await expect(openRows(page)).toHaveText([/Apples/, /Bread/, /Cheese/]);

  // A list for another shop has learned nothing from these trips.
  const elsewhere = await listFor(request, ann, 'Corner shop', 'Spar', items);
  await page.goto(`/lists/${elsewhere}/shop`);
  await expect(openRows(page)).toHaveText([/Apples/, /Bread/, /Cheese/]);
  await expect(page.getByRole('radio', { name: l.shop.order.learned })).toHaveCount(0);
});

test('after an item is added, what usually goes with it is one tap away', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const ben = await housemate(request, 'Ben Baker');
  const group = await groupOf(request, `Bakery flat ${Date.now()}`, [ben]);
  // Three trips in which Bread went with Milk.
  for (const [index, lines] of [
    ['Milk', 'Bread', 'Eggs'],
    ['Milk', 'Bread'],
    ['Milk', 'Bread', 'Butter'],
  ].entries()) {
    await shopOf(request, ben, group.id, `Trip ${index + 1}`, lines, lines);
  }
  const list = await shopOf(request, ben, group.id, 'This week', ['Apples'], []);

  await loginViaUi(page, ben);
  await page.goto(`/lists/${list.id}`);
  await page.getByLabel(l.quickAdd.label, { exact: true }).fill('Milk');
  await page.getByRole('button', { name: l.quickAdd.submit, exact: true }).click();
  await expect(toast(page, l.item.added)).toBeVisible();

  const strip = page.getByRole('region', { name: l.suggestions.label });
  await expect(strip.getByText(fill(l.suggestions.boughtWith, { item: 'Milk' }))).toBeVisible();
  await expect(strip.getByRole('button', { name: 'Bread', exact: true })).toBeVisible();
  await expectAccessible(page, 'list page with suggestions');

  await strip.getByRole('button', { name: 'Bread', exact: true }).click();
  await expect(page.getByTestId('item-row').filter({ hasText: 'Bread' })).toBeVisible();
  await expect(strip.getByRole('button', { name: 'Bread', exact: true })).toHaveCount(0);
  const detail = await json<{ items: { name: string }[] }>(
    request.get(`/api/v1/lists/${list.id}`, { headers: ben.headers }),
  );
  expect(detail.items.map((item) => item.name).sort()).toEqual(['Apples', 'Bread', 'Milk']);
});
