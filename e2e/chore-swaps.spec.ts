import { expect, expectAccessible, test } from './support/test';
import { choreOf, groupOf, housemate } from './support/household';
import { bellName } from './support/notifications';
import { fill, personIn, t, toast } from './support/ui';

// Issue 27 §3, end to end: Ana asks Bob to take her turn; Bob sees the request (and the bell)
// and accepts; the card shows Bob; Bob does it; the history says he did it for Ana.

const s = t.swaps;

test('a housemate takes my turn when I ask, and the history says for whom', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const [ana, bob] = await Promise.all([
    housemate(request, 'Ana Swaps'),
    housemate(request, 'Bob Swaps'),
  ]);
  const group = await groupOf(request, `Swaps ${Date.now()}`, [ana, bob]);
  const chore = await choreOf(request, ana, {
    name: 'Bins',
    type: 'group',
    group_id: group.id,
    frequency: 'weekly',
    due_date: new Date().toISOString().slice(0, 10),
  });
  const given = await request.post(`/api/v1/chores/${chore.id}/assignments`, {
    headers: ana.headers,
    data: { user_id: ana.id },
  });
  expect(given.ok(), await given.text()).toBe(true);

  const a = await personIn(browser, ana, '/chores');
  const b = await personIn(browser, bob, `/groups/${group.id}/chores`);

  // Ana asks Bob, from her turn in "My assigned chores".
  await a.getByRole('button', { name: fill(s.askLabel, { name: 'Bins' }) }).click();
  const dialog = a.getByRole('dialog', { name: fill(s.askTitle, { name: 'Bins' }) });
  await dialog.getByLabel(s.whom).selectOption({ label: 'Bob Swaps' });
  await dialog.getByLabel(s.note).fill('Away on Sunday');
  await expectAccessible(a, 'ask someone to take a turn');
  await dialog.getByRole('button', { name: s.send }).click();
  await expect(toast(a, s.asked)).toBeVisible();
  const mine = a.getByRole('region', { name: s.title });
  await expect(mine.getByText(/Asked Bob Swaps to take Bins/)).toBeVisible();

  // Bob sees it in the bell and on his chores page, and accepts.
  await expect(b.getByRole('button', { name: bellName(1), exact: true })).toBeVisible();
  const requests = b.getByRole('region', { name: s.title });
  await expect(requests.getByText(/Ana Swaps asks you to take Bins/)).toBeVisible();
  await expectAccessible(b, 'swap requests');
  await requests.getByRole('button', { name: fill(s.acceptLabel, { chore: 'Bins' }) }).click();
  await expect(toast(b, s.accepted)).toBeVisible();
  await expect(requests).toBeHidden();

  // The card shows Bob's turn; he marks it done; the history says he did it for Ana.
  const card = b.getByRole('article', { name: 'Bins' });
  await expect(card).toContainText('Bob Swaps');
  await card.getByRole('button', { name: t.chores.card.markDone, exact: true }).click();
  const history = b.getByRole('region', { name: t.assignments.history.title });
  await expect(
    history.getByText(
      fill(t.assignments.history.doneFor, {
        subject: 'Bob Swaps',
        chore: 'Bins',
        forUser: 'Ana Swaps',
      }),
    ),
  ).toBeVisible();
});
