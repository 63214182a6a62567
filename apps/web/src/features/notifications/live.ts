import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvents, useRealtimeResync } from '../../lib/realtime-context';
import { refreshNotifications } from './api/queries';

/**
 * A new notification reaches the bell at once: the server sends a `notification` event to the
 * user's open tabs (docs/realtime.md), and the count and the open centre refetch. After a
 * reconnect they refetch too, since events sent meanwhile were missed; coming back to the tab
 * refetches by TanStack Query's own rule (stale data on window focus).
 */
export function useNotificationsLive() {
  const queryClient = useQueryClient();
  useRealtimeEvents((event) => {
    if (event.entity === 'notification') void refreshNotifications(queryClient);
  });
  useRealtimeResync(() => void refreshNotifications(queryClient));
}
