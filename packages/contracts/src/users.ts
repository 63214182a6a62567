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
  /** The own account only: an email change waiting to be confirmed from the new address's inbox. */
  pending_email: z.string().nullable().optional(),
});
export type User = z.infer<typeof ZUser>;

/** A sensitive change confirms the account's current password, unless the login was just now. */
export const zCurrentPassword = () => zSecret().min(1).max(PASSWORD_MAX_LENGTH);

export const ZUpdateMeBody = z
  .object({
    name: ZPersonName,
    email: ZEmail,
    locale: z.enum(LOCALES),
    timezone: ZTimeZone,
    /** Needed to change the email, unless the session's login was within the last 5 minutes. */
    current_password: zCurrentPassword(),
  })
  .partial();
export type UpdateMeBody = z.input<typeof ZUpdateMeBody>;

export const ZChangePasswordBody = z.object({
  current_password: zCurrentPassword(),
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

/** Optional body of a sensitive change that otherwise has none (calendar feed, push device). */
export const ZReauthBody = z.object({ current_password: zCurrentPassword().optional() });
