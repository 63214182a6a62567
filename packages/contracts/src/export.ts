import { z } from './zod';

/**
 * GET /users/me/export, "Download my data" (docs/accounts.md): everything the user owns or shares,
 * as stored, in one JSON document. Never a password hash, a token or a token's hash; pictures
 * (avatar, receipt photos) are named, not included. Timestamps are ISO 8601 instants, dates
 * YYYY-MM-DD, money integer cents in the currency named beside it.
 */
export const EXPORT_FORMAT_VERSION = 1;

const instant = z.string();
const nullableInstant = z.string().nullable();
const day = z.string();
const id = z.number().int();
const details = z.record(z.string(), z.unknown());

export const ZExportProfile = z.object({
  id,
  name: z.string().nullable(),
  email: z.string().nullable(),
  is_guest: z.boolean(),
  is_verified: z.boolean(),
  has_avatar: z.boolean(),
  created_at: instant,
  updated_at: instant,
  password_changed_at: nullableInstant,
});

export const ZExportSettings = z.object({
  locale: z.string(),
  timezone: z.string(),
  theme: z.string(),
  currency: z.string(),
  email_notifications: z.boolean(),
  list_updates: z.boolean(),
  group_activities: z.boolean(),
  /** The notification details (kinds, reminder time, digest) once saved; null before. */
  notifications: details.nullable(),
});

export const ZExportGroup = z.object({
  id,
  name: z.string(),
  description: z.string(),
  currency: z.string(),
  time_zone: z.string(),
  created_by: id.nullable(),
  created_at: instant,
  /** The user's own role and when they joined. */
  my_role: z.string(),
  joined_at: instant,
  /** Who else is in the group, as the app shows them (no email addresses of others). */
  members: z.array(
    z.object({ user_id: id, name: z.string().nullable(), role: z.string(), joined_at: instant }),
  ),
});

export const ZExportInvitation = z.object({
  id,
  group_id: id,
  inviter_id: id.nullable(),
  email: z.string(),
  /** The account that answered; null while pending or once revoked. */
  invitee_id: id.nullable(),
  status: z.string(),
  created_at: instant,
  responded_at: nullableInstant,
});

export const ZExportCategory = z.object({
  id,
  group_id: id.nullable(),
  kind: z.string(),
  name: z.string(),
  color: z.string(),
  position: z.number().int(),
});

export const ZExportItem = z.object({
  id,
  name: z.string(),
  quantity: z.number(),
  unit: z.string().nullable(),
  price_cents: z.number().int().nullable(),
  category_id: id.nullable(),
  notes: z.string(),
  position: z.number().int(),
  added_by: id.nullable(),
  done: z.boolean(),
  completed_by: id.nullable(),
  completed_at: nullableInstant,
  created_at: instant,
  updated_at: instant,
});

export const ZExportList = z.object({
  id,
  name: z.string(),
  description: z.string(),
  /** Null for a personal list. */
  group_id: id.nullable(),
  owner_id: id.nullable(),
  status: z.string(),
  created_at: instant,
  updated_at: instant,
  items: z.array(ZExportItem),
});

export const ZExportSplit = z.object({
  user_id: id,
  payer_id: id,
  amount_cents: z.number().int(),
  settled_cents: z.number().int(),
});

export const ZExportExpense = z.object({
  id,
  group_id: id.nullable(),
  list_id: id.nullable(),
  description: z.string(),
  amount_cents: z.number().int(),
  currency: z.string(),
  date: day,
  paid_by: id,
  created_by: id.nullable(),
  category_id: id.nullable(),
  notes: z.string(),
  split_type: z.string(),
  /** Paid in another currency than the group's: what was paid and the locked rate. */
  original: z
    .object({ currency: z.string(), amount_minor: z.number().int(), exchange_rate: z.string() })
    .nullable(),
  created_at: instant,
  updated_at: instant,
  splits: z.array(ZExportSplit),
});

export const ZExportSettlement = z.object({
  id,
  group_id: id,
  from_id: id,
  to_id: id,
  amount_cents: z.number().int(),
  date: day,
  note: z.string(),
  expense_id: id.nullable(),
  created_by: id.nullable(),
  created_at: instant,
});

export const ZExportChore = z.object({
  id,
  /** Null for a personal chore. */
  group_id: id.nullable(),
  owner_id: id.nullable(),
  name: z.string(),
  description: z.string(),
  frequency: z.string(),
  interval_days: z.number().int().nullable(),
  due_date: day,
  effort: z.number().int(),
  completed_on: day.nullable(),
  completed_by: id.nullable(),
  created_by: id.nullable(),
  created_at: instant,
});

export const ZExportAssignment = z.object({
  id,
  chore_id: id,
  group_id: id.nullable(),
  user_id: id,
  due_date: day,
  completed_on: day.nullable(),
  completed_by: id.nullable(),
  created_at: instant,
});

export const ZExportTimeEntry = z.object({
  id,
  assignment_id: id,
  started_at: instant,
  ended_at: nullableInstant,
  minutes: z.number().int().nullable(),
  note: z.string(),
});

export const ZExportActivity = z.object({
  id,
  /** `group` (group_activity) or `chore` (chore_history). */
  source: z.enum(['group', 'chore']),
  group_id: id.nullable(),
  actor_id: id.nullable(),
  subject_user_id: id.nullable(),
  /** The verb or action, e.g. `member_joined`, `completed`. */
  action: z.string(),
  chore_id: id.nullable(),
  chore_name: z.string().nullable(),
  details,
  created_at: instant,
});

/** A tick as recorded for the shop trips (docs/shop-trips.md "Privacy and export"). */
export const ZExportShopTick = z.object({
  id: z.number().int(),
  /** The group the tick belongs to; null for the user's own (personal lists). */
  group_id: z.number().int().nullable(),
  list_id: z.number().int().nullable(),
  shop: z.string(),
  item_key: z.string(),
  item_name: z.string(),
  category_id: z.number().int().nullable(),
  in_shop: z.boolean(),
  ticked_by: z.number().int().nullable(),
  ticked_at: instant,
});

export const ZExportOcrJob = z.object({
  id,
  list_id: id.nullable(),
  language: z.string(),
  state: z.string(),
  file_name: z.string(),
  failure: z.string().nullable(),
  /** What was read from the photo (the photo itself is not kept for long, nor exported). */
  items: z.array(z.unknown()).nullable(),
  total_cents: z.number().int().nullable(),
  created_at: instant,
  finished_at: nullableInstant,
});

export const ZExportNotification = z.object({
  id,
  kind: z.string(),
  group_id: id.nullable(),
  data: details,
  link: z.string(),
  created_at: instant,
  read_at: nullableInstant,
});

export const ZDataExport = z.object({
  format: z.literal('household-data-export'),
  version: z.literal(EXPORT_FORMAT_VERSION),
  exported_at: instant,
  profile: ZExportProfile,
  settings: ZExportSettings,
  groups: z.array(ZExportGroup),
  invitations: z.array(ZExportInvitation),
  categories: z.array(ZExportCategory),
  lists: z.array(ZExportList),
  /** The ticks of the user's own trips and of their groups' trips, oldest first. */
  shop_ticks: z.array(ZExportShopTick),
  expenses: z.array(ZExportExpense),
  settlements: z.array(ZExportSettlement),
  chores: z.array(ZExportChore),
  assignments: z.array(ZExportAssignment),
  time_entries: z.array(ZExportTimeEntry),
  activity: z.array(ZExportActivity),
  ocr_jobs: z.array(ZExportOcrJob),
  notifications: z.array(ZExportNotification),
});
export type DataExport = z.infer<typeof ZDataExport>;
