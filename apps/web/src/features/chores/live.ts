import type { RealtimeEvent } from '@household/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvents, useRealtimeResync } from '../../lib/realtime-context';
import { choreKeys } from './api/keys';

export const isChoreEvent = (event: RealtimeEvent) =>
  event.entity === 'chore' ||
  event.entity === 'assignment' ||
  event.entity === 'away_period' ||
  event.entity === 'chore_swap';

/**
 * A housemate's chore change shows on every open chores screen within a moment: every answer under
 * ['chores'] is refetched (docs/realtime.md). After a reconnect the same happens, since changes
 * made meanwhile were not reported.
 */
export function useChoresLive() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: choreKeys.all });
  useRealtimeEvents((event) => {
    if (isChoreEvent(event)) refresh();
  });
  useRealtimeResync(refresh);
}
