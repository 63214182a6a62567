/**
 * The bell's count and the notification centre's pages live under ['notifications']: a realtime
 * `notification` event, a connection ready or a mark-read refreshes both with one invalidation. The
 * delivery settings and the push devices have roots of their own, so those refreshes leave them be.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  summary: ['notifications', 'summary'] as const,
  list: ['notifications', 'list'] as const,
  settings: ['notification-settings'] as const,
  channels: ['notification-channels'] as const,
  webhook: ['notification-channels', 'webhook'] as const,
  publicKey: ['push', 'public-key'] as const,
  devices: (endpoint: string | null) => ['push', 'devices', endpoint] as const,
  devicesAll: ['push', 'devices'] as const,
};
