import { expect, expectAccessible, test, type Locator, type Page } from './support/test';
import { groupOf, housemate } from './support/household';
import { expectFitsWidth, fill, personIn, t, toast } from './support/ui';

// Issue 26 §1, end to end: a housemate adds the rent as a monthly bill starting today; it is this
// month's expense at once, in everyone's balance, and comes back next month; it pauses, resumes,
// skips one and ends. A variable bill waits for its amount, which makes the expense when filled in.

const e = t.expenses;
const r = t.expenses.repeat;
const s = t.expenses.series;
const m = t.money;

const card = (page: Page, description: string) =>
  page.getByRole('article', { name: description, exact: true });

const recurringBills = (page: Page) => page.getByRole('region', { name: s.title });

const seriesRow = (page: Page, description: string) =>
  recurringBills(page).getByTestId('series-row').filter({ hasText: description });

const balanceOf = (page: Page, name: string) =>
  page.getByTestId('balance-row').filter({ hasText: name });

/** A calendar date (`YYYY-MM-DD`) as the app shows it in en. */
const shown = (date: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

/** The date `months` after `date` on its day, or on the month's last day when it is shorter. */
function monthsAfter(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0),
  ).getUTCDate();
  first.setUTCDate(Math.min(day, lastDay));
  return first.toISOString().slice(0, 10);
}

/** The form's amount (its label also shows the required mark, its name does not). */
const amountField = (form: Locator) =>
  form.getByRole('textbox', { name: e.form.amount, exact: true });

/** Opens the add form and fills in a group expense; returns the form and its date (today). */
async function addForm(page: Page, description: string, amount: string | null) {
  await page.getByRole('button', { name: e.add, exact: true }).click();
  const form = page.getByRole('dialog', { name: e.form.addTitle });
  await form.getByLabel(e.form.description).fill(description);
  if (amount !== null) await amountField(form).fill(amount);
  const today = await form.getByRole('textbox', { name: e.form.date, exact: true }).inputValue();
  return { form, today };
}

async function click(row: Locator, name: string) {
  await row.getByRole('button', { name, exact: true }).click();
}

test('the rent repeats monthly from today: this month’s expense at once, next month’s date, pause, resume, skip and end', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const [ann, ben] = await Promise.all([
    housemate(request, 'Ann Tenant'),
    housemate(request, 'Ben Tenant'),
  ]);
  const group = await groupOf(request, `Rent ${Date.now()}`, [ann, ben]);
  const path = `/groups/${group.id}/expenses`;
  const a = await personIn(browser, ann, path);
  await expect(recurringBills(a).getByText(s.empty)).toBeVisible();

  // Ann adds the rent, 900.00 split equally, repeating monthly on today's day.
  const { form, today } = await addForm(a, 'Rent', '900.00');
  const day = Number(today.slice(8, 10));
  const repeat = form.getByLabel(r.label, { exact: true });
  await expect(repeat).toHaveValue('never');
  await repeat.selectOption({ label: fill(r.monthlyOnDay, { day }) });
  await expect(form.getByLabel(r.ends, { exact: true })).toHaveValue('never');
  await expect(form.getByLabel(r.variable)).not.toBeChecked();
  await expect(form.getByTestId(/^share-/)).toHaveText(['€450.00', '€450.00']);
  await expectAccessible(a, 'the expense form with Repeat open');
  await form.getByRole('button', { name: e.form.add, exact: true }).click();
  await expect(toast(a, s.added)).toBeVisible();
  await expect(form).toBeHidden();

  // Today's occurrence is an expense at once, and it is in the balances.
  await expect(card(a, 'Rent')).toBeVisible();
  await expect(card(a, 'Rent').getByTestId('expense-amount')).toHaveText('€900.00');
  await expect(balanceOf(a, ben.name)).toContainText(fill(m.balances.owes, { amount: '€450.00' }));
  await expect(balanceOf(a, ann.name)).toContainText(fill(m.balances.owed, { amount: '€450.00' }));

  // The bill is listed with its rule, next month's date and its status; Ben sees it too.
  const rent = seriesRow(a, 'Rent');
  await expect(rent.getByTestId('series-amount')).toHaveText('€900.00');
  await expect(rent.getByTestId('series-rule')).toHaveText(fill(r.monthlyOnDay, { day }));
  const next = monthsAfter(today, 1);
  await expect(rent.getByTestId('series-next')).toHaveText(fill(s.next, { date: shown(next) }));
  await expect(rent.getByTestId('series-status')).toHaveText(s.status.active);
  const b = await personIn(browser, ben, path);
  await expect(seriesRow(b, 'Rent').getByTestId('series-next')).toHaveText(
    fill(s.next, { date: shown(next) }),
  );
  await expect(balanceOf(b, ben.name)).toContainText(fill(m.balances.owes, { amount: '€450.00' }));
  await expectAccessible(a, 'the Recurring bills section');

  // Paused, then running again from its next date.
  await click(rent, s.pause);
  await expect(toast(a, s.paused)).toBeVisible();
  await expect(rent.getByTestId('series-status')).toHaveText(s.status.paused);
  await expect(rent.getByRole('button', { name: s.skip, exact: true })).toHaveCount(0);
  await click(rent, s.resume);
  await expect(toast(a, s.resumed)).toBeVisible();
  await expect(rent.getByTestId('series-status')).toHaveText(s.status.active);
  await expect(rent.getByTestId('series-next')).toHaveText(fill(s.next, { date: shown(next) }));

  // Next month's is skipped: the one after is next.
  await click(rent, s.skip);
  await expect(toast(a, fill(s.skipped, { date: shown(next) }))).toBeVisible();
  await expect(rent.getByTestId('series-next')).toHaveText(
    fill(s.next, { date: shown(monthsAfter(today, 2)) }),
  );

  // Ended after a confirmation: no next date, no actions; this month's expense stays.
  await click(rent, s.end);
  const confirm = a.getByRole('dialog', { name: s.endTitle });
  await expect(confirm).toContainText(fill(s.endText, { description: 'Rent' }));
  await confirm.getByRole('button', { name: s.end, exact: true }).click();
  await expect(toast(a, s.ended)).toBeVisible();
  await expect(rent.getByTestId('series-status')).toHaveText(s.status.ended);
  await expect(rent.getByTestId('series-next')).toHaveCount(0);
  await expect(rent.getByRole('button')).toHaveCount(0);
  await expect(card(a, 'Rent')).toBeVisible();
  await expect(a.getByTestId('expense-card')).toHaveCount(1);
});

