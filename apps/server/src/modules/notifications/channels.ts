import type {
  ChannelStates,
  Delivery,
  DeliveryStatus,
  NotificationChannel,
  NotificationKind,
  PushPayload,
} from '@household/contracts';
import { nextRetryAt, quietUntil } from '@household/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  notificationDeliveries,
  notificationWebhooks,
  notifications,
  pushSubscriptions,
  users,
  type NotificationDeliveryRow,
  type NotificationRow,
  type NotificationWebhookRow,
  type PushSubscriptionRow,
} from '../../db/schema';
import { validationFailed } from '../../http/problem';
import type { DeliveryDeps } from './deps';
import { notificationMail } from './notification-mail';
import { wantsEmail } from './preferences';
import { sendPush } from './push';
import { findRecipients, type Recipient } from './recipients';
import { localeOf, renderNotification } from './render';
import { buildWebhookRequest, postWebhook } from './webhook';

/*
 * Channels other than in-app (docs/notifications.md "Channels, tests and retries"): every mail,
 * push and webhook request leaves a `notification_deliveries` row with its outcome; a failure is
 * tried again with back-off (domain `nextRetryAt`) until it is sent or given up.
 */

type Outcome = { ok: true } | { ok: false; error: string };
type Sendable = Pick<NotificationRow, 'id' | 'kind' | 'data' | 'link' | 'subject' | 'updatedAt'>;

/** At most this many retries per pass; the next pass takes the rest. */
const RETRY_BATCH = 100;
/** A claimed retry that its process never finished is tried again after this long. */
const RETRY_LEASE_MS = 10 * 60_000;

export function zoneOf(person: Pick<Recipient, 'zone' | 'timezone'>): string {
  return person.zone ?? person.timezone ?? 'UTC';
}

/** The instant a delivery due at `at` may go out for this person (after their quiet hours). */
export function afterQuietHours(
  person: Pick<Recipient, 'zone' | 'timezone' | 'quietHoursStart' | 'quietHoursEnd'>,
  at: Date,
): Date {
  return quietUntil(at, person.quietHoursStart, person.quietHoursEnd, zoneOf(person));
}

function absoluteLink(deps: Pick<DeliveryDeps, 'config'>, link: string): string {
  return `${deps.config.publicAppUrl}${link}`;
}

async function pushToDevices(
  deps: DeliveryDeps,
  devices: Pick<PushSubscriptionRow, 'id' | 'endpoint' | 'p256dh' | 'auth'>[],
  payload: PushPayload,
): Promise<Outcome> {
  const failures: string[] = [];
  for (const device of devices) {
    let result: Awaited<ReturnType<typeof sendPush>>;
    try {
      result = await sendPush(device, payload, deps.vapid);
    } catch (error) {
      deps.log.warn({ err: error, subscription: device.id }, 'push could not be prepared');
      failures.push('the message could not be encrypted');
      continue;
    }
    if (result.outcome === 'gone') {
      // The push service forgot this browser (unsubscribed, expired): so do we.
      await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
    } else if (result.outcome === 'sent') {
      await deps.db
        .update(pushSubscriptions)
        .set({ lastUsedAt: sql`now()` })
        .where(eq(pushSubscriptions.id, device.id));
    } else {
      failures.push(result.error ?? 'request failed');
    }
  }
  if (failures.length === 0) return { ok: true };
  const error =
    devices.length === 1
      ? failures[0]!
      : `${failures.length} of ${devices.length} devices: ${failures[0]}`;
  return { ok: false, error };
}

function pushPayload(recipient: Pick<Recipient, 'locale'>, row: Sendable): PushPayload {
  const { title, body } = renderNotification(
    localeOf(recipient.locale),
    row.kind as NotificationKind,
    row.data,
  );
  return {
    notification_id: row.id,
    kind: row.kind as NotificationKind,
    title,
    body,
    link: row.link,
    tag: row.subject ? `n-${row.subject.replace(':', '-')}` : `n-${row.id}`,
  };
}

