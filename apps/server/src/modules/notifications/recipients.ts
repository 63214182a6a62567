import { eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notificationSettings, users } from '../../db/schema';

/**
 * A person as notifications see them: their account's switches (spec §3), the address and language
 * of a mail, and their notification settings, which are null until they first saved them.
 */
const recipientColumns = {
  id: users.id,
  email: users.email,
  isGuest: users.isGuest,
  emailNotifications: users.emailNotifications,
  listUpdates: users.listUpdates,
  groupActivities: users.groupActivities,
  locale: users.locale,
  timezone: users.timezone,
  kinds: notificationSettings.kinds,
  zone: notificationSettings.timeZone,
  reminderTime: notificationSettings.reminderTime,
  emailDigest: notificationSettings.emailDigest,
  quietHoursStart: notificationSettings.quietHoursStart,
  quietHoursEnd: notificationSettings.quietHoursEnd,
};

/** The people `where` picks (a condition on `users`), each with their notification settings. */
export function findRecipients(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(recipientColumns)
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(where);
}

export type Recipient = Awaited<ReturnType<typeof findRecipients>>[number];
