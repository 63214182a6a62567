type Id = number | string;

/** The endpoints of notifications and push devices, relative to `${api_url}/api/v1`. */
export const apiPaths = {
  /** The in-app notifications (the spec §3 preferences are the account's). */
  notificationsList: '/notifications',
  notificationRead: (id: Id) => `/notifications/${id}/read`,
  notificationsReadAll: '/notifications/read-all',
  notificationSettings: '/notifications/settings',
  unsubscribe: '/notifications/unsubscribe',
  webhook: '/notifications/webhook',
  channelTest: '/notifications/test',
  deliveries: '/notifications/deliveries',
  pushPublicKey: '/push/public-key',
  pushSubscriptions: '/push/subscriptions',
  pushSubscription: (id: Id) => `/push/subscriptions/${id}`,
} as const;
