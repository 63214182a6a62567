import { z } from './zod';
import { ZTimeZone } from './common';
import { ZIdParam, zLine } from './text';
import { zCurrentPassword } from './users';

/**
 * Notifications (issue 13 §2, docs/notifications.md): in-app, Web Push and email. The spec §3
 * preferences (`/users/notifications`) still govern on top of the per-kind switches here.
 */
export const NOTIFICATION_KINDS = [
  'chore_due',
  'chore_overdue',
  'chore_assigned',
  'list_changes',
  'expense_added',
  'settlement_received',
  'invitation',
  'sign_in_attempts',
  /** A variable recurring bill's occurrence waits for its amount (issue 26 §1), told to its payer. */
  'bill_amount_needed',
  /** Someone asks me to take their chore turn (issue 27 §3). */
  'chore_swap_requested',
  /** My request to take my turn was accepted or declined (`data.answer`). */
  'chore_swap_answered',
  /** "Send a test" on the in-app channel (issue 27 §4): told to the person who asked for it. */
  'channel_test',
] as const;
export const ZNotificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof ZNotificationKind>;

/**
 * The ways a notification reaches a person (issue 27 §4, docs/notifications.md "Channels"): each
 * has a "send a test" and a record of its last delivery.
 */
export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'push', 'webhook'] as const;
export const ZNotificationChannel = z.enum(NOTIFICATION_CHANNELS);
export type NotificationChannel = z.infer<typeof ZNotificationChannel>;

/** What a webhook's body looks like: the app's own signed JSON, or what ntfy or Gotify read. */
export const WEBHOOK_FORMATS = ['json', 'ntfy', 'gotify'] as const;
export const ZWebhookFormat = z.enum(WEBHOOK_FORMATS);
export type WebhookFormat = z.infer<typeof ZWebhookFormat>;

/** A delivery's outcome: sent, waiting for its next try (after a failure), or given up. */
export const DELIVERY_STATUSES = ['sent', 'retrying', 'failed'] as const;
export const ZDeliveryStatus = z.enum(DELIVERY_STATUSES);
export type DeliveryStatus = z.infer<typeof ZDeliveryStatus>;

export const NOTIFICATION_PAGE_DEFAULT = 30;
export const NOTIFICATION_PAGE_MAX = 100;
/** A `list_changes` notification names at most this many items (and gives the full count). */
export const NOTIFICATION_ITEM_NAMES_MAX = 5;
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;
export const PUSH_LABEL_MAX_LENGTH = 100;
export const UNSUBSCRIBE_TOKEN_MAX_LENGTH = 256;
export const DEFAULT_REMINDER_TIME = '08:00';
export const EMAIL_DIGESTS = ['daily', 'instant'] as const;
export type EmailDigest = (typeof EMAIL_DIGESTS)[number];

export const ZNotification = z.object({
  id: z.number().int(),
  kind: ZNotificationKind,
  group_id: z.number().int().nullable(),
  /**
   * The parameters the texts need, e.g. chore_name, due_date, list_name, count, item_names
   * (joined by ", "), expense_description, amount_cents, currency, payer_name, actor_name,
   * group_name. Which keys are present depends on the kind.
   */
  data: z.record(z.string(), z.union([z.string(), z.number()])),
  /** A web path to open, e.g. `/lists/12`. */
  link: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof ZNotification>;

/** GET /notifications: newest first; pass `next_before` back as `before` for the next page. */
export const ZNotificationsQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(NOTIFICATION_PAGE_MAX)
    .default(NOTIFICATION_PAGE_DEFAULT),
  /** A notification id: only older ones (smaller ids) are listed. */
  before: ZIdParam.optional(),
});
export type NotificationsQuery = z.input<typeof ZNotificationsQuery>;

export const ZNotificationPage = z.object({
  items: z.array(ZNotification),
  unread_count: z.number().int(),
  next_before: z.number().int().nullable(),
});
export type NotificationPage = z.infer<typeof ZNotificationPage>;

/** "HH:MM", 24 h. */
export const ZReminderTime = z
  .string()
  .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'Reminder time must be HH:MM (24 h)');

export const ZNotificationKinds = z.object({
  chore_due: z.boolean(),
  chore_overdue: z.boolean(),
  chore_assigned: z.boolean(),
  list_changes: z.boolean(),
  expense_added: z.boolean(),
  settlement_received: z.boolean(),
  invitation: z.boolean(),
  sign_in_attempts: z.boolean(),
  bill_amount_needed: z.boolean(),
  chore_swap_requested: z.boolean(),
  chore_swap_answered: z.boolean(),
});
export type NotificationKinds = z.infer<typeof ZNotificationKinds>;

