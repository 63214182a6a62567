import {
  EXPENSE_PAGE_DEFAULT,
  ZCategory,
  ZExpense,
  ZExpensePage,
  ZGroup,
  ZGroupSummary,
  ZPreferences,
  ZSettleSplitResult,
  type CreateExpenseBody,
  type Expense,
  type ExpensePage,
  type UpdateExpenseBody,
} from '@household/contracts';
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../lib/api-client';
import { useApi } from '../../lib/api-context';
import { apiPaths } from '../../paths';
import {
  groupKey,
  moneyKeys,
  MY_GROUPS_KEY,
  PREFERENCES_KEY,
  type ExpenseFilters,
  type ExpenseScope,
} from './keys';

export { moneyKeys, type ExpenseFilters, type ExpenseScope } from './keys';

/** How many expenses the group page shows of the latest ones. */
export const RECENT_EXPENSES_COUNT = 5;

// ---------------------------------------------------------------------------------------------
// Queries

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

/** The group with its members: who may pay and share (the groups feature caches the same). */
export const expenseGroupQueryOptions = (api: ApiClient, id: number) =>
  queryOptions({
    queryKey: groupKey(id),
    queryFn: () => api.get(apiPaths.group(id), { schema: ZGroup }),
  });

export const myGroupsQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: MY_GROUPS_KEY,
    queryFn: () => api.get(apiPaths.groups, { schema: z.array(ZGroupSummary) }),
  });

/** My preferred currency: the currency of a personal expense. */
export const preferencesQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: PREFERENCES_KEY,
    queryFn: () => api.get(apiPaths.preferences, { schema: ZPreferences }),
    retry: false,
  });

// ---------------------------------------------------------------------------------------------
// Mutations: every change refreshes everything under ['money'] (pages, totals, balances)

export const refreshMoney = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: moneyKeys.all });

/**
 * Puts an expense as the server answered it into every cached page that shows it, at once: a
 * share settled a moment ago must not be offered again with its old remainder while the pages
 * refetch.
 */
export function showSavedExpense(queryClient: QueryClient, expense: Expense) {
  queryClient.setQueryData(moneyKeys.expense(expense.id), expense);
  const replace = (page: ExpensePage): ExpensePage =>
    page.items.some((item) => item.id === expense.id)
      ? { ...page, items: page.items.map((item) => (item.id === expense.id ? expense : item)) }
      : page;
  queryClient.setQueriesData<ExpensePage | InfiniteData<ExpensePage>>(
    { queryKey: moneyKeys.expenses },
    (data) => {
      if (!data) return data;
      return 'pages' in data ? { ...data, pages: data.pages.map(replace) } : replace(data);
    },
  );
}

/** A fresh `Idempotency-Key`: one per expense form, kept for its retries (docs/expenses.md). */
export const newIdempotencyKey = () =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;

export function useCreateExpense() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateExpenseBody; idempotencyKey: string }) =>
      api.post(apiPaths.expenses, {
        json: body,
        headers: { 'Idempotency-Key': idempotencyKey },
        schema: ZExpense,
      }),
    onSuccess: (expense) => {
      queryClient.setQueryData(moneyKeys.expense(expense.id), expense);
      void refreshMoney(queryClient);
    },
  });
}

/** PATCH /expenses/{id} with the version the person saw; a stale one answers 409 `conflict`. */
export function useUpdateExpense() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateExpenseBody }) =>
      api.patch(apiPaths.expense(id), { json: body, schema: ZExpense }),
    onSuccess: (expense) => showSavedExpense(queryClient, expense),
    // A stale version also refreshes, so what is shown is the latest.
    onSettled: () => void refreshMoney(queryClient),
  });
}

export function useDeleteExpense() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (expense: Pick<Expense, 'id' | 'version'>) =>
      api.delete(apiPaths.expense(expense.id), { query: { version: expense.version } }),
    onSuccess: (_answer, expense) =>
      queryClient.removeQueries({ queryKey: moneyKeys.expense(expense.id) }),
    onSettled: () => void refreshMoney(queryClient),
  });
}

/** POST /expenses/{id}/splits/{splitId}/settle: pay part or all of my own share to the payer. */
export function useSettleSplit() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      expenseId,
      splitId,
      amountCents,
    }: {
      expenseId: number;
      splitId: number;
      amountCents: number;
    }) =>
      api.post(apiPaths.settleSplit(expenseId, splitId), {
        json: { amount_cents: amountCents },
        schema: ZSettleSplitResult,
      }),
    onSuccess: ({ expense }) => showSavedExpense(queryClient, expense),
    onSettled: () => void refreshMoney(queryClient),
  });
}
