import { z } from './zod';
import { ZCurrency, ZEmail, ZPassword, ZPersonName, ZTimeZone } from './common';
import { LOCALES, PASSWORD_MAX_LENGTH, THEMES } from './limits';
import { zSecret } from './text';

/** GET /users/me (spec §3: includes is_guest). */
export const ZUser = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  is_guest: z.boolean(),
  is_verified: z.boolean(),
  avatar_url: z.string().nullable(),
  locale: z.enum(LOCALES),
  timezone: z.string(),
  created_at: z.string(),
});
export type User = z.infer<typeof ZUser>;

export const ZUpdateMeBody = z
  .object({
    name: ZPersonName,
    email: ZEmail,
    locale: z.enum(LOCALES),
    timezone: ZTimeZone,
  })
  .partial();
export type UpdateMeBody = z.input<typeof ZUpdateMeBody>;

export const ZChangePasswordBody = z.object({
  current_password: zSecret().min(1).max(PASSWORD_MAX_LENGTH),
  new_password: ZPassword,
});
export type ChangePasswordBody = z.input<typeof ZChangePasswordBody>;

/** spec §3: notification preferences as edited on the account page. */
export const ZNotificationSettings = z.object({
  email_notifications: z.boolean(),
  list_updates: z.boolean(),
  group_activities: z.boolean(),
});
export type NotificationSettings = z.infer<typeof ZNotificationSettings>;
export const ZUpdateNotificationSettings = ZNotificationSettings.partial();

export const ZPreferences = z.object({
  /** The same value as the user's `locale`: one setting, two ways to reach it. */
  language: z.enum(LOCALES),
  theme: z.enum(THEMES),
  currency: ZCurrency,
});
export type Preferences = z.infer<typeof ZPreferences>;
export const ZUpdatePreferences = ZPreferences.partial();

/** GET /users/settings: everything the account page edits, in one answer. */
export const ZSettings = z.object({
  notifications: ZNotificationSettings,
  preferences: ZPreferences,
});
export type Settings = z.infer<typeof ZSettings>;
export const ZUpdateSettings = z.object({
  notifications: ZUpdateNotificationSettings.optional(),
  preferences: ZUpdatePreferences.optional(),
});

export const ZDeleteMeBody = z.object({
  /** Required for registered users; guests have no password to confirm with. */
  password: zSecret().max(PASSWORD_MAX_LENGTH).optional(),
});
export type DeleteMeBody = z.input<typeof ZDeleteMeBody>;
