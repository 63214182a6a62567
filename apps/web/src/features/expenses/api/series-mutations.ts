import {
  ZExpenseSeries,
  type CreateExpenseSeriesBody,
  type ExpenseSeries,
  type UpdateExpenseSeriesBody,
} from '@household/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import { refreshMoney } from './mutations';
import { apiPaths } from './paths';

// A series change can make, stop or skip expenses (a new series makes today's at once), so every
// change refreshes everything under ['money'], the recurring bills with the expenses and balances.

/**
 * POST /expense-series: a recurring bill. `idempotencyKey` makes a retried tap (a lost answer)
 * create the series once.
 */
export function useCreateSeries() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      body,
      idempotencyKey,
    }: {
      body: CreateExpenseSeriesBody;
      idempotencyKey: string;
    }) =>
      api.post(apiPaths.expenseSeries, {
        json: body,
        headers: { 'Idempotency-Key': idempotencyKey },
        schema: ZExpenseSeries,
      }),
    onSuccess: () => void refreshMoney(queryClient),
  });
}

/**
 * PATCH /expense-series/{id} with the version the person saw: the next occurrences change (with
 * `from_date`, that date's expense too); a stale version answers 409 `conflict`.
 */
export function useUpdateSeries() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateExpenseSeriesBody }) =>
      api.patch(apiPaths.oneSeries(id), { json: body, schema: ZExpenseSeries }),
    // A stale version also refreshes, so what is shown is the latest.
    onSettled: () => void refreshMoney(queryClient),
  });
}

export type SeriesAction =
  | { kind: 'pause' | 'resume' | 'end' }
  /** The occurrence of `date` is not made. */
  | { kind: 'skip'; date: string };

/** POST /expense-series/{id}/pause, /resume, /end or /skip, at the version it was read at. */
export function useSeriesAction() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      series,
      action,
    }: {
      series: Pick<ExpenseSeries, 'id' | 'version'>;
      action: SeriesAction;
    }) =>
      api.post(apiPaths.seriesAction(series.id, action.kind), {
        json:
          action.kind === 'skip'
            ? { version: series.version, date: action.date }
            : { version: series.version },
      }),
    onSettled: () => void refreshMoney(queryClient),
  });
}

/**
 * PUT /expense-series/{id}/occurrences/{date}: the amount of a variable bill's waiting occurrence;
 * its expense is made and only then counts in the balances.
 */
export function useFillOccurrence() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      seriesId,
      date,
      amountCents,
    }: {
      seriesId: number;
      date: string;
      amountCents: number;
    }) =>
      api.put(apiPaths.seriesOccurrence(seriesId, date), { json: { amount_cents: amountCents } }),
    onSettled: () => void refreshMoney(queryClient),
  });
}
