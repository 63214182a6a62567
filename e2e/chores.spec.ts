import { expect, test, type Page } from './support/test';
import { choreOf, groupOf, housemate } from './support/household';
import { fill, loginViaUi, mainNav, personIn, t, toast } from './support/ui';

// Issue "Chores" §4, end to end: two housemates share a weekly chore, a fair schedule and its
// completion; the keyboard shortcuts, the calendar and the unsaved-changes question.

const c = t.chores;
const a9 = t.assignments;

/** A calendar date `days` from today, where the test users live (UTC: no zone at sign-up). */
const dateIn = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const shown = (date: string) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

const timeline = (page: Page) => page.getByRole('region', { name: a9.title });

test('two housemates share a weekly chore, a fair schedule and its completion', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const [ann, ben] = await Promise.all([
    housemate(request, 'Ann Chores'),
    housemate(request, 'Ben Chores'),
  ]);
  const group = await groupOf(request, `Flat ${Date.now()}`, [ann, ben]);
  const path = `/groups/${group.id}/chores`;
  const a = await personIn(browser, ann, path);
  const b = await personIn(browser, ben, path);
  await expect(b.getByText(c.empty.title)).toBeVisible();

  // Ann creates a weekly group chore due tomorrow with the quick date.
  await a.getByRole('button', { name: c.new, exact: true }).first().click();
  const form = a.getByRole('dialog', { name: c.form.newTitle });
  await form.getByLabel(c.form.name).fill('Bins out');
  await form.getByLabel(c.frequency.label).selectOption({ label: c.frequency.weekly });
  await form.getByRole('button', { name: c.form.tomorrow, exact: true }).click();
  await expect(form.locator('input[type="date"]')).toHaveValue(dateIn(1));
  await form.getByRole('button', { name: c.form.create, exact: true }).click();
  await expect(toast(a, c.form.created)).toBeVisible();

  // Ben sees it under Upcoming without reloading.
  await expect(b.getByTestId('count-upcoming')).toHaveText('1');
  await b.getByRole('tab', { name: new RegExp(c.tabs.upcoming) }).click();
  await expect(b.getByRole('article', { name: 'Bins out' })).toBeVisible();

  // A second weekly chore, then Ann shares the next week between Ben and herself.
  await choreOf(request, ann, {
    name: 'Dishes',
    type: 'group',
    group_id: group.id,
    frequency: 'weekly',
    due_date: dateIn(1),
  });
  await a.goto(`/groups/${group.id}`);
  await a.getByRole('button', { name: a9.schedule.button, exact: true }).click();
  const schedule = a.getByRole('dialog', { name: a9.schedule.title });
  await schedule.getByLabel(a9.schedule.weeks).fill('1');
  await schedule.getByRole('button', { name: a9.schedule.preview, exact: true }).click();
  await expect(schedule.getByTestId('planned-row')).toHaveCount(2);
  await expect(schedule.getByTestId('planned-row').filter({ hasText: 'Ann Chores' })).toHaveCount(
    1,
  );
  await expect(schedule.getByTestId('planned-row').filter({ hasText: 'Ben Chores' })).toHaveCount(
    1,
  );
  await schedule.getByRole('button', { name: a9.schedule.save, exact: true }).click();
  await expect(toast(a, fill(a9.schedule.saved_other, { count: 2 }))).toBeVisible();

  // Each sees their own turn in "My assigned chores", due this week.
  await a.goto('/chores');
  await b.goto('/chores');
  for (const page of [a, b]) {
    const thisWeek = timeline(page).getByRole('region', { name: a9.timeline.thisWeek });
    await expect(thisWeek.getByTestId('assignment-row')).toHaveCount(1);
  }
  const bensTurn = timeline(b).getByTestId('assignment-row');
  const choreName = (await bensTurn.locator('p').first().textContent())!;

  // Ben marks his turn complete: it moves to Completed with today's date, the chore a week on.
  await timeline(b)
    .getByRole('button', { name: fill(a9.completeLabel, { name: choreName }) })
    .click();
  await expect(toast(b, c.status.done)).toBeVisible();
  await expect(timeline(b).getByTestId('assignment-row')).toHaveCount(0);
  await timeline(b).getByLabel(a9.showCompleted).check();
  const completed = timeline(b).getByRole('region', { name: a9.timeline.completed });
  await expect(completed.getByTestId('assignment-row')).toContainText(choreName);
  await expect(completed).toContainText(fill(a9.doneOn, { date: shown(dateIn(0)) }));
  const card = b.getByRole('article', { name: choreName });
  await expect(card.getByTestId('chore-due')).toContainText(shown(dateIn(8)));
  // Ann's screen follows without reloading.
  await expect(a.getByRole('article', { name: choreName }).getByTestId('chore-due')).toContainText(
    shown(dateIn(8)),
  );
});

