import {
  renderDocumentPhoto,
  type SampleDocument,
} from '../apps/server/test/support/sample-photos';
import { expect, test } from './support/test';
import { groupOf, housemate } from './support/household';
import { fill, personIn, t, toast } from './support/ui';

// Issue "Receipt and list photos to items" §4, end to end: a receipt photographed on a shared
// list is read, reviewed and added, the housemate sees the items appear, and the shop becomes an
// item-based expense that the housemate settles.

const p = t.lists.photoImport;
const e = t.expenses;

/** A short corner-shop receipt: two new items and one already on the list. */
const RECEIPT: SampleDocument = {
  id: 'e2e-corner-shop',
  language: 'eng',
  kind: 'receipt',
  lines: [
    '      CORNER SHOP',
    '   12 High Street, Leeds',
    '',
    'MILK                 1.20',
    'BREAD                2.50',
    'APPLES               3.10',
    '-------------------------',
    'TOTAL                6.80',
    'CARD                 6.80',
    '',
    '   Thank you for shopping',
  ],
  items: [
    { name: 'MILK', quantity: 1, priceCents: 120 },
    { name: 'BREAD', quantity: 1, priceCents: 250 },
    { name: 'APPLES', quantity: 1, priceCents: 310 },
  ],
  totalCents: 680,
};

test('a receipt photo becomes items on a shared list, then an item-based expense that is settled', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const [ann, ben] = await Promise.all([
    housemate(request, 'Ann Receipt'),
    housemate(request, 'Ben Receipt'),
  ]);
  const group = await groupOf(request, `Receipts ${Date.now()}`, [ann, ben]);
  const created = await request.post('/api/v1/lists', {
    headers: ann.headers,
    data: { name: 'Corner shop', group_id: group.id },
  });
  expect(created.status()).toBe(201);
  const list = (await created.json()) as { id: number };
  const milk = await request.post(`/api/v1/lists/${list.id}/items`, {
    headers: ann.headers,
    data: { name: 'Milk' },
  });
  expect(milk.status()).toBe(201);

  const a = await personIn(browser, ann, `/lists/${list.id}`);
  const b = await personIn(browser, ben, `/lists/${list.id}`);
  await expect(b.getByText('Milk', { exact: true })).toBeVisible();

  // Ann photographs the receipt and watches it being read.
  await a.getByRole('button', { name: p.button }).click();
  const dialog = a.getByRole('dialog', { name: p.title });
  await dialog.getByLabel(p.language).selectOption({ label: p.languages.eng });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'receipt.jpg',
    mimeType: 'image/jpeg',
    buffer: await renderDocumentPhoto(RECEIPT),
  });
  await dialog.getByRole('button', { name: p.submit }).click();
  // The progress shows while the photo is read; on a quiet machine the reading can end before
  // the first look, and the review has taken its place.
  const progress = dialog.getByTestId('photo-progress').getByText('receipt.jpg');
  const review = dialog.getByRole('table', { name: p.review.caption });
  await expect(progress.or(review)).toBeVisible({ timeout: 120_000 });
  if (await progress.isVisible()) {
    // The bar's filled part has no width while the job waits at 0 %: attached, not visible.
    await expect(
      dialog.getByRole('progressbar', { name: fill(p.progressOf, { name: 'receipt.jpg' }) }),
    ).toBeAttached();
  }

  // The review: Milk is already on the list (its price will be updated), the total checks out.
  await expect(review).toBeVisible({ timeout: 120_000 });
  const milkRow = review
    .getByRole('row')
    .filter({ has: a.getByLabel(fill(p.review.nameOf, { name: 'MILK' })) });
  await expect(milkRow.getByText(p.review.onList)).toBeVisible();
  // The total check: where the photo's BREAD price was misread by one digit, the fix proposed
  // puts it right; either way the items then add up to the printed total.
  const fix = dialog.getByRole('button', {
    name: fill(p.check.useFor, { amount: '€2.50', item: 'BREAD' }),
  });
  if (await fix.isVisible()) await fix.click();
  await expect(dialog.getByTestId('total-check-summary')).toHaveText(
    fill(p.check.summary, { total: '€6.80', items: '€6.80', difference: '€0.00' }),
  );
  await dialog.getByRole('button', { name: fill(p.review.submit_other, { count: 3 }) }).click();
  await expect(toast(a, fill(p.added_other, { count: 3 }))).toBeVisible();

  // Ben sees the new items without reloading, and Milk's price.
  await expect(b.getByText('BREAD', { exact: true })).toBeVisible();
  await expect(b.getByText('APPLES', { exact: true })).toBeVisible();
  await expect(b.getByText('€1.20')).toBeVisible();

  // Split this shop: the receipt's items, item by item; Ben takes the apples.
  await dialog.getByRole('button', { name: t.lists.expenses.splitShop }).click();
  const form = a.getByRole('dialog', { name: e.form.addTitle });
  await expect(form.getByLabel(e.form.amount)).toHaveValue('6.80');
  await expect(form.getByLabel(e.form.splitType)).toHaveValue('item_based');
  await form
    .getByRole('checkbox', { name: fill(e.form.takesItem, { name: ben.name, item: 'APPLES' }) })
    .check();
  await expect(form.getByTestId(`share-${ben.id}`)).toHaveText('€4.95');
  await form.getByRole('button', { name: e.form.add, exact: true }).click();
  await expect(toast(a, e.form.added)).toBeVisible();

  // Ben settles his share.
  await b.goto(`/groups/${group.id}/expenses`);
  const card = b.getByRole('article', { name: 'Corner shop', exact: true });
  await card
    .getByRole('button', { name: fill(e.card.settleLabel, { description: 'Corner shop' }) })
    .click();
  const settle = b.getByRole('dialog', { name: e.settle.title });
  await expect(settle.getByLabel(e.settle.amount)).toHaveValue('4.95');
  await settle.getByRole('button', { name: e.settle.submit, exact: true }).click();
  await expect(toast(b, e.settle.success)).toBeVisible();
  await expect(
    card.getByTestId('split-row').filter({ hasText: ben.name }).getByTestId('split-status'),
  ).toHaveText(e.splitStatus.settled);
});
