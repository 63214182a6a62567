import type { NotificationSettings, Preferences } from '@household/contracts';
import type { Locale, Theme } from '@household/contracts';
import type { UserRow } from '../../db/schema';

export function presentNotifications(row: UserRow): NotificationSettings {
  return {
    email_notifications: row.emailNotifications,
    list_updates: row.listUpdates,
    group_activities: row.groupActivities,
  };
}

export function presentPreferences(row: UserRow): Preferences {
  return { language: row.locale as Locale, theme: row.theme as Theme, currency: row.currency };
}
