import type { RealtimeEvent } from '@household/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvents, useRealtimeResync } from '../../lib/realtime-context';
import { moneyKeys } from './api/keys';

/**
 * `expense` and `settlement` events change what expenses, totals and balances show;
 * `exchange_rate` the rates a group's expense form proposes; `expense_series` its recurring bills; a group's `updated` event may be a
 * change of its units or weights, which changes the suggested transfers.
 */
export const isMoneyEvent = (event: RealtimeEvent) =>
  event.entity === 'expense' ||
  event.entity === 'settlement' ||
  event.entity === 'exchange_rate' ||
  event.entity === 'expense_series' ||
  (event.entity === 'group' && event.action === 'updated');

/**
 * Someone else's expense or payment shows on every open expense page, recent-expenses section and
 * balance within a moment: every answer under ['money'] is refetched (docs/realtime.md). After a
 * reconnect the same happens, since changes made meanwhile were not reported.
 */
export function useMoneyLive() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: moneyKeys.all });
  useRealtimeEvents((event) => {
    if (isMoneyEvent(event)) refresh();
  });
  useRealtimeResync(refresh);
}
