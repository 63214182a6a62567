import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './support/test';
import { choreOf, groupOf, housemate, type Housemate } from './support/household';
import { fill, personIn, t } from './support/ui';

// Issue 27 §1, end to end, for the strategies the rotation spec does not drive: fewest done, least
// effort, random but fair, and always the same person. Two housemates see who is next and why,
// and the turn moves as the rule says once the one who had it marks it done.

const c = t.chores;
const today = () => new Date().toISOString().slice(0, 10);

interface ChoreRead {
  next_assignee: { id: number; name: string | null } | null;
}

test('each strategy names who is next and why, and moves the turn as its rule says', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const [ann, ben] = await Promise.all([
    housemate(request, 'Ann Fair'),
    housemate(request, 'Ben Fair'),
  ]);
  const group = await groupOf(request, `Fair ${Date.now()}`, [ann, ben]);
  const path = `/groups/${group.id}/chores`;
  const pages = new Map<number, Page>([
    [ann.id, await personIn(browser, ann, path)],
    [ben.id, await personIn(browser, ben, path)],
  ]);
  const people = [ann, ben];
  const other = (person: Housemate) => people.find((p) => p.id !== person.id)!;
  const chore = (page: Page, name: string) => page.getByRole('article', { name });
  const nextOf = async (id: number) => {
    const response = await request.get(`/api/v1/chores/${id}`, { headers: ann.headers });
    const read = (await response.json()) as ChoreRead;
    return people.find((p) => p.id === read.next_assignee?.id)!;
  };
  const expectLine = async (name: string, line: string) => {
    for (const page of pages.values()) {
      await expect(chore(page, name).getByTestId('chore-next')).toHaveText(line);
    }
  };
  const markDone = (person: Housemate, name: string) =>
    chore(pages.get(person.id)!, name)
      .getByRole('button', { name: c.card.markDone, exact: true })
      .click();
  const group_chore = { type: 'group', group_id: group.id, due_date: today() };

  // Fewest done: neither has done the dishes, so the tie goes to one of them; once that one has,
  // the other has done it the fewest times (0).
  const dishes = await choreOf(request, ann, {
    ...group_chore,
    name: 'Dishes',
    frequency: 'daily',
    assignment_strategy: 'least_done',
  });
  const firstDishes = await nextOf(dishes.id);
  await expectLine(
    'Dishes',
    fill(c.next.line, {
      name: firstDishes.name,
      reason: fill(c.next.reason.fewest_done, { count: 0 }),
    }),
  );
  await markDone(firstDishes, 'Dishes');
  await expectLine(
    'Dishes',
    fill(c.next.line, {
      name: other(firstDishes).name,
      reason: fill(c.next.reason.fewest_done, { count: 0 }),
    }),
  );

  // Least effort, counted over the whole group: the one who did the dishes has effort 1, so the
  // hoovering goes to the other, who has none.
  await choreOf(request, ann, {
    ...group_chore,
    name: 'Hoover',
    frequency: 'weekly',
    effort: 3,
    assignment_strategy: 'least_effort',
  });
  await expectLine(
    'Hoover',
    fill(c.next.line, {
      name: other(firstDishes).name,
      reason: fill(c.next.reason.least_effort, { effort: 0 }),
    }),
  );

  // Random but fair over two turns: whoever is drawn first, the second turn is the other's.
  const towels = await choreOf(request, ann, {
    ...group_chore,
    name: 'Towels',
    frequency: 'daily',
    assignment_strategy: 'random_fair',
    fair_window: 2,
  });
  const drawn = await nextOf(towels.id);
  const fairly = fill(c.next.reason.random_fair, { window: 2 });
  await expectLine('Towels', fill(c.next.line, { name: drawn.name, reason: fairly }));
  await markDone(drawn, 'Towels');
  await expectLine('Towels', fill(c.next.line, { name: other(drawn).name, reason: fairly }));

  // Always the same person: Ben, before and after he does it.
  await choreOf(request, ann, {
    ...group_chore,
    name: 'Plants',
    frequency: 'daily',
    assignment_strategy: 'same_person',
    assignee_id: ben.id,
  });
  const always = fill(c.next.line, { name: ben.name, reason: c.next.reason.same_person });
  await expectLine('Plants', always);
  await expectAccessible(pages.get(ann.id)!, 'chores with every strategy');
  await markDone(ben, 'Plants');
  await expect(chore(pages.get(ben.id)!, 'Plants').getByText(c.card.markNotDone)).toBeVisible();
  await expectLine('Plants', always);
});
