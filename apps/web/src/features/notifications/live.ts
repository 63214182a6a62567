import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeConnected, useRealtimeEvents } from '../../lib/realtime-context';
import { refreshNotifications } from './api/queries';

/**
 * A new notification reaches the bell at once: the server sends a `notification` event to the
 * user's open tabs (docs/realtime.md), and the count and the open centre refetch. Whenever a
 * connection is ready they refetch too, the tab's first connection included: a notification made
 * after the count was read but before the socket was ready sent its event to nobody (a small read,
 * unlike a page's, so it is worth it on every load). Coming back to the tab refetches by TanStack
 * Query's own rule (stale data on window focus).
 */
export function useNotificationsLive() {
  const queryClient = useQueryClient();
  useRealtimeEvents((event) => {
    if (event.entity === 'notification') void refreshNotifications(queryClient);
  });
  useRealtimeConnected(() => void refreshNotifications(queryClient));
}
