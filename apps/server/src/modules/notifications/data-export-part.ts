import type { DataExport } from '@household/contracts';
import { asc, eq } from 'drizzle-orm';
import { notifications, notificationSettings } from '../../db/schema';
import type { ExportScope } from '../../lib/data-export';

/** The user's notifications. */
export async function exportNotifications({
  tx,
  userId,
}: ExportScope): Promise<DataExport['notifications']> {
  const rows = await tx
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.id));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    group_id: row.groupId,
    data: row.data,
    link: row.link,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
  }));
}

/** How the user wants to be notified; null until they first changed it. */
export async function exportNotificationSettings({
  tx,
  userId,
}: ExportScope): Promise<DataExport['settings']['notifications']> {
  const [row] = await tx
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row
    ? {
        kinds: row.kinds,
        reminder_time: row.reminderTime,
        time_zone: row.timeZone,
        email_digest: row.emailDigest,
      }
    : null;
}
