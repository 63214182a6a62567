import { expect, expectAccessible, test, type Page } from './support/test';
import { groupOf, housemate } from './support/household';
import { fill, personIn, t, toast } from './support/ui';

// Issue 26 §3, end to end: Ann and Ben pay a 60.00 dinner together, 30.00 each, shared by the
// three; the card says who paid how much, Cat's share is owed half to each, the balances are what
// each paid less their share, and Cat settles the part she owes Ben.

const e = t.expenses;
const m = t.money;

const card = (page: Page, description: string) =>
  page.getByRole('article', { name: description, exact: true });

const balanceOf = (page: Page, name: string) =>
  page.getByTestId('balance-row').filter({ hasText: name });

test('two people pay one dinner: the card shows both, balances follow, a part is settled to its payer', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const [ann, ben, cat] = await Promise.all([
    housemate(request, 'Ann Payer'),
    housemate(request, 'Ben Payer'),
    housemate(request, 'Cat Guest'),
  ]);
  const group = await groupOf(request, `Dinner ${Date.now()}`, [ann, ben, cat]);
  const path = `/groups/${group.id}/expenses`;
  const a = await personIn(browser, ann, path);

  await a.getByRole('button', { name: e.add, exact: true }).click();
  const form = a.getByRole('dialog', { name: e.form.addTitle });
  await form.getByLabel(e.form.description).fill('Dinner');
  await form.getByRole('textbox', { name: e.form.amount, exact: true }).fill('60.00');
  await form
    .getByLabel(e.form.paidBy, { exact: true })
    .selectOption({ label: e.form.severalPayers });
  await form.getByLabel(fill(e.form.paidAmountFor, { name: ann.name })).fill('30.00');
  await expect(form.getByTestId('payers-status-line')).toHaveText(
    fill(e.form.leftToAssign, { amount: '€30.00' }),
  );
  await expectAccessible(a, 'the expense form with several payers');
  await form.getByLabel(fill(e.form.paidAmountFor, { name: ben.name })).fill('30.00');
  await expect(form.getByTestId('payers-status-line')).toHaveText('');
  await expect(form.getByTestId(/^share-/)).toHaveText(['€20.00', '€20.00', '€20.00']);
  await form.getByRole('button', { name: e.form.add, exact: true }).click();
  await expect(toast(a, e.form.added)).toBeVisible();
  await expect(form).toBeHidden();

  // The card names both payers; the balances are what each paid less their share.
  await expect(card(a, 'Dinner').getByTestId('expense-paid-by')).toHaveText(
    fill(e.card.paidBySeveral, { names: `${ann.name} €30.00 and ${ben.name} €30.00` }),
  );
  await expect(balanceOf(a, ann.name)).toContainText(fill(m.balances.owed, { amount: '€10.00' }));
  await expect(balanceOf(a, ben.name)).toContainText(fill(m.balances.owed, { amount: '€10.00' }));
  await expect(balanceOf(a, cat.name)).toContainText(fill(m.balances.owes, { amount: '€20.00' }));

  // Cat's share is owed half to each payer; she settles what she owes Ben.
  const c = await personIn(browser, cat, path);
  const dinner = card(c, 'Dinner');
  await expect(
    dinner.getByText(fill(e.card.owesTo, { name: cat.name, payer: ann.name })),
  ).toBeVisible();
  await expect(
    dinner.getByText(fill(e.card.owesTo, { name: cat.name, payer: ben.name })),
  ).toBeVisible();
  await expectAccessible(c, 'an expense card with several payers');
  await dinner
    .getByRole('button', {
      name: fill(e.card.settleToLabel, { description: 'Dinner', name: ben.name }),
    })
    .click();
  const settle = c.getByRole('dialog', { name: e.settle.title });
  await expect(settle.getByText(fill(e.settle.payTo, { name: ben.name }))).toBeVisible();
  await expect(settle.getByTestId('settle-remaining')).toHaveText('€10.00');
  await settle.getByRole('button', { name: e.settle.submit, exact: true }).click();
  await expect(toast(c, e.settle.success)).toBeVisible();
  await expect(balanceOf(c, cat.name)).toContainText(fill(m.balances.owes, { amount: '€10.00' }));
  await expect(balanceOf(a, ann.name)).toContainText(fill(m.balances.owed, { amount: '€10.00' }));
  await expect(
    dinner.getByRole('button', {
      name: fill(e.card.settleToLabel, { description: 'Dinner', name: ann.name }),
    }),
  ).toBeVisible();
});
