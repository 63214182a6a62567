/**
 * Every cached expense or money answer lives under ['money']: one invalidation after a change, or
 * a realtime `expense` or `settlement` event, refreshes the expense pages, the recent expenses,
 * the balances, transfers, payments and reports together.
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

/** A report's scope: a group, or mine (null), between two inclusive calendar dates. */
export interface ReportRange {
  groupId: number | null;
  from: string | null;
  to: string | null;
}

export const moneyKeys = {
  all: ['money'] as const,
  expenses: ['money', 'expenses'] as const,
  page: (scope: ExpenseScope, filters: ExpenseFilters) =>
    ['money', 'expenses', scope, filters] as const,
  /** The latest few of a group, for its detail page. */
  recent: (groupId: number) => ['money', 'expenses', 'recent', groupId] as const,
  expense: (id: number) => ['money', 'expense', id] as const,
  categories: (groupId: number | null) => ['money', 'categories', groupId ?? 'mine'] as const,
  myBalances: ['money', 'balances', 'mine'] as const,
  groupBalances: (groupId: number) => ['money', 'balances', groupId] as const,
  summary: (groupId: number) => ['money', 'summary', groupId] as const,
  settlements: (groupId: number) => ['money', 'settlements', groupId] as const,
  /** A group's exchange rates: an expense saved with a rate records it, so they live here too. */
  exchangeRates: (groupId: number) => ['money', 'rates', groupId] as const,
  /** Recurring bills: an occurrence makes an expense, so they live under ['money'] too. */
  series: ['money', 'series'] as const,
  seriesOf: (groupId: number | null) => ['money', 'series', groupId ?? 'mine'] as const,
  report: ({ groupId, from, to }: ReportRange) =>
    ['money', 'report', groupId ?? 'mine', from ?? '', to ?? ''] as const,
};
