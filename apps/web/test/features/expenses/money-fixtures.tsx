import type {
  BalanceSummary,
  MyBalances,
  Report,
  Settlement,
  SplitwiseImportResult,
} from '@household/contracts';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter } from 'react-router';
import { AppRouter } from '../../../src/app/AppRouter';
import { MantineRoot } from '../../../src/app/layouts/MantineRoot';
import { AppProviders } from '../../../src/app/providers';
import { createQueryClient } from '../../../src/lib/query-client';
import { connectClient, createFakeApi } from '../../fake-api';
import { signInAs } from '../../render-app';
import { ann, bob, cleo, person } from './fixtures';

// The people are the expense screens' own, so both fixture sets describe one household.
export { ann, bob, cleo, person };

/** An account that was deleted: the ledger keeps the person without a name. */
export const gone = person(9, null);

/** Ann is owed 40.00 by Bob, Cleo and a deleted user who left with a balance. */
export const balanceSummary = (overrides: Partial<BalanceSummary> = {}): BalanceSummary => ({
  group_id: 1,
  currency: 'EUR',
  members: [
    { user: ann, is_member: true, net_cents: 4000 },
    { user: bob, is_member: true, net_cents: -1234 },
    { user: cleo, is_member: true, net_cents: -1766 },
    { user: gone, is_member: false, net_cents: -1000 },
  ],
  transfers: [
    {
      from: bob,
      to: ann,
      from_unit: null,
      to_unit: null,
      amount_cents: 1234,
      expenses: [{ id: 41, description: 'Groceries', date: '2025-03-10', remaining_cents: 1234 }],
      more_expenses: 2,
      reasons: [{ kind: 'direct', amount_cents: 1234, expense_count: 3 }],
    },
    {
      from: cleo,
      to: ann,
      from_unit: null,
      to_unit: null,
      amount_cents: 1766,
      expenses: [],
      more_expenses: 0,
      reasons: [{ kind: 'through', amount_cents: 1766, through: bob, through_unit: null }],
    },
    {
      from: gone,
      to: ann,
      from_unit: null,
      to_unit: null,
      amount_cents: 1000,
      expenses: [],
      more_expenses: 0,
      reasons: [{ kind: 'direct', amount_cents: 1000, expense_count: 1 }],
    },
  ],
  pairwise: [
    { from: bob, to: ann, amount_cents: 3000, expense_count: 3, paid_cents: 2000 },
    { from: cleo, to: bob, amount_cents: 1766, expense_count: 1, paid_cents: 0 },
    { from: gone, to: ann, amount_cents: 1000, expense_count: 1, paid_cents: 0 },
  ],
  ...overrides,
});

export const settlement = (overrides: Partial<Settlement> = {}): Settlement => ({
  id: 31,
  group_id: 1,
  currency: 'EUR',
  from: bob,
  to: ann,
  amount_cents: 2000,
  date: '2025-03-11',
  note: 'Cash at the door',
  expense_id: null,
  split_id: null,
  created_by: bob,
  created_at: '2025-03-11T18:00:00.000Z',
  version: 2,
  ...overrides,
});

export const groupReport = (overrides: Partial<Report> = {}): Report => ({
  group_id: 1,
  from: null,
  to: null,
  totals: [{ currency: 'EUR', total_cents: 15000 }],
  by_category: [
    { currency: 'EUR', category_id: 2, name: 'Groceries', total_cents: 4500 },
    { currency: 'EUR', category_id: 1, name: 'Rent', total_cents: 10000 },
    { currency: 'EUR', category_id: null, name: null, total_cents: 500 },
  ],
  by_member: [
    { currency: 'EUR', user: ann, total_cents: 5000, paid_cents: 15000 },
    { currency: 'EUR', user: bob, total_cents: 10000, paid_cents: 0 },
  ],
  by_month: [
    { currency: 'EUR', month: '2025-02', total_cents: 10500 },
    { currency: 'EUR', month: '2025-03', total_cents: 4500 },
  ],
  ...overrides,
});

export const myBalances = (): MyBalances => ({
  people: [
    { user: bob, group_id: 1, group_name: 'Flat 3B', currency: 'EUR', balance_cents: -500 },
    { user: cleo, group_id: 1, group_name: 'Flat 3B', currency: 'EUR', balance_cents: 750 },
    { user: gone, group_id: 2, group_name: 'Beach trip', currency: 'USD', balance_cents: 1999 },
    { user: bob, group_id: 2, group_name: 'Beach trip', currency: 'USD', balance_cents: 0 },
  ],
  groups: [
    { group_id: 1, group_name: 'Flat 3B', currency: 'EUR', net_cents: 250 },
    { group_id: 2, group_name: 'Beach trip', currency: 'USD', net_cents: 0 },
  ],
});

export const importPreview = (
  overrides: Partial<SplitwiseImportResult> = {},
): SplitwiseImportResult => ({
  columns: [
    { name: 'Ann', user_id: 5 },
    { name: 'Robert', user_id: null },
  ],
  expenses: 1,
  payments: 0,
  preview: [
    {
      row: 2,
      kind: 'expense',
      date: '2025-01-05',
      description: 'Pizza night',
      amount_cents: 3000,
      from_id: 5,
      to_id: null,
      original: null,
    },
  ],
  rates: [],
  missing_rates: [],
  skipped: [{ row: 3, reason: 'unknown_person', text: '2025-01-06,Cinema,Leisure,24.00,EUR' }],
  imported: false,
  ...overrides,
});

/** A component on its own, signed in as Ann, talking to a fake API server. */
export function renderMoney(ui: ReactNode, server = createFakeApi()) {
  signInAs(server);
  const { tokens, api } = connectClient(server);
  const router = createMemoryRouter([{ path: '/', element: <MantineRoot>{ui}</MantineRoot> }], {
    initialEntries: ['/'],
  });
  const view = render(
    <AppProviders api={api} tokens={tokens} queryClient={createQueryClient()}>
      <AppRouter router={router} />
    </AppProviders>,
  );
  return { ...view, server };
}
