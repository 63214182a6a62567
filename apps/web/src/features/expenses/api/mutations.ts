import {
  ZExpense,
  ZSettleSplitResult,
  type CreateExpenseBody,
  type Expense,
  type ExpensePage,
  type UpdateExpenseBody,
  ZSettlement,
  ZSplitwiseImportResult,
  type CreateSettlementBody,
  type SplitwiseImportBody,
  type UpdateSettlementBody,
  ZExchangeRate,
  type CreateExchangeRateBody,
} from '@household/contracts';
import {
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import { apiPaths } from './paths';
import { moneyKeys } from './keys';

// Every change refreshes everything under ['money']: pages, totals, balances (keys.ts).

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

function useRefreshMoney() {
  const queryClient = useQueryClient();
  return () => refreshMoney(queryClient);
}

/**
 * POST /settlements: a payment between two members. `idempotencyKey` makes a retried tap (a lost
 * answer) record the payment once.
 */
export function useCreateSettlement() {
  const api = useApi();
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: ({
      body,
      idempotencyKey,
    }: {
      body: CreateSettlementBody;
      idempotencyKey?: string;
    }) =>
      api.post(apiPaths.settlements, {
        json: body,
        schema: ZSettlement,
        headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined,
      }),
    onSuccess: refresh,
  });
}

/** POST /groups/{id}/exchange-rates: a rate the group uses from its date on. */
export function useAddExchangeRate(groupId: number) {
  const api = useApi();
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: (body: CreateExchangeRateBody) =>
      api.post(apiPaths.exchangeRates(groupId), { json: body, schema: ZExchangeRate }),
    onSuccess: refresh,
  });
}

/** PATCH /settlements/{id} with the version it was read at; a stale one answers 409. */
export function useUpdateSettlement() {
  const api = useApi();
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateSettlementBody }) =>
      api.patch(apiPaths.settlement(id), { json: body, schema: ZSettlement }),
    onSettled: refresh,
  });
}

/** DELETE /settlements/{id}?version=; a stale version answers 409. */
export function useDeleteSettlement() {
  const api = useApi();
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) =>
      api.delete(apiPaths.settlement(id), { query: { version } }),
    onSettled: refresh,
  });
}

/** POST /groups/{id}/expenses/import: a dry run previews, a real run imports. */
export function useSplitwiseImport(groupId: number) {
  const api = useApi();
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: (body: SplitwiseImportBody) =>
      api.post(apiPaths.groupImport(groupId), { json: body, schema: ZSplitwiseImportResult }),
    onSuccess: (result) => {
      if (result.imported) void refresh();
    },
  });
}
