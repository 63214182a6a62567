import type { Locator, Page } from './support/test';
import { expect, expectAccessible, test } from './support/test';
import { uniqueEmail } from './support/api';
import { groupOf, housemate } from './support/household';
import { messages } from './support/i18n';
import { mainNav, t, toast } from './support/ui';

/**
 * A person who uses no mouse (docs/accessibility.md): every step below is a key press. The page
 * is reached by address (page.goto) once; after that only Tab, Shift+Tab, Enter, Space, the arrow
 * keys and typing move the person on. No click, no fill, no focus().
 */

const l = t.lists;
const g = t.groups;

/** Presses Tab (or Shift+Tab) until `target` has the focus, at most `max` times. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 60 } = {}) {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(
    target,
    `reached with ${max} presses of ${backwards ? 'Shift+' : ''}Tab`,
  ).toBeFocused();
}

/**
 * Moves the focused native select with the arrow keys until it shows `value`. It reads the focused
 * element rather than `select`, whose label may change with the choice (the language selector).
 */
async function arrowTo(page: Page, select: Locator, value: string, max = 10) {
  await expect(select).toBeFocused();
  const focusedValue = () =>
    page.evaluate(() => (document.activeElement as HTMLSelectElement | null)?.value);
  for (let presses = 0; presses < max && (await focusedValue()) !== value; presses++) {
    await page.keyboard.press('ArrowDown');
  }
  expect(await focusedValue()).toBe(value);
}

