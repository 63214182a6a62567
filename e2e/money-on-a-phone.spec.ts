import { expect, expectAccessible, test } from './support/test';
import { groupOf, housemate } from './support/household';
import { expectFitsWidth, fill, personIn, t } from './support/ui';

// Issue 26 on a 375 px phone: the group's weights and units, the expense form in another currency
// with several payers, the exchange rates, and both settle-up views fit the screen and pass the
// accessibility gate.

const e = t.expenses;
const m = t.money;
const g = t.groups;

test('on a phone, weights, units, another currency, several payers and both settle-up views fit the screen @mobile', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const [ana, ben, cat] = await Promise.all([
    housemate(request, 'Ana Phone'),
    housemate(request, 'Ben Phone'),
    housemate(request, 'Cat Phone'),
  ]);
  const group = await groupOf(request, `Phone money ${Date.now()}`, [ana, ben, cat]);
  const unit = await request.post(`/api/v1/groups/${group.id}/units`, {
    headers: ana.headers,
    data: { name: 'Ana & Ben', member_ids: [ana.id, ben.id] },
  });
  expect(unit.ok(), await unit.text()).toBe(true);
  const expense = await request.post('/api/v1/expenses', {
    headers: cat.headers,
    data: {
      group_id: group.id,
      description: 'Ferry',
      date: new Date().toISOString().slice(0, 10),
      amount_cents: 3000,
      currency: 'JPY',
      exchange_rate: '0.0062',
      split: { type: 'equal', participants: [ana.id, ben.id, cat.id] },
    },
  });
  expect(expense.ok(), await expense.text()).toBe(true);

  const a = await personIn(browser, ana, `/groups/${group.id}`, {
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  await expect(a.getByRole('region', { name: g.units.title })).toContainText('Ana & Ben');
  await expect(
    a.getByRole('textbox', { name: fill(g.weights.label, { name: cat.name }) }),
  ).toBeVisible();
  await expectFitsWidth(a);
  await expectAccessible(a, 'the group page with units and weights, on a phone');

  await a.goto(`/groups/${group.id}/expenses`);
  await expect(a.getByRole('region', { name: m.rates.title })).toContainText('JPY');
  await expect(a.getByTestId('transfer-row')).toHaveCount(1);
  await expectFitsWidth(a);
  await expectAccessible(a, 'the simplified settle-up with a unit and a rate, on a phone');
  await a.locator('label', { hasText: m.views.pairwise }).click();
  await expect(a.getByRole('region', { name: m.pairwise.title })).toBeVisible();
  await expectFitsWidth(a);
  await expectAccessible(a, 'the pairwise settle-up view, on a phone');

  await a.getByRole('button', { name: e.add, exact: true }).click();
  const form = a.getByRole('dialog', { name: e.form.addTitle });
  await form.getByLabel(e.form.description).fill('Museum');
  await form.getByLabel(e.form.currency, { exact: true }).selectOption('JPY');
  await form.getByRole('textbox', { name: e.form.amount, exact: true }).fill('1500');
  await expect(form.getByRole('textbox', { name: e.form.rate })).toHaveValue('0.0062');
  await form
    .getByLabel(e.form.paidBy, { exact: true })
    .selectOption({ label: e.form.severalPayers });
  await form.getByLabel(fill(e.form.paidAmountFor, { name: ana.name })).fill('1000');
  await expect(form.getByTestId('payers-status-line')).not.toHaveText('');
  await expectFitsWidth(a);
  await expectAccessible(a, 'the expense form in yen with several payers, on a phone');
});
