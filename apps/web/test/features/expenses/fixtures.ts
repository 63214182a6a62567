import type {
  Category,
  Expense,
  ExpensePage,
  ExpenseSplit,
  Group,
  GroupMember,
  PersonRef,
} from '@household/contracts';
import { createFakeApi, jsonResponse } from '../../fake-api';
import { signInAs } from '../../render-app';

/** Test data in the wire shapes of packages/contracts (docs/expenses.md). */
export const person = (id: number, name: string | null): PersonRef => ({
  id,
  name,
  avatar_url: null,
  is_guest: false,
});

export const ann = person(5, 'Ann Example');
export const bob = person(6, 'Bob Member');
export const cleo = person(7, 'Cleo Owner');

const member = (ref: PersonRef, role: GroupMember['role']): GroupMember => ({
  ...ref,
  name: ref.name,
  email: `${ref.name!.toLowerCase().split(' ')[0]}@example.org`,
  role,
  joined_at: '2025-03-12T10:00:00.000Z',
  share_weight: 100,
  unit_id: null,
});

/** Flat 3B: Cleo (owner), Ann (the signed-in test user, id 5) and Bob. */
export const group = (overrides: Partial<Group> = {}): Group => ({
  id: 1,
  name: 'Flat 3B',
  description: '',
  currency: 'EUR',
  my_role: 'member',
  member_count: 3,
  created_at: '2025-03-12T10:00:00.000Z',
  version: 1,
  created_by: cleo,
  updated_at: '2025-03-12T10:00:00.000Z',
  invite_valid_days: 7,
  my_permissions: ['view_group', 'view_activity', 'manage_invites'],
  members: [member(cleo, 'owner'), member(ann, 'member'), member(bob, 'member')],
  units: [],
  active_invite_code: null,
  ...overrides,
});

export const split = (
  id: number,
  user: PersonRef,
  amountCents: number,
  settledCents = 0,
  payer: PersonRef = cleo,
): ExpenseSplit => ({
  id,
  user,
  payer,
  amount_cents: amountCents,
  settled_cents: settledCents,
  remaining_cents: amountCents - settledCents,
  status:
    settledCents >= amountCents ? 'settled' : settledCents > 0 ? 'partially_settled' : 'unsettled',
});

/** Groceries for 30.00, paid by Cleo, split equally among the three. */
export const expense = (id: number, overrides: Partial<Expense> = {}): Expense => ({
  id,
  group_id: 1,
  list_id: null,
  description: `Groceries ${id}`,
  amount_cents: 3000,
  currency: 'EUR',
  date: '2025-03-14',
  paid_by: cleo,
  payers: null,
  category: { id: 31, name: 'Groceries', color: 'green' },
  notes: '',
  split_type: 'equal',
  split: { type: 'equal', participants: [5, 6, 7] },
  splits: [
    split(id * 10 + 1, ann, 1000),
    split(id * 10 + 2, bob, 1000),
    split(id * 10 + 3, cleo, 1000, 1000),
  ],
  original: null,
  payment_status: 'unpaid',
  created_by: cleo,
  created_at: '2025-03-14T10:00:00.000Z',
  updated_at: '2025-03-14T10:00:00.000Z',
  version: 1,
  ...overrides,
});

export const page = (
  items: Expense[],
  {
    next_cursor = null,
    totals,
  }: { next_cursor?: string | null; totals?: ExpensePage['totals'] } = {},
): ExpensePage => ({
  items,
  next_cursor,
  totals: totals ?? [
    {
      currency: 'EUR',
      count: items.length,
      amount_cents: items.reduce((sum, item) => sum + item.amount_cents, 0),
      my_share_cents: 1000 * items.length,
    },
  ],
});

export const expenseCategory = (id: number, name: string, position: number): Category => ({
  id,
  kind: 'expense',
  name,
  color: 'green',
  position,
  group_id: 1,
});

/** A signed-in fake server with the group, its expense categories and my groups. */
export function moneyServer({ groupData = group() }: { groupData?: Group } = {}) {
  const server = createFakeApi();
  signInAs(server);
  server.protectedRoute('GET', '/groups/1', () => jsonResponse(groupData));
  server.protectedRoute('GET', '/groups', () =>
    jsonResponse([
      {
        id: 1,
        name: 'Flat 3B',
        description: '',
        currency: 'EUR',
        my_role: groupData.my_role,
        member_count: 3,
        created_at: '2025-03-12T10:00:00.000Z',
        version: 1,
      },
    ]),
  );
  server.protectedRoute('GET', '/categories', () =>
    jsonResponse([expenseCategory(31, 'Groceries', 0), expenseCategory(32, 'Rent', 1)]),
  );
  server.protectedRoute('GET', '/users/preferences', () =>
    jsonResponse({ language: 'en', theme: 'auto', currency: 'EUR' }),
  );
  return server;
}
