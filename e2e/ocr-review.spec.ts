import type { OcrBox, OcrItem, OcrLine, OcrResult } from '@household/contracts';
import {
  renderDocumentPhoto,
  type SampleDocument,
} from '../apps/server/test/support/sample-photos';
import { expect, expectAccessible, test, type Page } from './support/test';
import { housemate } from './support/household';
import { fill, loginViaUi, t, toast } from './support/ui';

// Issue 28 §2, end to end: the review of a real photo read by the real server. The upload and the
// job are real; the result and the picture are answered from that job with what the review adds
// to it (line boxes, a misread price with its fix, the picture), so that the review's screens are
// shown as they will be whatever the server's reading of them becomes.

const p = t.lists.photoImport;

/** A receipt whose total holds €1.00 more than its items (a deposit printed without a price). */
const RECEIPT: SampleDocument = {
  id: 'e2e-review-check',
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
    'TOTAL                7.80',
    'CARD                 7.80',
  ],
  items: [
    { name: 'MILK', quantity: 1, priceCents: 120 },
    { name: 'BREAD', quantity: 1, priceCents: 250 },
    { name: 'APPLES', quantity: 1, priceCents: 310 },
  ],
  totalCents: 780,
};

/** BREAD as if its separator had been lost: €25.00 for €2.50. */
const MISREAD_CENTS = 2500;

/** Bands down the picture, one a line, standing in for the boxes of the lines. */
const boxOf = (index: number, count: number): OcrBox => {
  const band = 0.8 / count;
  return { x: 0.06, y: 0.1 + index * band, width: 0.88, height: band * 0.8 };
};

/**
 * The job's real result, items and lines as read, with what the review shows beside them: each
 * item's line and its box, BREAD as if misread and corrected by the total check (the item at
 * €2.50, the fix keeping the €25.00 read), the €1.00 the fix leaves as the adjustment, and the
 * picture kept.
 */
function reviewedResult(real: {
  job: OcrResult['job'];
  items: Pick<
    OcrItem,
    'name' | 'quantity' | 'unit' | 'price_cents' | 'price_confidence' | 'confidence' | 'line'
  >[];
  lines: Pick<OcrLine, 'text' | 'confidence'>[];
}): OcrResult {
  const bread = real.items.findIndex((item) => item.name === 'BREAD');
  expect(bread, 'the server read BREAD').toBeGreaterThanOrEqual(0);
  const items: OcrItem[] = real.items.map((item, index) => ({
    ...item,
    price_cents: index === bread ? 250 : item.price_cents,
    line_index: Math.max(
      0,
      real.lines.findIndex((line) => line.text === item.line),
    ),
    suggestion: false,
    doubtful_words: [],
  }));
  const fixedCents = items.reduce((sum, item) => sum + (item.price_cents ?? 0), 0);
  const itemsCents = fixedCents - 250 + MISREAD_CENTS;
  return {
    job: { ...real.job, language_detected: false },
    items,
    lines: real.lines.map((line, index) => ({ ...line, box: boxOf(index, real.lines.length) })),
    total_cents: RECEIPT.totalCents!,
    kind: 'receipt',
    total_check: {
      items_cents: itemsCents,
      total_cents: RECEIPT.totalCents!,
      difference_cents: RECEIPT.totalCents! - itemsCents,
      fixes: [{ item_index: bread, reason: 'separator', from_cents: MISREAD_CENTS, to_cents: 250 }],
      adjustment_cents: RECEIPT.totalCents! - fixedCents,
    },
    image_available: true,
  };
}

/** Ann's own list, her review of the photo open on it (on `page`, at the project's size). */
async function reviewReceipt(page: Page, request: Parameters<typeof housemate>[0], name: string) {
  const ann = await housemate(request, name);
  const created = await request.post('/api/v1/lists', {
    headers: ann.headers,
    data: { name: 'Receipt check' },
  });
  expect(created.status()).toBe(201);
  const list = (await created.json()) as { id: number };
  const photo = await renderDocumentPhoto(RECEIPT);

  // The job as the server answers it, with `language_detected` (false: a language was chosen)
  // where a server from before that field leaves it out; the upload and the job stay real.
  for (const path of ['**/api/v1/ocr/extract-items', '**/api/v1/ocr/status/*']) {
    await page.route(path, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      if (!response.ok() || 'language_detected' in body) return route.fulfill({ response });
      return route.fulfill({ response, json: { ...body, language_detected: false } });
    });
  }
  await page.route('**/api/v1/ocr/result/*', async (route) => {
    const response = await route.fetch();
    expect(response.status()).toBe(200);
    await route.fulfill({ response, json: reviewedResult(await response.json()) });
  });
  await page.route('**/api/v1/ocr/image/*', (route) =>
    route.fulfill({ status: 200, contentType: 'image/jpeg', body: photo }),
  );

  await loginViaUi(page, ann);
  await page.goto(`/lists/${list.id}`);
  await page.getByRole('button', { name: p.button }).click();
  const dialog = page.getByRole('dialog', { name: p.title });
  await dialog.getByLabel(p.language).selectOption({ label: p.languages.eng });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'receipt.jpg',
    mimeType: 'image/jpeg',
    buffer: photo,
  });
  await dialog.getByRole('button', { name: p.submit }).click();
  const review = dialog.getByRole('table', { name: p.review.caption });
  await expect(review).toBeVisible({ timeout: 120_000 });
  return { dialog, review };
}