test('a variable bill waits for its amount; filling it in makes the expense and moves the balance', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const [ann, ben] = await Promise.all([
    housemate(request, 'Ann Payer'),
    housemate(request, 'Ben Sharer'),
  ]);
  const group = await groupOf(request, `Power ${Date.now()}`, [ann, ben]);
  const a = await personIn(browser, ann, `/groups/${group.id}/expenses`);

  const { form, today } = await addForm(a, 'Electricity', null);
  await form.getByLabel(r.label, { exact: true }).selectOption('weekly');
  await form.getByLabel(r.variable).check();
  await expect(amountField(form)).toHaveCount(0);
  await expect(form.getByText(r.variablePreview)).toBeVisible();
  await form.getByRole('button', { name: e.form.add, exact: true }).click();
  await expect(toast(a, s.added)).toBeVisible();

  // Today's occurrence waits: no expense, no balance yet.
  const bill = seriesRow(a, 'Electricity');
  await expect(bill.getByTestId('series-amount')).toHaveText(s.variable);
  await expect(bill.getByTestId('series-rule')).toHaveText(r.weekly);
  const amount = bill.getByLabel(fill(s.awaiting, { date: shown(today) }));
  await expect(amount).toBeVisible();
  await expect(a.getByText(e.empty.group)).toBeVisible();
  await expect(balanceOf(a, ben.name)).toContainText(m.balances.settled);
  await expectAccessible(a, 'a bill waiting for its amount');

  // Ann fills in 61.20: the expense is made, split equally, and Ben owes half.
  await amount.fill('61.20');
  await bill.getByRole('button', { name: fill(s.fillSave, { date: shown(today) }) }).click();
  await expect(toast(a, s.filled)).toBeVisible();
  await expect(card(a, 'Electricity').getByTestId('expense-amount')).toHaveText('€61.20');
  await expect(balanceOf(a, ben.name)).toContainText(fill(m.balances.owes, { amount: '€30.60' }));
  await expect(amount).toHaveCount(0);
  await expect(bill.getByTestId('series-amount')).toHaveText(s.variable);
});

test('on a phone, the Recurring bills section and the form with Repeat open fit the screen @mobile', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const [ann, ben] = await Promise.all([
    housemate(request, 'Ann Phone'),
    housemate(request, 'Ben Phone'),
  ]);
  const group = await groupOf(request, `Phone ${Date.now()}`, [ann, ben]);
  const a = await personIn(browser, ann, `/groups/${group.id}/expenses`, {
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
  });

  const { form } = await addForm(a, 'Cleaner', null);
  await form.getByLabel(r.label, { exact: true }).selectOption('weeks');
  await form.getByLabel(r.ends, { exact: true }).selectOption('after');
  await form.getByLabel(r.count, { exact: true }).fill('10');
  await form.getByLabel(r.variable).check();
  await expectFitsWidth(a);
  await expectAccessible(a, 'the expense form with Repeat open, on a phone');
  await form.getByRole('button', { name: e.form.add, exact: true }).click();
  await expect(toast(a, s.added)).toBeVisible();

  const bill = seriesRow(a, 'Cleaner');
  await expect(bill.getByTestId('series-rule')).toHaveText(
    `${fill(r.everyWeeks, { n: 2 })} · ${fill(r.timesInAll_other, { count: 10 })}`,
  );
  await expect(bill.getByTestId('series-awaiting')).toBeVisible();
  await bill.scrollIntoViewIfNeeded();
  await expectFitsWidth(a);
});
