import type { RealtimeEvent } from '@household/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { notifications, users } from '../../db/schema';
import { afterQuietHours, channelSetups, sendOnChannels } from './channels';
import type { DeliveryDeps } from './deps';
import { DEFAULT_EMAIL_DIGEST, wantsEmail } from './preferences';
import { findRecipients } from './recipients';

export type { DeliveryDeps } from './deps';
export { notificationMail, unsubscribeParts } from './notification-mail';

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

/**
 * Pushes, mails (for instant mail) and posts to the person's webhook the notifications whose time
 * has come (by the database's clock, or a later `now` that a test passes to skip a wait); one due
 * in the person's quiet hours is put back with `deliver_after` at their end. Each is claimed by
 * one UPDATE ... SKIP LOCKED before anything is sent, so no two passes, in one process or
 * several, deliver it twice; a pass that fails midway loses its claim rather than repeating it.
 * Only announced notifications are taken (every pass announces first): a pass's claim locks its
 * rows, and an announcement running meanwhile skipped a locked row that nobody else would
 * announce, so the bell heard of it only at the next minute's tick.
 */
export async function deliverDue(deps: DeliveryDeps, now: Date): Promise<number> {
  const claimed = await deps.db
    .update(notifications)
    .set({ deliveredAt: sql`now()` })
    .where(
      inArray(
        notifications.id,
        sql`(select ${notifications.id} from ${notifications}
             where ${notifications.deliveredAt} is null and ${notifications.announcedAt} is not null
               and ${notifications.deliverAfter} <= greatest(now(), ${now.toISOString()}::timestamptz)
             order by ${notifications.id} limit ${DELIVERY_BATCH} for update skip locked)`,
      ),
    )
    .returning();
  if (claimed.length === 0) return 0;
  const userIds = [...new Set(claimed.map((row) => row.userId))];
  const recipients = new Map(
    (await findRecipients(deps.db, inArray(users.id, userIds))).map((row) => [row.id, row]),
  );
  const { devices, webhooks } = await channelSetups(deps.db, userIds);
  for (const row of claimed) {
    const recipient = recipients.get(row.userId);
    if (!recipient) continue;
    // Quiet hours: push, mail and webhook wait until they end (the bell already has it).
    const until = afterQuietHours(recipient, now);
    if (until.getTime() > now.getTime()) {
      await deps.db
        .update(notifications)
        .set({ deliveredAt: null, deliverAfter: until })
        .where(eq(notifications.id, row.id));
      continue;
    }
    const instant = (recipient.emailDigest ?? DEFAULT_EMAIL_DIGEST) === 'instant';
    let mail = false;
    if (instant && wantsEmail(recipient) && row.emailedAt === null) {
      const [marked] = await deps.db
        .update(notifications)
        .set({ emailedAt: sql`now()` })
        .where(and(eq(notifications.id, row.id), isNull(notifications.emailedAt)))
        .returning({ id: notifications.id });
      mail = marked !== undefined;
    }
    await sendOnChannels(deps, {
      row,
      recipient,
      devices: devices.filter((device) => device.userId === row.userId),
      webhook: webhooks.get(row.userId),
      mail,
      now,
    });
  }
  return claimed.length;
}
