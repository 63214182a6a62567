import { expect, expectAccessible, test, type Locator, type Page } from './support/test';
import { groupOf, housemate } from './support/household';
import { fill, personIn, t, toast } from './support/ui';

// Issue 26 §2, end to end: a group keeps its money in euros; a member pays ramen in yen at the
// household's rate, sees both amounts, and the balances stay in euros. The rate is the group's
// next proposal, listed in its exchange rates.

const e = t.expenses;
const m = t.money;

const card = (page: Page, description: string) =>
  page.getByRole('article', { name: description, exact: true });

const balanceOf = (page: Page, name: string) =>
  page.getByTestId('balance-row').filter({ hasText: name });

const amountField = (form: Locator) =>
  form.getByRole('textbox', { name: e.form.amount, exact: true });

const rateField = (form: Locator) => form.getByRole('textbox', { name: e.form.rate });

test('a member pays ¥2,000 in a euro group at 0.0062: both amounts shown, balances in euros', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const [ann, ben] = await Promise.all([
    housemate(request, 'Ann Traveller'),
    housemate(request, 'Ben Traveller'),
  ]);
  const group = await groupOf(request, `Tokyo ${Date.now()}`, [ann, ben]);
  const path = `/groups/${group.id}/expenses`;
  const b = await personIn(browser, ben, path);

  await b.getByRole('button', { name: e.add, exact: true }).click();
  const form = b.getByRole('dialog', { name: e.form.addTitle });
  await form.getByLabel(e.form.description).fill('Ramen');
  await form.getByLabel(e.form.currency, { exact: true }).selectOption('JPY');
  await amountField(form).fill('2000');
  // The group has no rate for yen yet: the rate field waits for one.
  await expect(rateField(form)).toHaveValue('');
  await rateField(form).fill('0.0062');
  await expect(form.getByTestId('converted-amount')).toHaveText(
    fill(e.form.converted, { amount: '€12.40', rate: '0.0062' }),
  );
  // The split is in yen, as typed.
  await expect(form.getByTestId(/^share-/)).toHaveText(['¥1,000', '¥1,000']);
  await expectAccessible(b, 'the expense form in another currency');
  await form.getByRole('button', { name: e.form.add, exact: true }).click();
  await expect(toast(b, e.form.added)).toBeVisible();
  await expect(form).toBeHidden();

  await expect(card(b, 'Ramen').getByTestId('expense-amount')).toHaveText('¥2,000 · €12.40');
  await expect(balanceOf(b, ann.name)).toContainText(fill(m.balances.owes, { amount: '€6.20' }));
  await expect(balanceOf(b, ben.name)).toContainText(fill(m.balances.owed, { amount: '€6.20' }));

  // The rate is now the group's, listed with its exchange rates and proposed for the next one.
  const rates = b.getByRole('region', { name: m.rates.title });
  await expect(rates).toContainText(
    fill(m.rates.line, { currency: 'JPY', rate: '0.0062', home: 'EUR' }),
  );
  await expectAccessible(b, 'the exchange rates');

  const a = await personIn(browser, ann, path);
  await expect(card(a, 'Ramen').getByTestId('expense-amount')).toHaveText('¥2,000 · €12.40');
  await a.getByRole('button', { name: e.add, exact: true }).click();
  const next = a.getByRole('dialog', { name: e.form.addTitle });
  await next.getByLabel(e.form.currency, { exact: true }).selectOption('JPY');
  await expect(rateField(next)).toHaveValue('0.0062');
});
