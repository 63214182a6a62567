import type { Chore, GroupSummary, PersonRef } from '@household/contracts';
import { addCalendarDays, todayIn } from '@household/domain';
import { createFakeApi, jsonResponse } from '../../fake-api';
import { signInAs, testUser } from '../../render-app';

/** Test data in the wire shapes of packages/contracts (docs/chores.md). */
export const person = (id: number, name: string | null): PersonRef => ({
  id,
  name,
  avatar_url: null,
  is_guest: false,
});

export const ann = person(5, 'Ann Example');
export const bob = person(6, 'Bob Member');

/** Today where the test user lives, and the days around it, as the page computes them. */
export const today = todayIn(testUser().timezone);
export const day = (offset: number) => addCalendarDays(today, offset);

export const flat: GroupSummary = {
  id: 1,
  name: 'Flat 3B',
  description: '',
  currency: 'EUR',
  my_role: 'member',
  member_count: 2,
  created_at: '2025-03-12T10:00:00.000Z',
  version: 1,
};

/** A personal one-time chore due today, unless told otherwise. */
export const chore = (id: number, overrides: Partial<Chore> = {}): Chore => ({
  id,
  name: `Chore ${id}`,
  description: '',
  type: 'personal',
  group_id: null,
  group_name: null,
  frequency: 'one_time',
  interval_days: null,
  due_date: today,
  effort: 1,
  status: 'pending',
  completed_on: null,
  completed_by: null,
  time_zone: 'Europe/Berlin',
  assignment: null,
  assignment_strategy: 'least_effort',
  rotation_order: [],
  assignee_id: null,
  fair_window: null,
  due_rule: 'due_date',
  completion_window_days: null,
  completable_from: null,
  skip_policy: 'next_person',
  next_assignee: null,
  next_reason: null,
  created_by: ann,
  created_at: '2025-03-12T10:00:00.000Z',
  updated_at: '2025-03-12T10:00:00.000Z',
  version: 1,
  ...overrides,
});

/** A group chore of Flat 3B. */
export const groupChore = (id: number, overrides: Partial<Chore> = {}): Chore =>
  chore(id, { type: 'group', group_id: 1, group_name: 'Flat 3B', ...overrides });

export const page = (items: Chore[]) => ({ items, next_cursor: null });

/**
 * A household in every tab: overdue bathroom, dishes today, a weekly bin day ahead, a recurring
 * plant watering done today (pending again), and a completed one-time chore.
 */
export const household = (): Chore[] => [
  groupChore(1, { name: 'Clean bathroom', due_date: day(-2), effort: 5, frequency: 'weekly' }),
  chore(2, {
    name: 'Wash dishes',
    description: 'Including the pans',
    frequency: 'daily',
    assignment: { id: 70, user: bob, due_date: today, completed_on: null, version: 1 },
  }),
  groupChore(3, { name: 'Take out bins', due_date: day(3), frequency: 'monthly' }),
  chore(4, {
    name: 'Water plants',
    due_date: day(3),
    frequency: 'custom',
    interval_days: 3,
    completed_on: today,
    completed_by: ann,
    version: 4,
  }),
  chore(5, {
    name: 'Fix shelf',
    due_date: day(-5),
    status: 'completed',
    completed_on: day(-1),
    completed_by: bob,
    version: 2,
  }),
];

/** A signed-in fake server answering the chores and my groups. */
export function choresServer(chores: Chore[] = household()) {
  const server = createFakeApi();
  signInAs(server);
  server.protectedRoute('GET', '/groups', () => jsonResponse([flat]));
  server.protectedRoute('GET', '/chores', () => jsonResponse(page(chores)));
  server.protectedRoute('GET', '/groups/1/chores', () =>
    jsonResponse(page(chores.filter((item) => item.group_id === 1))),
  );
  // "My assigned chores" on /chores, and the group's history on its chores page.
  server.protectedRoute('GET', '/chores/assignments', () => jsonResponse({ items: [] }));
  // Swap requests waiting for me or asked by me (none unless a test says otherwise).
  server.protectedRoute('GET', '/chore-swaps', () => jsonResponse({ items: [] }));
  server.protectedRoute('GET', '/groups/1/chores/history', () =>
    jsonResponse({ items: [], next_cursor: null, totals: [] }),
  );
  return server;
}