/** Tabs to a text field and types into it, as a person does. */
async function typeInto(page: Page, field: Locator, text: string, backwards = false) {
  await tabTo(page, field, { backwards });
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

test('a keyboard alone signs up, creates a group and a list, ticks an item, reads the costs and changes the language', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const person = { name: 'Kim Keys', email: uniqueEmail('keys'), password: 'only the keyboard' };

  // Sign up: the show-password toggles are in the tab order between the two password fields.
  await page.goto('/auth/signup');
  await typeInto(page, page.getByLabel(t.fields.fullName), person.name);
  await typeInto(page, page.getByLabel(t.fields.email), person.email);
  await typeInto(page, page.getByLabel(t.fields.password, { exact: true }), person.password);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: t.fields.showPassword }).first()).toBeFocused();
  await typeInto(page, page.getByLabel(t.fields.confirmPassword), person.password);
  await page.keyboard.press('Enter');
  await expect(toast(page, t.auth.signup.success)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);

  // Log in.
  await typeInto(page, page.getByLabel(t.fields.email), person.email);
  await typeInto(page, page.getByLabel(t.fields.password, { exact: true }), person.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/lists$/);

  // Create a group from the navigation.
  await tabTo(page, mainNav(page).getByRole('link', { name: t.nav.groups }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/groups$/);
  await tabTo(page, page.getByRole('button', { name: g.create.button, exact: true }).first());
  await page.keyboard.press('Enter');
  const createGroup = page.getByRole('dialog', { name: g.create.title });
  await expect(createGroup).toBeVisible();
  await typeInto(page, createGroup.getByLabel(g.fields.name), 'Keyboard flat');
  await page.keyboard.press('Enter');
  await expect(toast(page, g.create.success)).toBeVisible();
  await expect(page.getByRole('article', { name: 'Keyboard flat' })).toBeVisible();

  // Create a list in that group, back in the navigation with Shift+Tab.
  await tabTo(page, mainNav(page).getByRole('link', { name: t.nav.lists }), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/lists$/);
  await typeInto(page, page.getByLabel(l.fields.name), 'Keyboard shop');
  const space = page.getByLabel(l.fields.space);
  await tabTo(page, space);
  const groupValue = await space
    .getByRole('option', { name: 'Keyboard flat' })
    .getAttribute('value');
  await arrowTo(page, space, groupValue!);
  await tabTo(page, page.getByRole('button', { name: l.create.submit }));
  await page.keyboard.press('Enter');
  await expect(toast(page, l.create.success)).toBeVisible();

  // Open it and add an item.
  const card = page.getByTestId('list-card').filter({ hasText: 'Keyboard shop' });
  await tabTo(page, card.getByRole('link', { name: 'Keyboard shop' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Keyboard shop', level: 2 })).toBeVisible();
  await typeInto(page, page.getByLabel(l.quickAdd.label, { exact: true }), '2 x Milk 1.99');
  await page.keyboard.press('Enter');
  await expect(toast(page, l.item.added)).toBeVisible();

  // Tick it: Space on the checkbox asks for confirmation, Enter confirms.
  const row = page.getByTestId('item-row').filter({ hasText: 'Milk' });
  await tabTo(page, row.getByRole('checkbox', { name: 'Milk' }));
  await page.keyboard.press('Space');
  const confirm = page.getByRole('dialog', { name: l.item.toggleTitle });
  await expect(confirm).toBeVisible();
  await tabTo(page, confirm.getByRole('button', { name: l.item.confirm }));
  await page.keyboard.press('Enter');
  await expect(row).toHaveAttribute('data-done', 'true');

  // The cost summary opens with Enter and closes with Escape, focus back on its button.
  const costs = page.getByRole('button', { name: l.costs.button });
  await tabTo(page, costs, { backwards: true });
  await page.keyboard.press('Enter');
  const summary = page.getByRole('dialog', { name: l.costs.title });
  await expect(summary).toContainText('€1.99');
  await expectAccessible(page, 'cost summary opened by keyboard');
  await page.keyboard.press('Escape');
  await expect(summary).toBeHidden();
  await expect(costs).toBeFocused();

  // Change the language with the arrow keys.
  const language = mainNav(page).getByLabel(t.settings.language);
  await tabTo(page, language, { backwards: true });
  await arrowTo(page, language, 'de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  const de = messages.de;
  await expect(mainNav(page, de).getByRole('link', { name: de.nav.groups })).toBeVisible();
  await expect(mainNav(page, de).getByLabel(de.settings.language)).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Keyboard shop', level: 2 })).toBeVisible();
});

test('a keyboard alone adds an expense, settles a share and records a suggested payment', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const e = t.expenses;
  const m = t.money;
  const [kim, mo] = await Promise.all([
    housemate(request, 'Kim Keys'),
    housemate(request, 'Mo Mouse'),
  ]);
  const group = await groupOf(request, `Keys ${Date.now()}`, [kim, mo]);
  const paid = await request.post('/api/v1/expenses', {
    headers: mo.headers,
    data: {
      group_id: group.id,
      description: 'Pizza',
      amount_cents: 2000,
      date: '2026-11-20',
      split: { type: 'equal', participants: [kim.id, mo.id] },
    },
  });
  expect(paid.status(), await paid.text()).toBe(201);

  // The group's expenses page asks to sign in first, then opens.
  await page.goto(`/groups/${group.id}/expenses`);
  await typeInto(page, page.getByLabel(t.fields.email), kim.email);
  await typeInto(page, page.getByLabel(t.fields.password, { exact: true }), kim.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/groups/${group.id}/expenses$`));

  // Add 30.00 for the two of us: Enter in the form saves it.
  await tabTo(page, page.getByRole('button', { name: e.add, exact: true }));
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: e.form.addTitle });
  await typeInto(page, form.getByLabel(e.form.description), 'Cleaning things');
  await typeInto(page, form.getByLabel(e.form.amount), '30.00');
  await tabTo(page, form.getByRole('button', { name: e.form.add, exact: true }));
  await page.keyboard.press('Enter');
  await expect(toast(page, e.form.added)).toBeVisible();
  await expect(page.getByRole('article', { name: 'Cleaning things' })).toBeVisible();

  // Settle my share of Mo's pizza with the amount as offered.
  await tabTo(page, page.getByRole('button', { name: `Settle my share of Pizza` }), {
    backwards: true,
  });
  await page.keyboard.press('Enter');
  const settle = page.getByRole('dialog', { name: e.settle.title });
  await expect(settle.getByLabel(e.settle.amount)).toHaveValue('10.00');
  // The dialog puts the focus on the amount once it has opened; Enter before that goes nowhere.
  await expect(settle.getByLabel(e.settle.amount)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toast(page, e.settle.success)).toBeVisible();

  // Mo owes me 15.00: record it from the suggestion, confirming with the keyboard.
  const record = page.getByTestId('transfer-row').getByRole('button', { name: m.transfers.record });
  await tabTo(page, record, { backwards: true });
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: m.transfers.confirmTitle });
  await tabTo(page, confirm.getByRole('button', { name: m.transfers.record }));
  await page.keyboard.press('Enter');
  await expect(toast(page, m.transfers.recorded)).toBeVisible();
  await expect(page.getByText(m.transfers.none)).toBeVisible();
});
