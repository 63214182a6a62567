import type {
  Notification as AppNotification,
  NotificationDelivery,
  NotificationPage,
  PushDevices,
  PushSubscriptionBody,
  UpdateNotificationDelivery,
} from '@household/contracts';
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api-client';
import { useApi } from '../../lib/api-context';
import { apiPaths } from '../../paths';
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

/**
 * Marks the cached notifications that `matches` picks as read, and lowers the bell's count by as
 * many, so the screen answers at once; the refetch after the request puts the server's truth back.
 */
function markReadInCache(
  queryClient: QueryClient,
  matches: (notification: AppNotification) => boolean,
  everything: boolean,
) {
  const readAt = new Date().toISOString();
  let marked = 0;
  queryClient.setQueryData<InfiniteData<NotificationPage, number | null>>(
    notificationKeys.list,
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.map((item) => {
            if (item.read_at !== null || !matches(item)) return item;
            marked += 1;
            return { ...item, read_at: readAt };
          }),
        })),
      },
  );
  queryClient.setQueryData<NotificationPage>(
    notificationKeys.summary,
    (page) =>
      page && {
        ...page,
        unread_count: everything ? 0 : Math.max(0, page.unread_count - marked),
      },
  );
}

/** POST /notifications/{id}/read. */
export function useMarkNotificationRead() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(apiPaths.notificationRead(id)),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.all });
      markReadInCache(queryClient, (notification) => notification.id === id, false);
    },
    onSettled: () => refreshNotifications(queryClient),
  });
}

/** POST /notifications/read-all. */
export function useMarkAllNotificationsRead() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(apiPaths.notificationsReadAll),
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.all });
      markReadInCache(queryClient, () => true, true);
    },
    onSettled: () => refreshNotifications(queryClient),
  });
}

/** GET /notifications/settings: which kinds, the reminder time, the time zone, the email digest. */
export const deliveryQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: notificationKeys.settings,
    queryFn: ({ signal }) =>
      api.get(apiPaths.notificationSettings, { schema: (c) => c.ZNotificationDelivery, signal }),
  });

/** PUT /notifications/settings answers with the whole settings, which replace the cached ones. */
export function useUpdateDelivery() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateNotificationDelivery) =>
      api.put(apiPaths.notificationSettings, {
        json: body,
        schema: (c) => c.ZNotificationDelivery,
      }),
    onSuccess: (saved: NotificationDelivery) =>
      queryClient.setQueryData(notificationKeys.settings, saved),
  });
}

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

/** POST /push/subscriptions: the same endpoint again updates its device instead of adding one. */
export function useAddPushDevice() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PushSubscriptionBody) =>
      api.post(apiPaths.pushSubscriptions, { json: body, schema: (c) => c.ZPushDevice }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.devicesAll }),
  });
}

/** DELETE /push/subscriptions/{id}; the device leaves every cached list at once. */
export function useRemovePushDevice() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(apiPaths.pushSubscription(id)),
    onSuccess: (_answer, id) =>
      queryClient.setQueriesData<PushDevices>({ queryKey: notificationKeys.devicesAll }, (list) =>
        list ? { items: list.items.filter((device) => device.id !== id) } : list,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.devicesAll }),
  });
}

/**
 * POST /notifications/unsubscribe: the token in the mailed link speaks for its account, whoever is
 * signed in on this browser, so no session token is sent and none is refreshed.
 */
export function useUnsubscribeEmail() {
  const api = useApi();
  return useMutation({
    mutationFn: (token: string) =>
      api.post(apiPaths.unsubscribe, {
        json: { token },
        accessToken: '',
        schema: (c) => c.ZUnsubscribeResult,
      }),
  });
}