/** GET/PUT /notifications/settings: how and when notifications reach me. */
export const ZNotificationDelivery = z.object({
  kinds: ZNotificationKinds,
  /** In `time_zone`; chore reminders and the daily digest go out at this time. */
  reminder_time: ZReminderTime,
  /** IANA zone; "UTC" until the first save sends the browser's zone. */
  time_zone: z.string(),
  email_digest: z.enum(EMAIL_DIGESTS),
  /** "HH:MM" in `time_zone`, or null: push, mail and webhook wait until the end (may wrap midnight). */
  quiet_hours_start: ZReminderTime.nullable(),
  quiet_hours_end: ZReminderTime.nullable(),
});
export type NotificationDelivery = z.infer<typeof ZNotificationDelivery>;

/** PUT /notifications/settings: any part; `kinds` may name only some kinds. */
export const ZUpdateNotificationDelivery = z
  .strictObject({
    kinds: ZNotificationKinds.partial().strict().optional(),
    reminder_time: ZReminderTime.optional(),
    time_zone: ZTimeZone.optional(),
    email_digest: z.enum(EMAIL_DIGESTS).optional(),
    /** Both or neither; null for both turns quiet hours off. */
    quiet_hours_start: ZReminderTime.nullable().optional(),
    quiet_hours_end: ZReminderTime.nullable().optional(),
  })
  .superRefine((body, check) => {
    const start = body.quiet_hours_start;
    const end = body.quiet_hours_end;
    if (start === undefined && end === undefined) return;
    if ((start ?? null) === null && (end ?? null) === null) {
      if (start === undefined || end === undefined) {
        check.addIssue({
          code: 'custom',
          path: [start === undefined ? 'quiet_hours_start' : 'quiet_hours_end'],
          message: 'Quiet hours need a start and an end',
        });
      }
      return;
    }
    if (start == null || end == null) {
      check.addIssue({
        code: 'custom',
        path: [start == null ? 'quiet_hours_start' : 'quiet_hours_end'],
        message: 'Quiet hours need a start and an end',
      });
    } else if (start === end) {
      check.addIssue({
        code: 'custom',
        path: ['quiet_hours_end'],
        message: 'Quiet hours must end at another time than they start',
      });
    }
  });
export type UpdateNotificationDelivery = z.input<typeof ZUpdateNotificationDelivery>;

/** GET /push/public-key: the server's VAPID public key, base64url, for `applicationServerKey`. */
export const ZPushPublicKey = z.object({ public_key: z.string() });
export type PushPublicKey = z.infer<typeof ZPushPublicKey>;

/** Decoded byte length of unpadded/padded base64url text, or -1 when it is not base64url. */
function base64UrlBytes(text: string): number {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(text)) return -1;
  const bare = text.replace(/=+$/, '');
  if (bare.length % 4 === 1) return -1;
  return Math.floor((bare.length * 3) / 4);
}

/** A base64url key of exactly `bytes` bytes once decoded. */
function zBase64UrlKey(name: string, bytes: number) {
  return z
    .string()
    .max(200)
    .refine((text) => base64UrlBytes(text) !== -1, {
      message: `${name} must be base64url`,
      abort: true,
    })
    .refine((text) => base64UrlBytes(text) === bytes, {
      message: `${name} must be ${bytes} bytes`,
    });
}

/**
 * POST /push/subscriptions: what `PushSubscription.toJSON()` gives, plus a label. The endpoint
 * must be https; the server alone may accept http for a loopback test endpoint (docs).
 */
export const ZPushSubscriptionBody = z.object({
  endpoint: z
    .string()
    .max(
      PUSH_ENDPOINT_MAX_LENGTH,
      `Endpoint must be at most ${PUSH_ENDPOINT_MAX_LENGTH} characters`,
    )
    .refine(
      (text) => {
        try {
          const url = new URL(text);
          return url.protocol === 'https:' || url.protocol === 'http:';
        } catch {
          return false;
        }
      },
      { message: 'Endpoint must be an https URL' },
    ),
  keys: z.object({
    /** The browser's P-256 public key: 65 bytes. */
    p256dh: zBase64UrlKey('keys.p256dh', 65),
    /** The shared auth secret: 16 bytes. */
    auth: zBase64UrlKey('keys.auth', 16),
  }),
  label: zLine().trim().max(PUSH_LABEL_MAX_LENGTH).optional(),
  /** Browsers include this in `toJSON()`; accepted and ignored. */
  expirationTime: z.number().nullable().optional(),
  /** Needed unless the session's login is fresh: a device receives my notifications for good. */
  current_password: zCurrentPassword().optional(),
});
export type PushSubscriptionBody = z.input<typeof ZPushSubscriptionBody>;

