import { expect, expectAccessible, test } from './support/test';
import { choreOf, groupOf, housemate } from './support/household';
import { expectFitsWidth, fill, personIn, t, toast } from './support/ui';

// Issue 27 §2, end to end: when the next turn is due. A skipped turn goes to the next housemate
// with its reason in the history; a snooze moves the date by a week; a chore counted from the day
// it was done is due one interval after today once done today.

const c = t.chores;
const iso = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const shown = (date: string) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
const dueText = (date: string) => fill(c.card.due, { date: shown(date) });

test('a skipped turn goes to the next housemate, a snooze moves it a week, and a completion-rule chore counts from today', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const [ann, ben] = await Promise.all([
    housemate(request, 'Ann Due'),
    housemate(request, 'Ben Due'),
  ]);
  const group = await groupOf(request, `Due ${Date.now()}`, [ann, ben]);
  const path = `/groups/${group.id}/chores`;
  await choreOf(request, ann, {
    name: 'Bins out',
    type: 'group',
    group_id: group.id,
    frequency: 'weekly',
    due_date: iso(),
    assignment_strategy: 'fixed_rotation',
    rotation_order: [ann.id, ben.id],
  });
  const a = await personIn(browser, ann, path);
  const b = await personIn(browser, ben, path);
  const bins = (page: typeof a) => page.getByRole('article', { name: 'Bins out' });
  await expect(bins(b).getByTestId('chore-next')).toContainText('Ann Due');

  // Ann skips her turn with a reason: it is Ben's, a week later; the history says why.
  await bins(a)
    .getByRole('button', { name: fill(c.turnMenu.label, { name: 'Bins out' }) })
    .click();
  await a.getByRole('menuitem', { name: c.skip.action }).click();
  const dialog = a.getByRole('dialog', { name: fill(c.skip.title, { name: 'Bins out' }) });
  await dialog.getByLabel(c.skip.reason).fill('Away this weekend');
  await expectAccessible(a, 'skip dialog');
  await dialog.getByRole('button', { name: c.skip.submit, exact: true }).click();
  await expect(toast(a, fill(c.skip.done, { name: 'Bins out' }))).toBeVisible();
  await expect(bins(b).getByTestId('chore-next')).toContainText('Ben Due');
  await expect(bins(b).getByTestId('chore-due')).toHaveText(dueText(iso(7)));
  await expect(b.getByText(/Away this weekend/)).toBeVisible();

  // Ben snoozes it a week.
  await bins(b)
    .getByRole('button', { name: fill(c.turnMenu.label, { name: 'Bins out' }) })
    .click();
  await b.getByRole('menuitem', { name: c.snooze.week }).click();
  await expect(bins(a).getByTestId('chore-due')).toHaveText(dueText(iso(14)));
  await expect(bins(a).getByTestId('chore-next')).toContainText('Ben Due');

  // Watering counted from the day it was done: done today, due again in three days.
  await choreOf(request, ben, {
    name: 'Water plants',
    type: 'group',
    group_id: group.id,
    frequency: 'custom',
    interval_days: 3,
    due_date: iso(-2),
    due_rule: 'completion',
  });
  const plants = a.getByRole('article', { name: 'Water plants' });
  await plants.getByRole('button', { name: c.card.markDone, exact: true }).click();
  await expect(plants.getByTestId('chore-due')).toHaveText(dueText(iso(3)));
});

test('the skip dialog fits a phone and passes the accessibility checks @mobile', async ({
  browser,
  request,
}) => {
  const ann = await housemate(request, 'Ann Phone');
  await choreOf(request, ann, { name: 'Dust shelves', frequency: 'weekly', due_date: iso() });
  const page = await personIn(browser, ann, '/chores', {
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const card = page.getByRole('article', { name: 'Dust shelves' });
  await card
    .getByRole('button', { name: fill(c.turnMenu.label, { name: 'Dust shelves' }) })
    .click();
  await page.getByRole('menuitem', { name: c.skip.action }).click();
  await expect(
    page.getByRole('dialog', { name: fill(c.skip.title, { name: 'Dust shelves' }) }),
  ).toBeVisible();
  await expectFitsWidth(page);
  await expectAccessible(page, 'skip dialog on a phone');
});