async function sendToWebhook(
  deps: DeliveryDeps,
  webhook: Pick<NotificationWebhookRow, 'url' | 'secret' | 'format'>,
  recipient: Pick<Recipient, 'locale'>,
  row: Sendable,
  now: Date,
): Promise<Outcome> {
  const { title, body } = renderNotification(
    localeOf(recipient.locale),
    row.kind as NotificationKind,
    row.data,
  );
  const request = buildWebhookRequest(
    webhook.format as 'json' | 'ntfy' | 'gotify',
    {
      id: row.id > 0 ? row.id : null,
      kind: row.kind,
      title,
      message: body,
      link: absoluteLink(deps, row.link),
      createdAt: row.updatedAt,
    },
    webhook.secret,
    now,
  );
  return postWebhook(webhook.url, request);
}

async function sendMail(
  deps: DeliveryDeps,
  recipient: Recipient & { email: string },
  row: Sendable,
): Promise<Outcome> {
  try {
    await deps.mailer.send(notificationMail(deps, recipient, [row]));
    return { ok: true };
  } catch (error) {
    deps.log.warn({ err: error, notification: row.id }, 'notification mail failed');
    return { ok: false, error: mailError(error) };
  }
}

function mailError(error: unknown): string {
  const text = error instanceof Error ? error.message : 'the mail server refused the mail';
  return text.slice(0, 300);
}

/** Status and next attempt after an attempt with this outcome (retries only for real deliveries). */
function afterAttempt(
  outcome: Outcome,
  attempts: number,
  now: Date,
  recipient: Parameters<typeof afterQuietHours>[0],
  retry: boolean,
): { status: DeliveryStatus; nextAttemptAt: Date | null; error: string | null } {
  if (outcome.ok) return { status: 'sent', nextAttemptAt: null, error: null };
  const next = retry ? nextRetryAt(attempts, now) : null;
  if (!next) return { status: 'failed', nextAttemptAt: null, error: outcome.error };
  return {
    status: 'retrying',
    nextAttemptAt: afterQuietHours(recipient, next),
    error: outcome.error,
  };
}

async function recordAttempt(
  db: DbOrTx,
  entry: {
    userId: number;
    notificationId: number | null;
    channel: NotificationChannel;
    isTest: boolean;
    outcome: Outcome;
    now: Date;
    recipient: Parameters<typeof afterQuietHours>[0];
  },
): Promise<NotificationDeliveryRow> {
  const state = afterAttempt(entry.outcome, 1, entry.now, entry.recipient, !entry.isTest);
  const [row] = await db
    .insert(notificationDeliveries)
    .values({
      userId: entry.userId,
      notificationId: entry.notificationId,
      channel: entry.channel,
      isTest: entry.isTest,
      attempts: 1,
      lastAttemptAt: entry.now,
      ...state,
    })
    .returning();
  return row!;
}

/** What the account holds for the channels, for a group of people at once. */
export async function channelSetups(db: DbOrTx, userIds: number[]) {
  if (userIds.length === 0)
    return { devices: [], webhooks: new Map<number, NotificationWebhookRow>() };
  const devices = await db
    .select()
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, userIds));
  const webhooks = new Map(
    (
      await db
        .select()
        .from(notificationWebhooks)
        .where(inArray(notificationWebhooks.userId, userIds))
    ).map((row) => [row.userId, row]),
  );
  return { devices, webhooks };
}

/**
 * One notification out on every channel the person has set up: push to their devices, a mail
 * when `mail` (instant mail), their webhook. Each channel's outcome is recorded.
 */
export async function sendOnChannels(
  deps: DeliveryDeps,
  options: {
    row: Sendable;
    recipient: Recipient;
    devices: PushSubscriptionRow[];
    webhook: NotificationWebhookRow | undefined;
    mail: boolean;
    now: Date;
  },
): Promise<void> {
  const { row, recipient, now } = options;
  const base = { userId: recipient.id, notificationId: row.id, isTest: false, now, recipient };
  if (options.devices.length > 0) {
    const outcome = await pushToDevices(deps, options.devices, pushPayload(recipient, row));
    await recordAttempt(deps.db, { ...base, channel: 'push', outcome });
  }
  if (options.mail && wantsEmail(recipient)) {
    const outcome = await sendMail(deps, recipient, row);
    await recordAttempt(deps.db, { ...base, channel: 'email', outcome });
  }
  if (options.webhook?.enabled) {
    const outcome = await sendToWebhook(deps, options.webhook, recipient, row, now);
    await recordAttempt(deps.db, { ...base, channel: 'webhook', outcome });
  }
}