export const ZPushDevice = z.object({
  id: z.number().int(),
  label: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** This browser's subscription: its endpoint equals the `endpoint` query parameter. */
  current: z.boolean(),
});
export type PushDevice = z.infer<typeof ZPushDevice>;

export const ZPushDevicesQuery = z.object({
  endpoint: z.string().max(PUSH_ENDPOINT_MAX_LENGTH).optional(),
});
export type PushDevicesQuery = z.input<typeof ZPushDevicesQuery>;

export const ZPushDevices = z.object({ items: z.array(ZPushDevice) });
export type PushDevices = z.infer<typeof ZPushDevices>;

/** POST /notifications/unsubscribe: body `{ token }`, or `?token=` for one-click (RFC 8058). */
export const ZUnsubscribeBody = z.object({
  token: z.string().min(1).max(UNSUBSCRIBE_TOKEN_MAX_LENGTH),
});
export type UnsubscribeBody = z.input<typeof ZUnsubscribeBody>;
export const ZUnsubscribeQuery = z.object({
  token: z.string().max(UNSUBSCRIBE_TOKEN_MAX_LENGTH).optional(),
});
export const ZUnsubscribeResult = z.object({ email_notifications: z.literal(false) });
export type UnsubscribeResult = z.infer<typeof ZUnsubscribeResult>;

/**
 * What a Web Push message carries (encrypted) to the service worker: the texts in the recipient's
 * language, ready to show, and where a click leads.
 */
export const ZPushPayload = z.object({
  notification_id: z.number().int(),
  kind: ZNotificationKind,
  title: z.string(),
  body: z.string(),
  /** A web path, e.g. `/lists/12`. */
  link: z.string(),
  /** Replaces an earlier message with the same tag (a burst of list changes). */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof ZPushPayload>;

export const WEBHOOK_URL_MAX_LENGTH = 2048;
export const WEBHOOK_SECRET_MIN_LENGTH = 16;
export const WEBHOOK_SECRET_MAX_LENGTH = 256;

/**
 * PUT /notifications/webhook: where a person's notifications are POSTed. Without `secret`, the
 * first save generates one (answered once) and later saves keep the stored one.
 */
export const ZWebhookBody = z.strictObject({
  url: z
    .string()
    .trim()
    .max(WEBHOOK_URL_MAX_LENGTH, `URL must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`)
    .refine(
      (text) => {
        try {
          const url = new URL(text);
          return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
        } catch {
          return false;
        }
      },
      { message: 'URL must be an http or https address' },
    ),
  format: ZWebhookFormat.default('json'),
  secret: zLine()
    .min(
      WEBHOOK_SECRET_MIN_LENGTH,
      `Secret must be at least ${WEBHOOK_SECRET_MIN_LENGTH} characters`,
    )
    .max(WEBHOOK_SECRET_MAX_LENGTH)
    .optional(),
  enabled: z.boolean().default(true),
});
export type WebhookBody = z.input<typeof ZWebhookBody>;

export const ZWebhook = z.object({
  url: z.string(),
  format: ZWebhookFormat,
  enabled: z.boolean(),
  /** The secret's last characters behind dots, e.g. `••••a1b2`. */
  secret_hint: z.string(),
  /** The secret itself, only in the answer of the save that generated it; null afterwards. */
  secret: z.string().nullable(),
  updated_at: z.string(),
});
export type Webhook = z.infer<typeof ZWebhook>;

/** One attempt (and its retries) to reach a person on a channel. */
export const ZDelivery = z.object({
  id: z.number().int().nullable(),
  channel: ZNotificationChannel,
  status: ZDeliveryStatus,
  is_test: z.boolean(),
  attempts: z.number().int(),
  last_attempt_at: z.string(),
  /** While `retrying`: when it is tried again. */
  next_attempt_at: z.string().nullable(),
  /** Why the last attempt failed, e.g. "connection refused" or "HTTP 500". */
  error: z.string().nullable(),
});
export type Delivery = z.infer<typeof ZDelivery>;

/** GET /notifications/deliveries: per channel, whether it is set up and its last delivery. */
export const ZChannelStates = z.object({
  items: z.array(
    z.object({
      channel: ZNotificationChannel,
      /** in_app always; email with an address and email on; push with a device; webhook when saved and enabled. */
      configured: z.boolean(),
      last: ZDelivery.nullable(),
    }),
  ),
});
export type ChannelStates = z.infer<typeof ZChannelStates>;

/** POST /notifications/test: send a test on one channel now; the answer is its delivery. */
export const ZChannelTestBody = z.strictObject({ channel: ZNotificationChannel });
export type ChannelTestBody = z.input<typeof ZChannelTestBody>;
