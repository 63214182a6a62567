/**
 * Every cached expense or money answer lives under ['money'] (shared with the balances, settlements
 * and reports screens): one invalidation after a change, or a realtime `expense` or `settlement`
 * event, refreshes the expense pages, the recent expenses and the balances together.
 */

/** The filters of GET /expenses (docs/expenses.md); absent means "any". */
export interface ExpenseFilters {
  group_id?: number;
  /** Only personal expenses (no group). */
  personal?: boolean;
  category_id?: number;
  paid_by?: number;
  from?: string;
  to?: string;
}

/** Whose expenses a page shows: mine everywhere, one group's or one list's. */
export type ExpenseScope =
  { kind: 'mine' } | { kind: 'group'; groupId: number } | { kind: 'list'; listId: number };

export const moneyKeys = {
  all: ['money'] as const,
  expenses: ['money', 'expenses'] as const,
  page: (scope: ExpenseScope, filters: ExpenseFilters) =>
    ['money', 'expenses', scope, filters] as const,
  /** The latest few of a group, for its detail page. */
  recent: (groupId: number) => ['money', 'expenses', 'recent', groupId] as const,
  expense: (id: number) => ['money', 'expense', id] as const,
  categories: (groupId: number | null) => ['money', 'categories', groupId ?? 'mine'] as const,
};

/** The same keys as the groups feature uses, so both share one cached answer. */
export const MY_GROUPS_KEY = ['groups'] as const;
export const groupKey = (id: number) => ['groups', id] as const;
export const PREFERENCES_KEY = ['users', 'preferences'] as const;
