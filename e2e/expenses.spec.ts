import { expect, test, type Page } from './support/test';
import { groupOf, housemate, shopOf } from './support/household';
import { fill, loginViaUi, personIn, t, toast } from './support/ui';

// Issue "Expenses" §4, end to end: three housemates in their own browsers share an expense,
// settle it and clear their balances; a shop becomes an item-based expense; the charts draw; a
// Splitwise export is previewed and imported.

const e = t.expenses;
const m = t.money;

const card = (page: Page, description: string) =>
  page.getByRole('article', { name: description, exact: true });

/** The split of `name` on an expense card: its row, with the amount and the status badge. */
const splitOf = (page: Page, description: string, name: string) =>
  card(page, description).getByTestId('split-row').filter({ hasText: name });

test('three housemates share 30.00, settle in parts, and clear their balances', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const [ann, ben, cat] = await Promise.all([
    housemate(request, 'Ann Payer'),
    housemate(request, 'Ben Debtor'),
    housemate(request, 'Cat Third'),
  ]);
  const group = await groupOf(request, `Flat ${Date.now()}`, [ann, ben, cat]);
  const path = `/groups/${group.id}/expenses`;
  const a = await personIn(browser, ann, path);
  const b = await personIn(browser, ben, path);
  const c = await personIn(browser, cat, path);
  for (const page of [a, b, c]) {
    await expect(page.getByText(e.empty.group)).toBeVisible();
  }

  // Ann adds 30.00, split equally among the three: the preview shows 10.00 each.
  await a.getByRole('button', { name: e.add, exact: true }).click();
  const form = a.getByRole('dialog', { name: e.form.addTitle });
  await form.getByLabel(e.form.description).fill('Groceries');
  await form.getByLabel(e.form.amount).fill('30.00');
  await expect(form.getByTestId(/^share-/)).toHaveText(['€10.00', '€10.00', '€10.00']);
  await form.getByRole('button', { name: e.form.add, exact: true }).click();
  await expect(toast(a, e.form.added)).toBeVisible();

  // Ben and Cat see it without reloading.
  for (const page of [b, c]) {
    await expect(card(page, 'Groceries')).toBeVisible();
    await expect(card(page, 'Groceries').getByTestId('payment-status')).toHaveText(
      e.paymentStatus.unpaid,
    );
  }
  await expect(splitOf(a, 'Groceries', ben.name).getByTestId('split-status')).toHaveText(
    e.splitStatus.unsettled,
  );

  // Ben settles his share: nothing, a negative amount and too much are refused with the spec's texts.
  const settleButton = card(b, 'Groceries').getByRole('button', {
    name: fill(e.card.settleLabel, { description: 'Groceries' }),
  });
  await settleButton.click();
  const settle = b.getByRole('dialog', { name: e.settle.title });
  const amount = settle.getByLabel(e.settle.amount);
  await expect(amount).toHaveValue('10.00');
  const submit = settle.getByRole('button', { name: e.settle.submit, exact: true });
  await amount.fill('');
  await submit.click();
  await expect(settle.getByText(e.settle.amountRequired)).toBeVisible();
  await amount.fill('-5');
  await submit.click();
  await expect(settle.getByText(e.settle.amountPositive)).toBeVisible();
  await amount.fill('15');
  await submit.click();
  await expect(settle.getByText(fill(e.settle.amountTooHigh, { amount: '€10.00' }))).toBeVisible();
  await amount.fill('4');
  await submit.click();
  await expect(toast(b, e.settle.success)).toBeVisible();
  await expect(settle).toBeHidden();

  // Ann's screen follows: partially settled, then settled once Ben pays the rest.
  await expect(splitOf(a, 'Groceries', ben.name).getByTestId('split-status')).toHaveText(
    e.splitStatus.partially_settled,
  );
  await expect(card(a, 'Groceries').getByTestId('payment-status')).toHaveText(
    e.paymentStatus.partially_paid,
  );
  await expect(splitOf(b, 'Groceries', ben.name)).toContainText(
    fill(e.card.remaining, { amount: '€6.00' }),
  );
  await settleButton.click();
  await expect(amount).toHaveValue('6.00');
  await submit.click();
  await expect(toast(b, e.settle.success)).toBeVisible();
  await expect(splitOf(a, 'Groceries', ben.name).getByTestId('split-status')).toHaveText(
    e.splitStatus.settled,
  );
  await expect(card(b, 'Groceries').getByRole('button', { name: /Settle/ })).toHaveCount(0);

  // Cat is offered her own share only, and the API refuses her Ben's.
  await expect(splitOf(c, 'Groceries', ben.name).getByRole('button')).toHaveCount(0);
  await expect(splitOf(c, 'Groceries', cat.name).getByRole('button')).toHaveCount(1);
  const expenses = (await (
    await request.get(`/api/v1/groups/${group.id}/expenses`, { headers: cat.headers })
  ).json()) as { items: { id: number; splits: { id: number; user: { id: number } }[] }[] };
  const [groceries] = expenses.items;
  const bensSplit = groceries!.splits.find((split) => split.user.id === ben.id)!;
  const refused = await request.post(
    `/api/v1/expenses/${groceries!.id}/splits/${bensSplit.id}/settle`,
    { headers: cat.headers, data: { amount_cents: 100 } },
  );
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { detail: string }).detail).toBe(e.settle.notOwnShare);

  // What is left: Cat owes Ann 10.00. Ann records the suggested payment; everyone is settled up.
  const transfer = a.getByTestId('transfer-row').filter({
    hasText: fill(m.transfers.sentence, { from: cat.name, to: ann.name, amount: '€10.00' }),
  });
  await expect(a.getByTestId('transfer-row')).toHaveCount(1);
  await transfer.getByRole('button', { name: m.transfers.record }).click();
  const confirm = a.getByRole('dialog', { name: m.transfers.confirmTitle });
  await confirm.getByRole('button', { name: m.transfers.record }).click();
  await expect(toast(a, m.transfers.recorded)).toBeVisible();
  for (const page of [a, b, c]) {
    await expect(page.getByText(m.transfers.none)).toBeVisible();
    await expect(page.getByTestId('balance-row')).toHaveCount(3);
    for (const row of await page.getByTestId('balance-row').all()) {
      await expect(row).toContainText(m.balances.settled);
    }
  }

  // The charts of spending by category and by month draw (a charts library's SVG).
  await expect(a.getByTestId('spending-charts').locator('svg.recharts-surface')).not.toHaveCount(0);
  await expect(a.getByTestId('report-total')).toContainText('€30.00');
});

