import { expect, expectAccessible, test, type Page } from './support/test';
import { groupOf, housemate, type Housemate } from './support/household';
import { fill, personIn, t, toast } from './support/ui';

// Issue 26 §3 and §4, end to end: three housemates, two of them a couple in a unit. The child's
// weight of 50 % is where a "shares" expense starts; the suggested payment runs between the couple
// and the third person with a sentence why; the pairwise view shows who owes whom directly.

const e = t.expenses;
const m = t.money;
const g = t.groups;

async function spendViaApi(
  request: Parameters<typeof housemate>[0],
  by: Housemate,
  groupId: number,
  cents: number,
  participants: number[],
) {
  const response = await request.post('/api/v1/expenses', {
    headers: by.headers,
    data: {
      group_id: groupId,
      description: 'Taxi',
      date: new Date().toISOString().slice(0, 10),
      amount_cents: cents,
      split: { type: 'equal', participants },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

const transferRows = (page: Page) => page.getByTestId('transfer-row');

test('a couple settles as one: a shares expense starts from the weights, the payment runs between the couple and the third, with why, and the pairwise view', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const [ana, ben, carl] = await Promise.all([
    housemate(request, 'Ana Couple'),
    housemate(request, 'Ben Couple'),
    housemate(request, 'Carl Child'),
  ]);
  const group = await groupOf(request, `House ${Date.now()}`, [ana, ben, carl]);
  const a = await personIn(browser, ana, `/groups/${group.id}`);

  // Ana, the owner, sets Carl's default weight to 50 %.
  const weight = a.getByRole('textbox', {
    name: fill(g.weights.label, { name: carl.name }),
  });
  await weight.fill('50');
  await weight.press('Tab');
  await expect(toast(a, g.weights.saved)).toBeVisible();

  // She joins herself and Ben in a unit.
  const units = a.getByRole('region', { name: g.units.title });
  await units.getByRole('button', { name: g.units.create }).click();
  await units.getByLabel(g.units.name).fill('Ana & Ben');
  await units.getByRole('checkbox', { name: ana.name }).check();
  await units.getByRole('checkbox', { name: ben.name }).check();
  await units.getByRole('button', { name: g.units.save }).click();
  await expect(toast(a, g.units.saved)).toBeVisible();
  await expect(units.getByRole('group', { name: 'Ana & Ben' })).toContainText(ben.name);
  await expectAccessible(a, 'group page with a unit and weights');

  // A "shares" expense starts from the weights: 100, 100 and 50, so 50.00 is 20, 20 and 10.
  await a.goto(`/groups/${group.id}/expenses`);
  await a.getByRole('button', { name: e.add, exact: true }).click();
  const form = a.getByRole('dialog', { name: e.form.addTitle });
  await form.getByLabel(e.form.description).fill('Dinner');
  await form.getByRole('textbox', { name: e.form.amount, exact: true }).fill('50.00');
  await form.getByLabel(e.form.splitType).selectOption('shares');
  await expect(form.getByLabel(fill(e.form.sharesFor, { name: carl.name }))).toHaveValue('50');
  await expect(form.getByLabel(fill(e.form.sharesFor, { name: ana.name }))).toHaveValue('100');
  await expect(form.getByTestId(`share-${carl.id}`)).toHaveText('€10.00');
  await expect(form.getByTestId(`share-${ben.id}`)).toHaveText('€20.00');
  await form.getByRole('button', { name: e.form.add, exact: true }).click();
  await expect(toast(a, e.form.added)).toBeVisible();

  // Carl pays a 30.00 taxi for the three. Ana +20, Ben −30, Carl +10: the couple owes Carl 10.
  await spendViaApi(request, carl, group.id, 3000, [ana.id, ben.id, carl.id]);

  const c = await personIn(browser, carl, `/groups/${group.id}/expenses`);
  for (const page of [a, c]) {
    const row = transferRows(page).filter({
      hasText: fill(m.transfers.sentence, { from: 'Ana & Ben', to: carl.name, amount: '€10.00' }),
    });
    await expect(transferRows(page)).toHaveCount(1);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('transfer-reason')).toHaveText(
      fill(m.transfers.reasons.direct_other, {
        from: 'Ana & Ben',
        to: carl.name,
        amount: '€10.00',
        count: 3,
      }),
    );
  }
  // Each person still sees their own position.
  await expect(c.getByTestId('balance-row').filter({ hasText: ben.name })).toContainText(
    fill(m.balances.owes, { amount: '€30.00' }),
  );

  // The pairwise view: Ben owes Ana 20 and Carl 10; Ana and Carl are even between them.
  // Mantine's segmented control hides its radios under their labels: the label is what is clicked.
  await c.locator('label', { hasText: m.views.pairwise }).click();
  await expect(c.getByRole('radio', { name: m.views.pairwise })).toBeChecked();
  const pairwise = c.getByRole('region', { name: m.pairwise.title });
  await expect(pairwise.getByTestId('pairwise-row')).toHaveCount(2);
  await expect(pairwise.getByTestId('pairwise-row').first()).toContainText(
    fill(m.pairwise.sentence, { from: ben.name, to: ana.name, amount: '€20.00' }),
  );
  await expect(pairwise.getByTestId('pairwise-row').nth(1)).toContainText(
    fill(m.pairwise.sentence, { from: ben.name, to: carl.name, amount: '€10.00' }),
  );
  await expect(transferRows(c)).toHaveCount(0);
  await expectAccessible(c, 'pairwise settle-up view');
});
