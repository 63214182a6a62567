import type { NotificationKind, PushPayload, RealtimeEvent } from '@household/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { KeyObject } from 'node:crypto';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { notifications, pushSubscriptions, users, type NotificationRow } from '../../db/schema';
import type { Mail, Mailer } from '../../lib/mailer';
import type { EventBus } from '../../realtime/event-bus';
import { MESSAGES } from './messages';
import { DEFAULT_EMAIL_DIGEST, wantsEmail } from './preferences';
import { sendPush } from './push';
import { findRecipients, type Recipient } from './recipients';
import { fill, localeOf, renderNotification } from './render';
import { unsubscribeToken } from './unsubscribe';
import type { VapidKeys } from './vapid';

export interface DeliveryDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** The bus without the notification hook, so that announcing does not announce again. */
  events: EventBus;
  jwtKey: KeyObject;
  vapid: VapidKeys & { subject: string };
  log: { warn(object: object, message: string): void };
}

/** At most this many notifications per delivery pass; the next pass takes the rest. */
const DELIVERY_BATCH = 200;

export function notificationEvent(id: number, userId: number): RealtimeEvent {
  return {
    entity: 'notification',
    id,
    action: 'created',
    list_id: null,
    group_id: null,
    user_id: userId,
    version: null,
    actor: null,
  };
}

/**
 * Tells the recipients' open tabs about new (or merged) notifications. The claim is one UPDATE,
 * so each is announced by one process however many run. A notification that a change still
 * holds locked (a burst of ticks on one list merges into the same rows) is skipped, not waited
 * for: that change announces it itself after its commit, so a busy list's publishes do not queue
 * behind each other's transactions.
 */
export async function announce(deps: Pick<DeliveryDeps, 'db' | 'events'>): Promise<void> {
  const claimed = await deps.db
    .update(notifications)
    .set({ announcedAt: sql`now()` })
    .where(
      inArray(
        notifications.id,
        sql`(select ${notifications.id} from ${notifications}
             where ${notifications.announcedAt} is null
             for update skip locked)`,
      ),
    )
    .returning({ id: notifications.id, userId: notifications.userId });
  for (const row of claimed) await deps.events.publish(notificationEvent(row.id, row.userId));
}

/** `List-Unsubscribe` headers (RFC 2369, RFC 8058 one-click) and the link for the mail's footer. */
export function unsubscribeParts(config: Config, key: KeyObject, userId: number) {
  const token = encodeURIComponent(unsubscribeToken(key, userId));
  const origin = config.publicAppUrl;
  const api = config.publicApiUrl || origin;
  return {
    page: `${origin}/unsubscribe?token=${token}`,
    headers: {
      'List-Unsubscribe': `<${api}/api/v1/notifications/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

export function notificationMail(
  deps: Pick<DeliveryDeps, 'config' | 'jwtKey'>,
  recipient: Pick<Recipient, 'id' | 'locale'> & { email: string },
  rows: Pick<NotificationRow, 'kind' | 'data' | 'link'>[],
): Mail {
  const locale = localeOf(recipient.locale);
  const texts = MESSAGES[locale];
  const origin = deps.config.publicAppUrl;
  const unsubscribe = unsubscribeParts(deps.config, deps.jwtKey, recipient.id);
  const footer = `--\n${texts.footer}\n${texts.unsubscribe}: ${unsubscribe.page}`;
  const rendered = rows.map((row) => ({
    ...renderNotification(locale, row.kind as NotificationKind, row.data),
    url: `${origin}${row.link}`,
  }));
  if (rendered.length === 1) {
    const [only] = rendered;
    return {
      to: recipient.email,
      subject: only!.title,
      text: `${only!.body}\n\n${texts.open}: ${only!.url}\n\n${footer}`,
      headers: unsubscribe.headers,
    };
  }
  const lines = rendered.map((entry) => `* ${entry.title}\n  ${entry.body}\n  ${entry.url}`);
  return {
    to: recipient.email,
    subject: fill(texts.digestSubject, { count: rendered.length }),
    text: `${texts.digestIntro}\n\n${lines.join('\n\n')}\n\n${footer}`,
    headers: unsubscribe.headers,
  };
}

/**
 * Pushes (and mails, for instant mail) the notifications whose time has come (by the database's
 * clock, or a later `now` that a test passes to skip a wait). Each is claimed by
 * one UPDATE ... SKIP LOCKED before anything is sent, so no two passes, in one process or
 * several, deliver it twice; a pass that fails midway loses its claim rather than repeating it.
 */
export async function deliverDue(deps: DeliveryDeps, now: Date): Promise<number> {
  const claimed = await deps.db
    .update(notifications)
    .set({ deliveredAt: sql`now()` })
    .where(
      inArray(
        notifications.id,
        sql`(select ${notifications.id} from ${notifications}
             where ${notifications.deliveredAt} is null and ${notifications.deliverAfter} <= greatest(now(), ${now.toISOString()}::timestamptz)
             order by ${notifications.id} limit ${DELIVERY_BATCH} for update skip locked)`,
      ),
    )
    .returning();
  if (claimed.length === 0) return 0;
  const userIds = [...new Set(claimed.map((row) => row.userId))];
  const recipients = new Map(
    (await findRecipients(deps.db, inArray(users.id, userIds))).map((row) => [row.id, row]),
  );
  const subscriptions = await deps.db
    .select()
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, userIds));
  for (const row of claimed) {
    const recipient = recipients.get(row.userId);
    if (!recipient) continue;
    const locale = localeOf(recipient.locale);
    const { title, body } = renderNotification(locale, row.kind as NotificationKind, row.data);
    const payload: PushPayload = {
      notification_id: row.id,
      kind: row.kind as NotificationKind,
      title,
      body,
      link: row.link,
      tag: row.subject ? `n-${row.subject.replace(':', '-')}` : `n-${row.id}`,
    };
    for (const subscription of subscriptions.filter((sub) => sub.userId === row.userId)) {
      await pushTo(deps, subscription, payload);
    }
    const instant = (recipient.emailDigest ?? DEFAULT_EMAIL_DIGEST) === 'instant';
    if (instant && wantsEmail(recipient) && row.emailedAt === null) {
      await deps.db
        .update(notifications)
        .set({ emailedAt: sql`now()` })
        .where(and(eq(notifications.id, row.id), isNull(notifications.emailedAt)));
      try {
        await deps.mailer.send(notificationMail(deps, recipient, [row]));
      } catch (error) {
        deps.log.warn({ err: error, notification: row.id }, 'notification mail failed');
      }
    }
  }
  return claimed.length;
}

async function pushTo(
  deps: DeliveryDeps,
  subscription: { id: number; endpoint: string; p256dh: string; auth: string },
  payload: PushPayload,
): Promise<void> {
  let result: Awaited<ReturnType<typeof sendPush>>;
  try {
    result = await sendPush(subscription, payload, deps.vapid);
  } catch (error) {
    deps.log.warn({ err: error, subscription: subscription.id }, 'push could not be prepared');
    return;
  }
  if (result.outcome === 'gone') {
    // The push service forgot this browser (unsubscribed, expired): so do we.
    await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
  } else if (result.outcome === 'sent') {
    await deps.db
      .update(pushSubscriptions)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(pushSubscriptions.id, subscription.id));
  } else {
    deps.log.warn({ subscription: subscription.id, status: result.status }, 'push failed');
  }
}
