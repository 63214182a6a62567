import type { NotificationSettings, Preferences, User } from '@household/contracts';
import type { Locale, Theme } from '@household/contracts';
import type { Config } from '../../config';
import type { UserRow } from '../../db/schema';

export function avatarPath(key: string): string {
  return `/api/v1/avatars/${key}.webp`;
}

export function presentUser(row: UserRow, config: Pick<Config, 'publicApiUrl'>): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    is_guest: row.isGuest,
    is_verified: row.isVerified,
    avatar_url: row.avatarKey ? `${config.publicApiUrl}${avatarPath(row.avatarKey)}` : null,
    locale: row.locale as Locale,
    timezone: row.timezone,
    created_at: row.createdAt.toISOString(),
  };
}

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