test('the keyboard opens the new-chore form and the calendar, which shows the chore on its date', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const kim = await housemate(request, 'Kim Keys');
  await choreOf(request, kim, { name: 'Water plants', frequency: 'weekly', due_date: dateIn(0) });
  await loginViaUi(page, kim);
  await page.goto('/chores');
  await expect(page.getByRole('article', { name: 'Water plants' })).toBeVisible();

  // n: a new chore; typing in its fields is typing, not shortcuts.
  await page.keyboard.press('n');
  const form = page.getByRole('dialog', { name: c.form.newTitle });
  await expect(form).toBeVisible();
  await form.getByLabel(c.form.name).pressSequentially('vn?');
  await expect(form.getByLabel(c.form.name)).toHaveValue('vn?');
  await expect(page.getByRole('dialog', { name: c.shortcuts.title })).toBeHidden();
  // Closing a half-filled form asks first.
  await page.keyboard.press('Escape');
  const discard = page.getByRole('dialog', { name: c.discard.title });
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: c.discard.confirm }).click();
  await expect(form).toBeHidden();

  // ?: the shortcuts, listed; ? again closes them.
  await page.keyboard.press('?');
  const shortcuts = page.getByRole('dialog', { name: c.shortcuts.title });
  await expect(shortcuts).toContainText(c.shortcuts.newChore);
  await expect(shortcuts).toContainText(c.shortcuts.toggleView);
  await page.keyboard.press('?');
  await expect(shortcuts).toBeHidden();

  // v: the calendar, with the chore on today and again a week later.
  await page.keyboard.press('v');
  const calendar = page.getByRole('region', { name: c.calendar.label });
  await expect(calendar).toBeVisible();
  await expect(calendar.locator(`td[data-date="${dateIn(0)}"]`)).toContainText('Water plants');
  await calendar.getByText(c.calendar.week, { exact: true }).click();
  await expect(calendar.locator(`td[data-date="${dateIn(0)}"]`)).toContainText('Water plants');
  await page.keyboard.press('v');
  await expect(calendar).toBeHidden();
  await expect(page.getByRole('article', { name: 'Water plants' })).toBeVisible();
});

test('leaving a half-filled chore form asks first, in the app and when closing the tab', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const lee = await housemate(request, 'Lee Leaves');
  await loginViaUi(page, lee);
  // Into the chores page through the app, so that Back stays in the app.
  await page.goto('/groups');
  await mainNav(page).getByRole('link', { name: t.nav.chores }).click();
  await expect(page).toHaveURL(/\/chores$/);
  // The toolbar's button; an empty page offers a second one in its empty state.
  await page.getByRole('button', { name: c.new, exact: true }).first().click();
  const form = page.getByRole('dialog', { name: c.form.newTitle });
  await form.getByLabel(c.form.name).fill('Half a chore');
  await expect(form.getByLabel(c.form.name)).toHaveValue('Half a chore');

  // Back in the browser's history: the app asks, and staying keeps what was typed.
  await page.goBack();
  const discard = page.getByRole('dialog', { name: c.discard.title });
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: t.app.cancel }).click();
  await expect(page).toHaveURL(/\/chores$/);
  await expect(form.getByLabel(c.form.name)).toHaveValue('Half a chore');

  // Closing or reloading the tab: the page asks the browser to ask (beforeunload).
  expect(await asksBeforeUnload(page)).toBe(true);

  // Back again, and this time the changes are discarded: the app leaves the page.
  await page.goBack();
  await page
    .getByRole('dialog', { name: c.discard.title })
    .getByRole('button', { name: c.discard.confirm })
    .click();
  await expect(page).toHaveURL(/\/groups$/);
  expect(await asksBeforeUnload(page)).toBe(false);
});

/** Whether the page would stop the tab from closing now, as a browser asks it to. */
function asksBeforeUnload(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
}
