import {
  EXPENSE_PAGE_DEFAULT,
  ZCategory,
  ZExpense,
  ZExpensePage,
  ZBalanceSummary,
  ZGroupBalances,
  ZMyBalances,
  ZReport,
  ZSettlementPage,
  ZExpenseSeries,
  ZExpenseSeriesList,
  ZGroupExchangeRates,
} from '@household/contracts';
import { infiniteQueryOptions, queryOptions, keepPreviousData } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../../lib/api-client';
import { apiPaths } from './paths';
import { moneyKeys, type ExpenseFilters, type ExpenseScope, type ReportRange } from './keys';

/** How many expenses the group page shows of the latest ones. */
export const RECENT_EXPENSES_COUNT = 5;

const scopePath = (scope: ExpenseScope) =>
  scope.kind === 'group'
    ? apiPaths.groupExpenses(scope.groupId)
    : scope.kind === 'list'
      ? apiPaths.listExpenses(scope.listId)
      : apiPaths.expenses;

const filterQuery = (filters: ExpenseFilters) => ({
  ...filters,
  personal: filters.personal ? 'true' : undefined,
});

/**
 * GET /expenses (mine), /groups/{id}/expenses or /lists/{id}/expenses: newest date first, a page
 * at a time; `next_cursor` goes back as `cursor` for older ones. Every page carries the totals of
 * everything the filters match.
 */
export const expensePagesQueryOptions = (
  api: ApiClient,
  scope: ExpenseScope,
  filters: ExpenseFilters = {},
) =>
  infiniteQueryOptions({
    queryKey: moneyKeys.page(scope, filters),
    queryFn: ({ pageParam, signal }) =>
      api.get(scopePath(scope), {
        query: { ...filterQuery(filters), limit: EXPENSE_PAGE_DEFAULT, cursor: pageParam },
        schema: ZExpensePage,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
  });

/** The latest expenses of a group, for its detail page. */
export const recentExpensesQueryOptions = (api: ApiClient, groupId: number) =>
  queryOptions({
    queryKey: moneyKeys.recent(groupId),
    queryFn: ({ signal }) =>
      api.get(apiPaths.groupExpenses(groupId), {
        query: { limit: RECENT_EXPENSES_COUNT },
        schema: ZExpensePage,
        signal,
      }),
  });

/** GET /groups/{id}/exchange-rates: the latest rate of each currency and the recent ones. */
export const exchangeRatesQueryOptions = (api: ApiClient, groupId: number) =>
  queryOptions({
    queryKey: moneyKeys.exchangeRates(groupId),
    queryFn: ({ signal }) =>
      api.get(apiPaths.exchangeRates(groupId), { schema: ZGroupExchangeRates, signal }),
  });

export const fetchExpense = (api: ApiClient, id: number) =>
  api.get(apiPaths.expense(id), { schema: ZExpense });

export const expenseQueryOptions = (api: ApiClient, id: number) =>
  queryOptions({
    queryKey: moneyKeys.expense(id),
    queryFn: () => fetchExpense(api, id),
  });

/** GET /categories?kind=expense: a group's spending categories, or mine for personal expenses. */
export const expenseCategoriesQueryOptions = (api: ApiClient, groupId: number | null) =>
  queryOptions({
    queryKey: moneyKeys.categories(groupId),
    queryFn: ({ signal }) =>
      api.get(apiPaths.categories, {
        query: { kind: 'expense', group_id: groupId },
        schema: z.array(ZCategory),
        signal,
      }),
    select: (categories: z.infer<typeof ZCategory>[]) =>
      [...categories].sort((a, b) => a.position - b.position),
    staleTime: 60_000,
  });

/** GET /balances: my balance with each person, per group, and my net position in each group. */
export const myBalancesQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: moneyKeys.myBalances,
    queryFn: ({ signal }) => api.get(apiPaths.myBalances, { schema: ZMyBalances, signal }),
  });

/** GET /balances/{groupId}: every member's net position, and anyone who left with a balance. */
export const groupBalancesQueryOptions = (api: ApiClient, groupId: number) =>
  queryOptions({
    queryKey: moneyKeys.groupBalances(groupId),
    queryFn: ({ signal }) =>
      api.get(apiPaths.groupBalances(groupId), { schema: ZGroupBalances, signal }),
  });

/** GET /costs/groups/{id}/balance-summary: the positions and the suggested transfers. */
export const balanceSummaryQueryOptions = (api: ApiClient, groupId: number) =>
  queryOptions({
    queryKey: moneyKeys.summary(groupId),
    queryFn: ({ signal }) =>
      api.get(apiPaths.balanceSummary(groupId), { schema: ZBalanceSummary, signal }),
  });

/** GET /settlements?group_id=: the group's payments, newest first; `next_cursor` pages back. */
export const settlementsQueryOptions = (api: ApiClient, groupId: number) =>
  infiniteQueryOptions({
    queryKey: moneyKeys.settlements(groupId),
    queryFn: ({ pageParam, signal }) =>
      api.get(apiPaths.settlements, {
        query: { group_id: groupId, limit: EXPENSE_PAGE_DEFAULT, cursor: pageParam },
        schema: ZSettlementPage,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
  });

/** GET /reports: spending by category, member and month for a group or for me. */
export const reportQueryOptions = (api: ApiClient, range: ReportRange) =>
  queryOptions({
    queryKey: moneyKeys.report(range),
    queryFn: ({ signal }) =>
      api.get(apiPaths.reports, {
        query: { group_id: range.groupId, from: range.from, to: range.to },
        schema: ZReport,
        signal,
      }),
    // A new date range keeps the last figures on screen until its own arrive.
    placeholderData: keepPreviousData,
  });

/** GET /expense-series?group_id=: a group's recurring bills, or without a group my personal ones. */
export const expenseSeriesQueryOptions = (api: ApiClient, groupId: number | null) =>
  queryOptions({
    queryKey: moneyKeys.seriesOf(groupId),
    queryFn: ({ signal }) =>
      api.get(apiPaths.expenseSeries, {
        query: { group_id: groupId ?? undefined },
        schema: ZExpenseSeriesList,
        signal,
      }),
    select: (answer: z.infer<typeof ZExpenseSeriesList>) => answer.series,
  });

/** GET /expense-series/{id}: a recurring bill as it is now (after a 409, for the form). */
export const fetchSeries = (api: ApiClient, id: number) =>
  api.get(apiPaths.oneSeries(id), { schema: ZExpenseSeries });
