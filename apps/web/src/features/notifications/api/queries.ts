import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { isApiError, type ApiClient } from '../../../lib/api-client';
import { apiPaths } from './paths';
import { notificationKeys } from './keys';

// The bell sits in the main layout, so its calls use contract picks: zod arrives with the first
// answer instead of with the layout's code (docs/decisions.md "First load").

/** The notification centre shows this many at a time; "Show more" fetches the next ones. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** GET /notifications?limit=1: the newest one is not shown, only the unread count is. */
export const unreadCountQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: notificationKeys.summary,
    queryFn: ({ signal }) =>
      api.get(apiPaths.notificationsList, {
        query: { limit: 1 },
        schema: (c) => c.ZNotificationPage,
        signal,
      }),
    select: (page) => page.unread_count,
  });

/** GET /notifications, newest first, a page at a time (`before` the last id shown). */
export const notificationsQueryOptions = (api: ApiClient) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list,
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) =>
      api.get(apiPaths.notificationsList, {
        query: { limit: NOTIFICATIONS_PAGE_SIZE, before: pageParam },
        schema: (c) => c.ZNotificationPage,
        signal,
      }),
    getNextPageParam: (page) => page.next_before,
  });

export const refreshNotifications = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: notificationKeys.all });

/** GET /notifications/settings: which kinds, the reminder time, the time zone, the email digest. */
export const deliveryQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: notificationKeys.settings,
    queryFn: ({ signal }) =>
      api.get(apiPaths.notificationSettings, { schema: (c) => c.ZNotificationDelivery, signal }),
  });

/** GET /push/public-key: the server's VAPID key, for `pushManager.subscribe`. */
export const fetchPushPublicKey = (api: ApiClient) =>
  api
    .get(apiPaths.pushPublicKey, { schema: (c) => c.ZPushPublicKey })
    .then((key) => key.public_key);

/** GET /push/subscriptions, with this browser's endpoint so that its device is marked `current`. */
export const pushDevicesQueryOptions = (api: ApiClient, endpoint: string | null) =>
  queryOptions({
    queryKey: notificationKeys.devices(endpoint),
    queryFn: ({ signal }) =>
      api.get(apiPaths.pushSubscriptions, {
        query: { endpoint },
        schema: (c) => c.ZPushDevices,
        signal,
      }),
  });

/** GET /notifications/deliveries: per channel, set up or not, and its last delivery. */
export const channelStatesQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: notificationKeys.channels,
    queryFn: ({ signal }) =>
      api.get(apiPaths.deliveries, { schema: (c) => c.ZChannelStates, signal }),
  });

/** GET /notifications/webhook: the saved webhook, or null when none is set up (404). */
export const webhookQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: notificationKeys.webhook,
    queryFn: async ({ signal }) => {
      try {
        return await api.get(apiPaths.webhook, { schema: (c) => c.ZWebhook, signal });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });
