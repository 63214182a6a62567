import { EXPORT_FORMAT_VERSION, ZDataExport, type DataExport } from '@household/contracts';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { users, type UserRow } from '../../db/schema';
import type { ExportScope } from '../../lib/data-export';
import { exportCategories } from '../categories/data-export-part';
import { exportChoreHistory, exportChores } from '../chores/data-export-part';
import { exportExpenses, exportSettlements } from '../expenses/data-export-part';
import { exportGroupActivity, exportGroups } from '../groups/data-export-part';
import { exportInvitations } from '../invites/data-export-part';
import { exportLists, exportShopTicks, ZExportShopTick } from '../lists/data-export-part';
import { exportNotifications, exportNotificationSettings } from '../notifications/data-export-part';
import { exportOcrJobs } from '../ocr/data-export-part';

/** The export with the ticks of the user's trips (docs/shop-trips.md), after the lists. */
export const ZFullDataExport = ZDataExport.extend({ shop_ticks: z.array(ZExportShopTick) });
export type FullDataExport = z.infer<typeof ZFullDataExport>;

/** The file name's date: the user's own calendar day, so that it matches what they see. */
export function exportFilename(now: Date, timeZone: string): string {
  let day: string;
  try {
    day = new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
  } catch {
    day = now.toISOString().slice(0, 10);
  }
  return `household-data-${day}.json`;
}

/**
 * "Download my data" (docs/accounts.md): what the user owns (personal lists, chores and expenses,
 * their settings, their photo jobs, notifications) and what they share in the groups they are in
 * now (the groups, their lists with items, chores, and the expenses and settlements they take part
 * in). Built in memory from one read-only snapshot, so that the parts agree with each other and no
 * connection stays open while a slow client downloads.
 */
export async function exportUserData(ctx: AppContext, user: UserRow): Promise<FullDataExport> {
  return ctx.db.transaction(
    async (tx) => {
      const [profile] = await tx.select().from(users).where(eq(users.id, user.id));
      if (!profile) throw new Error('the signed-in user vanished during the export');
      const groups = await exportGroups({ tx, userId: user.id });
      const scope: ExportScope = { tx, userId: user.id, groupIds: groups.map((group) => group.id) };
      // Each module presents its own part; the file keeps one order of sections.
      const notificationSettings = await exportNotificationSettings(scope);
      const invitations = await exportInvitations(scope);
      const categories = await exportCategories(scope);
      const lists = await exportLists(scope);
      const shopTicks = await exportShopTicks(scope);
      const expenses = await exportExpenses(scope);
      const settlements = await exportSettlements(scope);
      const chores = await exportChores(scope);
      const activity = [
        ...(await exportGroupActivity(scope)),
        ...(await exportChoreHistory(scope)),
      ];
      const ocrJobs = await exportOcrJobs(scope);
      const notifications = await exportNotifications(scope);
      return {
        format: 'household-data-export',
        version: EXPORT_FORMAT_VERSION,
        exported_at: new Date().toISOString(),
        profile: presentProfile(profile),
        settings: { ...presentSettings(profile), notifications: notificationSettings },
        groups,
        invitations,
        categories,
        lists,
        shop_ticks: shopTicks,
        expenses,
        settlements,
        ...chores,
        activity: activity.sort((a, b) => a.created_at.localeCompare(b.created_at)),
        ocr_jobs: ocrJobs,
        notifications,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

// Never the password hash, nor any token: those prove identity, they are not the user's data.
function presentProfile(profile: UserRow): DataExport['profile'] {
  return {
    id: profile.id,
    name: profile.name,
    email: profile.email,
    is_guest: profile.isGuest,
    is_verified: profile.isVerified,
    has_avatar: profile.avatarKey !== null,
    created_at: profile.createdAt.toISOString(),
    updated_at: profile.updatedAt.toISOString(),
    password_changed_at: profile.passwordChangedAt?.toISOString() ?? null,
  };
}

function presentSettings(profile: UserRow): Omit<DataExport['settings'], 'notifications'> {
  return {
    locale: profile.locale,
    timezone: profile.timezone,
    theme: profile.theme,
    currency: profile.currency,
    email_notifications: profile.emailNotifications,
    list_updates: profile.listUpdates,
    group_activities: profile.groupActivities,
  };
}