/** A digest mail's outcome: recorded, not retried (the digest is not kept to send again). */
export async function recordDigest(
  deps: Pick<DeliveryDeps, 'db'>,
  userId: number,
  outcome: Outcome,
  now: Date,
): Promise<void> {
  await deps.db.insert(notificationDeliveries).values({
    userId,
    notificationId: null,
    channel: 'email',
    isTest: false,
    status: outcome.ok ? 'sent' : 'failed',
    attempts: 1,
    lastAttemptAt: now,
    error: outcome.ok ? null : outcome.error,
  });
}

export { mailError };

/**
 * Tries again the deliveries whose next attempt has come. Each is claimed by one UPDATE ... SKIP
 * LOCKED that moves its next attempt a lease ahead, so no two processes retry it at once, and a
 * process that dies midway leaves it to be retried after the lease.
 */
export async function retryDue(deps: DeliveryDeps, now: Date): Promise<number> {
  const lease = new Date(now.getTime() + RETRY_LEASE_MS);
  const claimed = await deps.db
    .update(notificationDeliveries)
    .set({ nextAttemptAt: lease })
    .where(
      inArray(
        notificationDeliveries.id,
        sql`(select ${notificationDeliveries.id} from ${notificationDeliveries}
             where ${notificationDeliveries.status} = 'retrying'
               and ${notificationDeliveries.nextAttemptAt} <= greatest(now(), ${now.toISOString()}::timestamptz)
             order by ${notificationDeliveries.nextAttemptAt}
             limit ${RETRY_BATCH} for update skip locked)`,
      ),
    )
    .returning();
  if (claimed.length === 0) return 0;
  const userIds = [...new Set(claimed.map((row) => row.userId))];
  const recipients = new Map(
    (await findRecipients(deps.db, inArray(users.id, userIds))).map((row) => [row.id, row]),
  );
  const { devices, webhooks } = await channelSetups(deps.db, userIds);
  const notificationIds = claimed.flatMap((row) => row.notificationId ?? []);
  const rows = new Map(
    (notificationIds.length === 0
      ? []
      : await deps.db.select().from(notifications).where(inArray(notifications.id, notificationIds))
    ).map((row) => [row.id, row]),
  );
  for (const delivery of claimed) {
    const recipient = recipients.get(delivery.userId);
    const row = delivery.notificationId === null ? undefined : rows.get(delivery.notificationId);
    if (!recipient || !row) {
      await finish(
        deps.db,
        delivery,
        { status: 'failed', nextAttemptAt: null, error: 'the notification was deleted' },
        now,
        false,
      );
      continue;
    }
    const quiet = afterQuietHours(recipient, now);
    if (quiet.getTime() > now.getTime()) {
      await deps.db
        .update(notificationDeliveries)
        .set({ nextAttemptAt: quiet })
        .where(eq(notificationDeliveries.id, delivery.id));
      continue;
    }
    let outcome: Outcome;
    const webhook = webhooks.get(delivery.userId);
    const mine = devices.filter((device) => device.userId === delivery.userId);
    if (delivery.channel === 'push' && mine.length > 0) {
      outcome = await pushToDevices(deps, mine, pushPayload(recipient, row));
    } else if (delivery.channel === 'email' && wantsEmail(recipient)) {
      outcome = await sendMail(deps, recipient, row);
    } else if (delivery.channel === 'webhook' && webhook?.enabled) {
      outcome = await sendToWebhook(deps, webhook, recipient, row, now);
    } else {
      await finish(
        deps.db,
        delivery,
        { status: 'failed', nextAttemptAt: null, error: 'the channel is no longer set up' },
        now,
        false,
      );
      continue;
    }
    const attempts = delivery.attempts + 1;
    await finish(
      deps.db,
      delivery,
      afterAttempt(outcome, attempts, now, recipient, true),
      now,
      true,
    );
  }
  return claimed.length;
}

async function finish(
  db: DbOrTx,
  delivery: NotificationDeliveryRow,
  state: { status: DeliveryStatus; nextAttemptAt: Date | null; error: string | null },
  now: Date,
  attempted: boolean,
): Promise<void> {
  await db
    .update(notificationDeliveries)
    .set({
      ...state,
      // A failure that ends in success keeps no error; a give-up keeps the last one.
      error: state.error,
      ...(attempted ? { attempts: delivery.attempts + 1, lastAttemptAt: now } : {}),
    })
    .where(eq(notificationDeliveries.id, delivery.id));
}

