import { expect, expectAccessible, test } from './support/test';
import { choreOf, groupOf, housemate } from './support/household';
import { fill, personIn, t, toast } from './support/ui';

// Issue 27 §1, end to end: how a chore's turns are handed out. A fixed rotation alternates between
// two housemates after each completion; a claimable chore's turn is taken by the other.

const c = t.chores;
const today = () => new Date().toISOString().slice(0, 10);

test('a fixed rotation alternates, and a claimable turn is taken by a housemate', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const [ann, ben] = await Promise.all([
    housemate(request, 'Ann Turns'),
    housemate(request, 'Ben Turns'),
  ]);
  const group = await groupOf(request, `Turns ${Date.now()}`, [ann, ben]);
  const path = `/groups/${group.id}/chores`;
  const a = await personIn(browser, ann, path);
  const b = await personIn(browser, ben, path);

  // Ann makes a daily chore handed out in a fixed order: Ben first, then herself.
  await a.getByRole('button', { name: c.new, exact: true }).first().click();
  const form = a.getByRole('dialog', { name: c.form.newTitle });
  await form.getByLabel(c.form.name).fill('Bins out');
  await form.getByLabel(c.frequency.label).selectOption({ label: c.frequency.daily });
  await form.getByLabel(c.strategy.label).selectOption({ label: c.strategy.name.fixed_rotation });
  await form
    .getByRole('button', { name: fill(c.strategy.moveUp, { name: 'Ben Turns' }), exact: true })
    .click();
  await expect(form.getByRole('listitem').first()).toContainText('Ben Turns');
  await expectAccessible(a, 'chore form with a fixed rotation');
  await form.getByRole('button', { name: c.form.create, exact: true }).click();
  await expect(toast(a, c.form.created)).toBeVisible();

  const next = (name: string) => fill(c.next.line, { name, reason: c.next.reason.next_in_order });
  const bins = (page: typeof a) => page.getByRole('article', { name: 'Bins out' });
  await expect(bins(a).getByTestId('chore-next')).toHaveText(next('Ben Turns'));
  await expect(bins(b).getByTestId('chore-next')).toHaveText(next('Ben Turns'));

  // Ben does his turn: it is Ann's; she does hers: it is Ben's again.
  await bins(b).getByRole('button', { name: c.card.markDone, exact: true }).click();
  await expect(bins(a).getByTestId('chore-next')).toHaveText(next('Ann Turns'));
  await bins(a).getByRole('button', { name: c.card.markDone, exact: true }).click();
  await expect(bins(b).getByTestId('chore-next')).toHaveText(next('Ben Turns'));

  // A claimable chore: nobody has the turn until Ben takes it; Ann sees it is his.
  await choreOf(request, ann, {
    name: 'Water plants',
    type: 'group',
    group_id: group.id,
    frequency: 'weekly',
    due_date: today(),
    assignment_strategy: 'claimable',
  });
  const plants = (page: typeof a) => page.getByRole('article', { name: 'Water plants' });
  await expect(plants(b).getByTestId('chore-next')).toHaveText(c.next.reason.claimable);
  await plants(b).getByRole('button', { name: c.next.takeIt, exact: true }).click();
  const taken = fill(c.next.line, { name: 'Ben Turns', reason: c.next.reason.assigned });
  await expect(plants(b).getByTestId('chore-next')).toHaveText(taken);
  await expect(plants(a).getByTestId('chore-next')).toHaveText(taken);
  await expect(plants(a).getByRole('button', { name: c.next.takeIt })).toHaveCount(0);
});
