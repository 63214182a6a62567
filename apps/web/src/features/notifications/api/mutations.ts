import type {
  Notification as AppNotification,
  NotificationChannel,
  NotificationDelivery,
  NotificationPage,
  PushDevices,
  PushSubscriptionBody,
  UpdateNotificationDelivery,
  Webhook,
  WebhookBody,
} from '@household/contracts';
import {
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import { apiPaths } from './paths';
import { notificationKeys } from './keys';
import { refreshNotifications } from './queries';

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

/**
 * POST /push/subscriptions: the same endpoint again updates its device instead of adding one. The
 * body carries `current_password` only when the server asked for it (a login that is not fresh).
 */
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

/** POST /notifications/test: a test on one channel now; the answer is its delivery. */
export function useSendChannelTest() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channel: NotificationChannel) =>
      api.post(apiPaths.channelTest, { json: { channel }, schema: (c) => c.ZDelivery }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.channels }),
  });
}

/** PUT /notifications/webhook; the answer of the first save carries the generated secret once. */
export function useSaveWebhook() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookBody) =>
      api.put(apiPaths.webhook, { json: body, schema: (c) => c.ZWebhook }),
    onSuccess: (saved: Webhook) => {
      queryClient.setQueryData(notificationKeys.webhook, saved);
      return queryClient.invalidateQueries({ queryKey: notificationKeys.channels, exact: true });
    },
  });
}

/** DELETE /notifications/webhook; the form empties and the channel reads "Not set up" again. */
export function useRemoveWebhook() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(apiPaths.webhook),
    onSuccess: () => {
      queryClient.setQueryData(notificationKeys.webhook, null);
      return queryClient.invalidateQueries({ queryKey: notificationKeys.channels, exact: true });
    },
  });
}