export function presentDeliveryRecord(row: NotificationDeliveryRow): Delivery {
  return {
    id: row.id,
    channel: row.channel as NotificationChannel,
    status: row.status as DeliveryStatus,
    is_test: row.isTest,
    attempts: row.attempts,
    last_attempt_at: row.lastAttemptAt.toISOString(),
    next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
    error: row.error,
  };
}

/** In-app "delivery" is the inbox row: always sent, at once. */
function presentInboxDelivery(row: Pick<NotificationRow, 'kind' | 'updatedAt'>): Delivery {
  return {
    id: null,
    channel: 'in_app',
    status: 'sent',
    is_test: row.kind === 'channel_test',
    attempts: 1,
    last_attempt_at: row.updatedAt.toISOString(),
    next_attempt_at: null,
    error: null,
  };
}

const notSetUp = () =>
  validationFailed(
    [{ path: 'channel', code: 'invalid', message: 'This channel is not set up' }],
    'This channel is not set up',
  );

/** The test message: the `channel_test` texts, as a notification that is never stored. */
function testNotification(now: Date): Sendable {
  return { id: 0, kind: 'channel_test', data: {}, link: '/account', subject: null, updatedAt: now };
}

/**
 * "Send a test": now, on one channel, answered with its delivery (a test is not retried). The
 * in-app test is an inbox entry that no other channel delivers.
 */
export async function sendTest(
  deps: DeliveryDeps,
  userId: number,
  channel: NotificationChannel,
  now: Date,
): Promise<Delivery> {
  const [recipient] = await findRecipients(deps.db, eq(users.id, userId));
  if (!recipient) throw notSetUp();
  const { devices, webhooks } = await channelSetups(deps.db, [userId]);
  const base = { userId, notificationId: null, channel, isTest: true, now, recipient };
  const test = testNotification(now);
  let outcome: Outcome;
  if (channel === 'in_app') {
    const [row] = await deps.db
      .insert(notifications)
      .values({
        userId,
        kind: 'channel_test',
        data: {},
        link: '/account',
        // In the bell only: no push, mail or webhook carries it.
        deliveredAt: sql`now()`,
        emailedAt: sql`now()`,
      })
      .returning();
    return presentInboxDelivery(row!);
  } else if (channel === 'email') {
    if (!wantsEmail(recipient)) throw notSetUp();
    outcome = await sendMail(deps, recipient, test);
  } else if (channel === 'push') {
    if (devices.length === 0) throw notSetUp();
    outcome = await pushToDevices(
      deps,
      devices,
      pushPayload(recipient, { ...test, subject: 'test' }),
    );
  } else {
    const webhook = webhooks.get(userId);
    if (!webhook) throw notSetUp();
    outcome = await sendToWebhook(deps, webhook, recipient, test, now);
  }
  return presentDeliveryRecord(await recordAttempt(deps.db, { ...base, outcome }));
}

/** Per channel: whether it is set up, and its last delivery (real or test). */
export async function channelStates(
  deps: Pick<DeliveryDeps, 'db'>,
  userId: number,
): Promise<ChannelStates> {
  const [recipient] = await findRecipients(deps.db, eq(users.id, userId));
  const { devices, webhooks } = await channelSetups(deps.db, [userId]);
  const [inbox] = await deps.db
    .select({ kind: notifications.kind, updatedAt: notifications.updatedAt })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.updatedAt))
    .limit(1);
  const last = async (channel: NotificationChannel) => {
    const [row] = await deps.db
      .select()
      .from(notificationDeliveries)
      .where(
        and(eq(notificationDeliveries.userId, userId), eq(notificationDeliveries.channel, channel)),
      )
      .orderBy(desc(notificationDeliveries.id))
      .limit(1);
    return row ? presentDeliveryRecord(row) : null;
  };
  return {
    items: [
      { channel: 'in_app', configured: true, last: inbox ? presentInboxDelivery(inbox) : null },
      {
        channel: 'email',
        configured: !!recipient && wantsEmail(recipient),
        last: await last('email'),
      },
      { channel: 'push', configured: devices.length > 0, last: await last('push') },
      {
        channel: 'webhook',
        configured: webhooks.get(userId)?.enabled === true,
        last: await last('webhook'),
      },
    ],
  };
}
