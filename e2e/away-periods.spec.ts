import { expect, expectAccessible, test } from './support/test';
import { choreOf, groupOf, housemate } from './support/household';
import { fill, personIn, t, toast } from './support/ui';

// Issue 27 §1, end to end: Bob marks himself away on the group's chores page, and a fixed
// rotation that would give him the turn passes him over, saying so.

const c = t.chores;
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test('a housemate marked away is skipped by a fixed rotation, with the reason shown', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const [ann, bob] = await Promise.all([
    housemate(request, 'Ann Away'),
    housemate(request, 'Bob Away'),
  ]);
  const group = await groupOf(request, `Away ${Date.now()}`, [ann, bob]);
  const path = `/groups/${group.id}/chores`;
  const b = await personIn(browser, bob, path);
  const a = await personIn(browser, ann, path);

  const away = b.getByRole('region', { name: c.away.title });
  await expect(away.getByText(c.away.empty)).toBeVisible();
  await expectAccessible(b, 'the Away section');
  await away.getByLabel(c.away.from).fill(day(0));
  await away.getByLabel(c.away.to).fill(day(1));
  await away.getByRole('button', { name: c.away.addMine, exact: true }).click();
  await expect(toast(b, c.away.added)).toBeVisible();
  await expect(away.getByTestId('away-period')).toContainText('Bob Away');
  await expect(
    a.getByRole('region', { name: c.away.title }).getByTestId('away-period'),
  ).toContainText('Bob Away');

  await choreOf(request, ann, {
    name: 'Bins out',
    type: 'group',
    group_id: group.id,
    frequency: 'daily',
    due_date: day(0),
    assignment_strategy: 'fixed_rotation',
    rotation_order: [bob.id, ann.id],
  });
  const bins = a.getByRole('article', { name: 'Bins out' });
  await expect(bins.getByTestId('chore-next')).toContainText(
    fill(c.next.line, { name: 'Ann Away', reason: c.next.reason.next_in_order }),
  );
  await expect(bins.getByTestId('chore-next')).toContainText(
    fill(c.next.skipped, { names: 'Bob Away' }),
  );
});