test('a shop’s bought items become an item-based expense, each item to who took it', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const [ann, ben] = await Promise.all([
    housemate(request, 'Ann Shopper'),
    housemate(request, 'Ben Sharer'),
  ]);
  const group = await groupOf(request, `Shop ${Date.now()}`, [ann, ben]);
  const list = await shopOf(
    request,
    ann,
    group.id,
    'Saturday shop',
    ['Wine 8.00', 'Bread 2.00', 'Salt 1.00'],
    ['Wine', 'Bread'],
  );
  const a = await personIn(browser, ann, `/lists/${list.id}`);
  const section = a.getByRole('region', { name: t.lists.expenses.title, exact: true });
  await section.getByRole('button', { name: t.lists.expenses.splitShop }).click();
  const form = a.getByRole('dialog', { name: e.form.addTitle });
  await expect(form.getByLabel(e.form.amount)).toHaveValue('10.00');
  await expect(form.getByLabel(e.form.splitType)).toHaveValue('item_based');
  // Ben takes the wine; the bread, taken by nobody, is everyone's.
  await form
    .getByRole('checkbox', { name: fill(e.form.takesItem, { name: ben.name, item: 'Wine' }) })
    .check();
  await expect(form.getByTestId(`share-${ann.id}`)).toHaveText('€1.00');
  await expect(form.getByTestId(`share-${ben.id}`)).toHaveText('€9.00');
  await form.getByRole('button', { name: e.form.add, exact: true }).click();
  await expect(toast(a, e.form.added)).toBeVisible();
  await expect(card(a, 'Saturday shop')).toBeVisible();
  await expect(splitOf(a, 'Saturday shop', ben.name)).toContainText('€9.00');

  const b = await personIn(browser, ben, `/groups/${group.id}/expenses`);
  await expect(b.getByTestId('balance-row').filter({ hasText: ben.name })).toContainText(
    fill(m.balances.owes, { amount: '€9.00' }),
  );
});

test('a Splitwise export is previewed, with the rows it skips and why, then imported', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const [ann, ben] = await Promise.all([
    housemate(request, 'Ann Importer'),
    housemate(request, 'Ben Imported'),
  ]);
  const group = await groupOf(request, `Import ${Date.now()}`, [ann, ben]);
  const csv = [
    `Date,Description,Category,Cost,Currency,${ann.name},${ben.name},Zed Unknown`,
    '2026-01-05,Groceries,Groceries,30.00,EUR,15.00,-15.00,0.00',
    '2026-01-06,Cinema,Entertainment,12.00,EUR,-6.00,6.00,0.00',
    '2026-01-07,Taxi,Transport,9.00,EUR,-4.50,0.00,4.50',
    '2026-01-08,Dinner,Eating out,20.00,USD,10.00,-10.00,0.00',
    `,Total balance,,,EUR,4.50,-9.00,4.50`,
  ].join('\n');
  await loginViaUi(page, ann);
  await page.goto(`/groups/${group.id}/expenses`);
  await page.getByRole('button', { name: m.export.import }).click();
  const dialog = page.getByRole('dialog', { name: m.import.title });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'splitwise.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await expect(
    dialog.getByText(
      fill(m.import.ready, {
        expenses: fill(m.import.expenses_other, { count: '2' }),
        payments: fill(m.import.payments_other, { count: '0' }),
      }),
    ),
  ).toBeVisible();
  await expect(dialog.getByText(fill(m.import.skipped_other, { count: '2' }))).toBeVisible();
  await expect(
    dialog.getByText(
      fill(m.import.skippedRow, { row: '4', reason: m.import.reasons.unknown_person }),
    ),
  ).toBeVisible();
  // The dollars have no rate in the group yet: one is asked for, and the file checked again.
  await expect(
    dialog.getByText(
      fill(m.import.skippedRow, { row: '5', reason: m.import.reasons.other_currency }),
    ),
  ).toBeVisible();
  await dialog.getByLabel(fill(m.import.rateFor, { currency: 'USD', home: 'EUR' })).fill('0.9');
  await dialog.getByRole('button', { name: m.import.applyRates }).click();
  await expect(
    dialog.getByText(
      fill(m.import.ready, {
        expenses: fill(m.import.expenses_other, { count: '3' }),
        payments: fill(m.import.payments_other, { count: '0' }),
      }),
    ),
  ).toBeVisible();
  await expect(dialog.getByText(fill(m.import.skipped_one, { count: '1' }))).toBeVisible();
  await dialog.getByRole('button', { name: m.import.submit, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, 'Groceries')).toBeVisible();
  await expect(card(page, 'Cinema')).toBeVisible();
  // $20.00 at 0.9 is €18.00, half of it Ben's.
  await expect(card(page, 'Dinner')).toContainText('€18.00');
  await expect(page.getByTestId('balance-row').filter({ hasText: ben.name })).toContainText(
    fill(m.balances.owes, { amount: '€18.00' }),
  );
});
