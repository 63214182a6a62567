import {
  EXPENSE_PAGE_DEFAULT,
  ZBalanceSummary,
  ZGroupBalances,
  ZMyBalances,
  ZReport,
  ZSettlement,
  ZSettlementPage,
  ZSplitwiseImportResult,
  type CreateSettlementBody,
  type SplitwiseImportBody,
  type UpdateSettlementBody,
} from '@household/contracts';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api-client';
import { useApi } from '../../lib/api-context';

/** The money endpoints of docs/expenses.md "The ledger on the server". */
export const moneyApiPaths = {
  myBalances: '/balances',
  groupBalances: (groupId: number) => `/balances/${groupId}`,
  balanceSummary: (groupId: number) => `/costs/groups/${groupId}/balance-summary`,
  settlements: '/settlements',
  settlement: (id: number) => `/settlements/${id}`,
  reports: '/reports',
  groupExport: (groupId: number) => `/groups/${groupId}/expenses/export`,
  groupImport: (groupId: number) => `/groups/${groupId}/expenses/import`,
} as const;

/** A report's scope: a group, or mine (null), between two inclusive calendar dates. */
export interface ReportRange {
  groupId: number | null;
  from: string | null;
  to: string | null;
}

/**
 * Every cached money answer lives under ['money']: the realtime hook of the expenses feature
 * invalidates ['money'] on every expense or settlement event, and so do the changes made here,
 * so balances, transfers, payments and reports refresh together.
 */
export const moneyKeys = {
  all: ['money'] as const,
  myBalances: ['money', 'balances', 'mine'] as const,
  groupBalances: (groupId: number) => ['money', 'balances', groupId] as const,
  summary: (groupId: number) => ['money', 'summary', groupId] as const,
  settlements: (groupId: number) => ['money', 'settlements', groupId] as const,
  report: ({ groupId, from, to }: ReportRange) =>
    ['money', 'report', groupId ?? 'mine', from ?? '', to ?? ''] as const,
};

// ---------------------------------------------------------------------------------------------
// Queries

/** GET /balances: my balance with each person, per group, and my net position in each group. */
export const myBalancesQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: moneyKeys.myBalances,
    queryFn: ({ signal }) => api.get(moneyApiPaths.myBalances, { schema: ZMyBalances, signal }),
  });

/** GET /balances/{groupId}: every member's net position, and anyone who left with a balance. */
export const groupBalancesQueryOptions = (api: ApiClient, groupId: number) =>
  queryOptions({
    queryKey: moneyKeys.groupBalances(groupId),
    queryFn: ({ signal }) =>
      api.get(moneyApiPaths.groupBalances(groupId), { schema: ZGroupBalances, signal }),
  });

/** GET /costs/groups/{id}/balance-summary: the positions and the suggested transfers. */
export const balanceSummaryQueryOptions = (api: ApiClient, groupId: number) =>
  queryOptions({
    queryKey: moneyKeys.summary(groupId),
    queryFn: ({ signal }) =>
      api.get(moneyApiPaths.balanceSummary(groupId), { schema: ZBalanceSummary, signal }),
  });

/** GET /settlements?group_id=: the group's payments, newest first; `next_cursor` pages back. */
export const settlementsQueryOptions = (api: ApiClient, groupId: number) =>
  infiniteQueryOptions({
    queryKey: moneyKeys.settlements(groupId),
    queryFn: ({ pageParam, signal }) =>
      api.get(moneyApiPaths.settlements, {
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
      api.get(moneyApiPaths.reports, {
        query: { group_id: range.groupId, from: range.from, to: range.to },
        schema: ZReport,
        signal,
      }),
    // A new date range keeps the last figures on screen until its own arrive.
    placeholderData: keepPreviousData,
  });

// ---------------------------------------------------------------------------------------------
// Changes: each refreshes everything under ['money']

function useRefreshMoney() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: moneyKeys.all });
}

/** A key for one deliberate change; `randomUUID` exists only on https and localhost. */
export const newIdempotencyKey = () =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;

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
      api.post(moneyApiPaths.settlements, {
        json: body,
        schema: ZSettlement,
        headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined,
      }),
    onSuccess: refresh,
  });
}

/** PATCH /settlements/{id} with the version it was read at; a stale one answers 409. */
export function useUpdateSettlement() {
  const api = useApi();
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateSettlementBody }) =>
      api.patch(moneyApiPaths.settlement(id), { json: body, schema: ZSettlement }),
    onSettled: refresh,
  });
}

/** DELETE /settlements/{id}?version=; a stale version answers 409. */
export function useDeleteSettlement() {
  const api = useApi();
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) =>
      api.delete(moneyApiPaths.settlement(id), { query: { version } }),
    onSettled: refresh,
  });
}

/** POST /groups/{id}/expenses/import: a dry run previews, a real run imports. */
export function useSplitwiseImport(groupId: number) {
  const api = useApi();
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: (body: SplitwiseImportBody) =>
      api.post(moneyApiPaths.groupImport(groupId), { json: body, schema: ZSplitwiseImportResult }),
    onSuccess: (result) => {
      if (result.imported) void refresh();
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Downloads: through the API client, so the bearer token goes along

/** Saves text as a file the browser downloads. */
export function saveTextFile(text: string, filename: string, type = 'text/csv') {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const asText = (body: unknown) => (typeof body === 'string' ? body : '');

/** GET /reports?format=csv for the range, saved as a file. */
export async function downloadReportCsv(api: ApiClient, range: ReportRange) {
  const body = await api.get<unknown>(moneyApiPaths.reports, {
    query: { group_id: range.groupId, from: range.from, to: range.to, format: 'csv' },
  });
  const parts = ['report', range.groupId === null ? 'mine' : `group-${range.groupId}`];
  if (range.from) parts.push(`from-${range.from}`);
  if (range.to) parts.push(`to-${range.to}`);
  saveTextFile(asText(body), `${parts.join('-')}.csv`);
}

/** GET /groups/{id}/expenses/export: the group's expenses and payments in Splitwise's layout. */
export async function downloadGroupExport(api: ApiClient, groupId: number) {
  const body = await api.get<unknown>(moneyApiPaths.groupExport(groupId));
  saveTextFile(asText(body), `group-${groupId}-expenses.csv`);
}