/**
 * The total check: the fix BREAD came with, undone and proposed again, then the adjustment line
 * added, the totals then equal.
 */
async function checkTotal(page: Page, dialog: ReturnType<Page['getByRole']>) {
  const check = dialog.getByTestId('total-check');
  const summary = check.getByTestId('total-check-summary');
  const bread = dialog.getByLabel(fill(p.review.priceOf, { name: 'BREAD' }));
  await expect(bread).toHaveValue('2.50');
  await expect(summary).toHaveText(
    fill(p.check.summary, { total: '€7.80', items: '€6.80', difference: '€1.00' }),
  );
  await expect(
    check.getByText(fill(p.check.fixed, { item: 'BREAD', to: '€2.50', from: '€25.00' })),
  ).toBeVisible();
  // Advice, never a block.
  const add = dialog.getByRole('button', { name: fill(p.review.submit_other, { count: 3 }) });
  await expect(add).toBeEnabled();

  // What was read, taken back, makes the mismatch the fix then explains.
  await check
    .getByRole('button', { name: fill(p.check.useFor, { amount: '€25.00', item: 'BREAD' }) })
    .click();
  await expect(bread).toHaveValue('25.00');
  await expect(summary).toHaveText(
    fill(p.check.summary, { total: '€7.80', items: '€29.30', difference: '-€21.50' }),
  );
  await expect(
    check.getByText(fill(p.check.fix, { item: 'BREAD', to: '€2.50', from: '€25.00' })),
  ).toBeVisible();
  await check
    .getByRole('button', { name: fill(p.check.useFor, { amount: '€2.50', item: 'BREAD' }) })
    .click();
  await expect(bread).toHaveValue('2.50');
  await expect(summary).toHaveText(
    fill(p.check.summary, { total: '€7.80', items: '€6.80', difference: '€1.00' }),
  );
  await check.getByRole('button', { name: p.check.addAdjustment }).click();
  await expect(
    dialog.getByLabel(fill(p.review.priceOf, { name: p.check.adjustmentName })),
  ).toHaveValue('1.00');
  await expect(summary).toHaveText(
    fill(p.check.summary, { total: '€7.80', items: '€7.80', difference: '€0.00' }),
  );
}

/** The outline sits on the picture, where BREAD's box says. */
async function expectOutlineOnPhoto(page: Page, dialog: ReturnType<Page['getByRole']>) {
  const picture = dialog.getByRole('img', {
    name: fill(p.review.photoAlt, { name: 'receipt.jpg' }),
  });
  const outline = dialog.getByTestId('photo-box');
  await expect(picture).toBeVisible();
  await expect(outline).toBeVisible();
  const image = (await picture.boundingBox())!;
  const box = (await outline.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(image.x);
  expect(box.y).toBeGreaterThan(image.y);
  expect(box.x + box.width).toBeLessThanOrEqual(image.x + image.width + 1);
  expect(box.y + box.height).toBeLessThan(image.y + image.height);
  expect(box.width).toBeGreaterThan(image.width * 0.8);
}

async function addAll(page: Page, dialog: ReturnType<Page['getByRole']>) {
  await dialog.getByRole('button', { name: fill(p.review.submit_other, { count: 4 }) }).click();
  await expect(toast(page, fill(p.added_other, { count: 4 }))).toBeVisible();
  for (const name of ['MILK', 'BREAD', 'APPLES', p.check.adjustmentName]) {
    await expect(page.getByTestId('item-row').filter({ hasText: name })).toBeVisible();
  }
}

test('the review shows the chosen line on the photo, says the price the total corrected and offers back what was read, adds an adjustment line and the items', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { dialog, review } = await reviewReceipt(page, request, 'Ann Review');

  // Wide: the photo beside the items.
  await expect(
    dialog.getByRole('img', { name: fill(p.review.photoAlt, { name: 'receipt.jpg' }) }),
  ).toBeVisible();
  await expect(dialog.getByTestId('photo-box')).toHaveCount(0);
  await review
    .getByRole('button', { name: fill(p.review.showOnPhotoOf, { name: 'BREAD' }) })
    .click();
  await expectOutlineOnPhoto(page, dialog);

  await checkTotal(page, dialog);
  await expectAccessible(page);
  await addAll(page, dialog);
});

test('on a phone the photo folds above the items and opens on the chosen line @mobile', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { dialog, review } = await reviewReceipt(page, request, 'Ann Phone Review');

  const toggle = dialog.getByRole('button', { name: p.review.showPhoto });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(
    dialog.getByRole('img', { name: fill(p.review.photoAlt, { name: 'receipt.jpg' }) }),
  ).toHaveCount(0);
  await review
    .getByRole('button', { name: fill(p.review.showOnPhotoOf, { name: 'BREAD' }) })
    .click();
  await expect(dialog.getByRole('button', { name: p.review.hidePhoto })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expectOutlineOnPhoto(page, dialog);

  await checkTotal(page, dialog);
  await expectAccessible(page);
  await addAll(page, dialog);
});
