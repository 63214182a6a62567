import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { groups } from './groups';
import { createdAt, updatedAt } from './types';
import { users } from './users';

/*
 * Notifications (docs/notifications.md): what a person is told, how it reaches them, and what the
 * scheduler has already done so that no run sends anything twice.
 */

/** One thing to tell one person: shown in the app, pushed and mailed as their settings say. */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** contracts NOTIFICATION_KINDS. */
    kind: text('kind').notNull(),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    /** What a burst merges on, e.g. `list:12`; null when nothing merges into it. */
    subject: text('subject'),
    data: jsonb('data').$type<Record<string, string | number>>().notNull().default({}),
    link: text('link').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Null until the realtime event for this (or its latest merge) went out. */
    announcedAt: timestamp('announced_at', { withTimezone: true }),
    /** Push and instant mail wait until then: a burst of list changes settles first. */
    deliverAfter: timestamp('deliver_after', { withTimezone: true }).notNull().defaultNow(),
    /** Claimed for push and instant mail; set once, so no process delivers it twice. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Mailed, alone or in a digest. */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    index('notifications_unannounced_idx')
      .on(t.id)
      .where(sql`${t.announcedAt} is null`),
    index('notifications_undelivered_idx')
      .on(t.deliverAfter)
      .where(sql`${t.deliveredAt} is null`),
    index('notifications_merge_idx')
      .on(t.userId, t.subject)
      .where(sql`${t.readAt} is null and ${t.subject} is not null`),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;

/** A browser's Web Push subscription; the endpoint is the push service's address for it. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    label: text('label').notNull().default(''),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** How and when notifications reach a person; no row means the defaults. */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Kinds switched off or on; a kind not named here is on. */
  kinds: jsonb('kinds').$type<Record<string, boolean>>().notNull().default({}),
  /** "HH:MM" in `time_zone`. */
  reminderTime: text('reminder_time').notNull().default('08:00'),
  /** Null until the first save: the profile's time zone applies. */
  timeZone: text('time_zone'),
  /** daily | instant. */
  emailDigest: text('email_digest').notNull().default('daily'),
  /** "HH:MM" in `time_zone`; push, mail and webhook wait until the end (null: no quiet hours). */
  quietHoursStart: text('quiet_hours_start'),
  quietHoursEnd: text('quiet_hours_end'),
  updatedAt: updatedAt(),
});
export type NotificationSettingsRow = typeof notificationSettings.$inferSelect;

/**
 * What a scheduled job has done for whom on which local day (a chore's reminder, a digest): the
 * unique key makes overlapping runs, on one process or several, do it once.
 */
export const notificationRuns = pgTable(
  'notification_runs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** e.g. `chore_due`, `chore_overdue`, `digest`. */
    kind: text('kind').notNull(),
    /** e.g. `chore:5`, `assignment:9`; `-` for a digest. */
    subject: text('subject').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notification_runs_once').on(t.userId, t.kind, t.subject, t.day),
    index('notification_runs_day_idx').on(t.day),
  ],
);

/** A person's webhook (issue 27 §4): notifications POSTed to their URL, signed with their secret. */
export const notificationWebhooks = pgTable('notification_webhooks', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  /** HMAC-SHA256 key of the `X-Household-Signature` header; the API never shows it again. */
  secret: text('secret').notNull(),
  /** contracts WEBHOOK_FORMATS. */
  format: text('format').notNull().default('json'),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
export type NotificationWebhookRow = typeof notificationWebhooks.$inferSelect;

/**
 * Every attempt to reach a person on a channel other than in-app, and its outcome: the account
 * page shows the last one per channel, and a failed one is tried again with back-off until it is
 * sent or given up (`failed`), never dropped silently.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null for a test. */
    notificationId: integer('notification_id').references(() => notifications.id, {
      onDelete: 'cascade',
    }),
    /** contracts NOTIFICATION_CHANNELS. */
    channel: text('channel').notNull(),
    isTest: boolean('is_test').notNull().default(false),
    /** contracts DELIVERY_STATUSES. */
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(1),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notification_deliveries_user_channel_idx').on(t.userId, t.channel, t.id),
    index('notification_deliveries_retry_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'retrying'`),
  ],
);
export type NotificationDeliveryRow = typeof notificationDeliveries.$inferSelect;
