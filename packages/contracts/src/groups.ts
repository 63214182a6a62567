import { z } from './zod';
import { ZCurrency, ZId, ZTimeZone } from './common';
import { ZIdParam, zLine, zMultiline } from './text';
import {
  ACTIVITY_PAGE_DEFAULT,
  ACTIVITY_PAGE_MAX,
  GROUP_DESCRIPTION_MAX_LENGTH,
  GROUP_NAME_MAX_LENGTH,
  INVITE_CODE_ALPHABET,
  INVITE_CODE_LENGTH,
  INVITE_VALID_DAYS_MAX,
} from './limits';

/** spec §6: the three roles of a group, from most to least powerful. */
export const GROUP_ROLES = ['owner', 'admin', 'member'] as const;
export const ZGroupRole = z.enum(GROUP_ROLES);
export type GroupRole = z.infer<typeof ZGroupRole>;

/** What a role allows; `GET /groups/{id}/roles` lists them per role (docs/groups.md). */
export const GROUP_PERMISSIONS = [
  'view_group',
  'view_activity',
  'manage_invites',
  'edit_group',
  'manage_members',
  'grant_owner',
  'delete_group',
] as const;
export const ZGroupPermission = z.enum(GROUP_PERMISSIONS);
export type GroupPermission = z.infer<typeof ZGroupPermission>;

export const ZGroupName = zLine()
  .trim()
  .min(1, 'Group name is required')
  .max(GROUP_NAME_MAX_LENGTH, `Group name must be at most ${GROUP_NAME_MAX_LENGTH} characters`);
export const ZGroupDescription = zMultiline().trim().max(GROUP_DESCRIPTION_MAX_LENGTH);

/** A person as other members see them: no email for someone outside your groups. */
export const ZPersonRef = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  avatar_url: z.string().nullable(),
  is_guest: z.boolean(),
});
export type PersonRef = z.infer<typeof ZPersonRef>;

/** A member's default weight in "shares" splits, in percent: 100 a grown-up, 50 a child. */
export const SHARE_WEIGHT_MIN = 1;
export const SHARE_WEIGHT_MAX = 1000;
export const SHARE_WEIGHT_DEFAULT = 100;
export const ZShareWeight = z
  .number()
  .int()
  .min(SHARE_WEIGHT_MIN, `A weight is at least ${SHARE_WEIGHT_MIN} %`)
  .max(SHARE_WEIGHT_MAX, `A weight is at most ${SHARE_WEIGHT_MAX} %`);

export const ZGroupMember = ZPersonRef.extend({
  email: z.string().nullable(),
  role: ZGroupRole,
  joined_at: z.string(),
  /** The default weight of "shares" splits, in percent (docs/expenses.md "Weights"). */
  share_weight: z.number().int(),
  /** The unit (couple) the member settles with, if any (docs/expenses.md "Units"). */
  unit_id: z.number().int().nullable(),
});
export type GroupMember = z.infer<typeof ZGroupMember>;

/** PUT /groups/{id}/members/{userId}/weight. */
export const ZUpdateMemberWeightBody = z.object({ share_weight: ZShareWeight });
export type UpdateMemberWeightBody = z.input<typeof ZUpdateMemberWeightBody>;

export const UNIT_NAME_MAX_LENGTH = 80;
export const ZUnitName = zLine()
  .trim()
  .min(1, 'A unit needs a name')
  .max(UNIT_NAME_MAX_LENGTH, `A unit's name is at most ${UNIT_NAME_MAX_LENGTH} characters`);

/** Members joined to settle as one party, a couple ("Ana & Ben"). */
export const ZGroupUnit = z.object({
  id: z.number().int(),
  name: z.string(),
  members: z.array(ZPersonRef),
});
export type GroupUnit = z.infer<typeof ZGroupUnit>;

const ZUnitMemberIds = z
  .array(ZId)
  .min(2, 'A unit joins two or more members')
  .max(50)
  .refine((ids) => new Set(ids).size === ids.length, 'Each member once');

export const ZCreateUnitBody = z.object({ name: ZUnitName, member_ids: ZUnitMemberIds });
export type CreateUnitBody = z.input<typeof ZCreateUnitBody>;
export const ZUpdateUnitBody = z.object({
  name: ZUnitName.optional(),
  member_ids: ZUnitMemberIds.optional(),
});
export type UpdateUnitBody = z.input<typeof ZUpdateUnitBody>;

/** spec §4: the one active invite code of a group. */
export const ZInviteCode = z.object({
  code: z.string(),
  expires_at: z.string(),
  created_at: z.string(),
  created_by: ZPersonRef.nullable(),
});
export type InviteCode = z.infer<typeof ZInviteCode>;

/** One card of the groups page: the group with my role and its member count. */
export const ZGroupSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  currency: z.string(),
  my_role: ZGroupRole,
  member_count: z.number().int(),
  created_at: z.string(),
  version: z.number().int(),
});
export type GroupSummary = z.infer<typeof ZGroupSummary>;

/** spec §3: a group with its members and active invite code. */
export const ZGroup = ZGroupSummary.extend({
  created_by: ZPersonRef.nullable(),
  updated_at: z.string(),
  invite_valid_days: z.number().int(),
  my_permissions: z.array(ZGroupPermission),
  members: z.array(ZGroupMember),
  units: z.array(ZGroupUnit),
  active_invite_code: ZInviteCode.nullable(),
});
export type Group = z.infer<typeof ZGroup>;

export const ZCreateGroupBody = z.object({
  name: ZGroupName,
  description: ZGroupDescription.optional(),
  currency: ZCurrency.optional(),
});
export type CreateGroupBody = z.input<typeof ZCreateGroupBody>;

/** Every edit names the version it was based on; a stale one answers 409 conflict. */
export const ZUpdateGroupBody = z.object({
  version: z.number().int().min(1),
  name: ZGroupName.optional(),
  description: ZGroupDescription.optional(),
});
export type UpdateGroupBody = z.input<typeof ZUpdateGroupBody>;

/** GET/PATCH /groups/{id}/settings: how the group behaves, as opposed to what it is called. */
export const ZGroupSettings = z.object({
  currency: z.string(),
  /** The household's zone: chores fall due on its calendar dates (docs/chores.md). */
  time_zone: z.string(),
  invite_valid_days: z.number().int(),
  version: z.number().int(),
});
export type GroupSettings = z.infer<typeof ZGroupSettings>;
export const ZUpdateGroupSettingsBody = z.object({
  version: z.number().int().min(1),
  currency: ZCurrency.optional(),
  time_zone: ZTimeZone.optional(),
  invite_valid_days: z.number().int().min(1).max(INVITE_VALID_DAYS_MAX).optional(),
});
export type UpdateGroupSettingsBody = z.input<typeof ZUpdateGroupSettingsBody>;

export const ZGroupRoleInfo = z.object({
  role: ZGroupRole,
  permissions: z.array(ZGroupPermission),
});
export type GroupRoleInfo = z.infer<typeof ZGroupRoleInfo>;

export const ZChangeRoleBody = z.object({ role: ZGroupRole });
export type ChangeRoleBody = z.input<typeof ZChangeRoleBody>;

/** spec §5: "Invite code is required". Entry is forgiving: case, spaces and dashes do not matter. */
export const ZInviteCodeInput = zLine()
  .max(64)
  .transform((raw) => normalizeInviteCode(raw))
  .pipe(z.string().min(1, 'Invite code is required'));

export function normalizeInviteCode(raw: string): string {
  return raw.toUpperCase().replace(/[\s-]/g, '');
}

export function isWellFormedInviteCode(code: string): boolean {
  return (
    code.length === INVITE_CODE_LENGTH && [...code].every((c) => INVITE_CODE_ALPHABET.includes(c))
  );
}

export const ZJoinGroupBody = z.object({ code: ZInviteCodeInput });
export type JoinGroupBody = z.input<typeof ZJoinGroupBody>;

/** POST /groups/join: `joined` is false when the caller was a member already. */
export const ZJoinGroupResult = z.object({ group: ZGroupSummary, joined: z.boolean() });
export type JoinGroupResult = z.infer<typeof ZJoinGroupResult>;

/** GET /groups/join/{code}: what the join page shows before the person decides. */
export const ZInviteCodePreview = z.object({
  group_id: z.number().int(),
  group_name: z.string(),
  member_count: z.number().int(),
  expires_at: z.string(),
  is_member: z.boolean(),
});
export type InviteCodePreview = z.infer<typeof ZInviteCodePreview>;

/** What happened in a group; later features add list, chore and expense verbs. */
export const ACTIVITY_VERBS = [
  'group_created',
  'group_updated',
  'group_settings_updated',
  'member_joined',
  'member_left',
  'member_removed',
  'role_changed',
  'member_weight_changed',
  'unit_created',
  'unit_updated',
  'unit_deleted',
  'invite_code_generated',
  'invite_code_revoked',
  'invitation_sent',
  'invitation_declined',
  'invitation_revoked',
  'list_created',
  'list_updated',
  'list_deleted',
  'list_completed',
  'list_reopened',
  'list_archived',
  'list_unarchived',
  'list_duplicated',
  'list_shared',
  'list_unshared',
  'list_imported',
  'item_added',
  'item_updated',
  'item_checked',
  'item_unchecked',
  'item_deleted',
  'items_reordered',
  'items_merged',
  'expense_added',
  'expense_updated',
  'expense_deleted',
  'split_settled',
  'settlement_recorded',
  'settlement_updated',
  'settlement_deleted',
  'expenses_imported',
  'chore_created',
  'chore_updated',
  'chore_deleted',
  'chore_completed',
  'chore_undone',
  'chore_assigned',
  'chore_unassigned',
  'assignment_completed',
  'assignment_undone',
  'chore_schedule_generated',
  'chore_time_logged',
  'away_period_added',
  'away_period_removed',
  'chore_skipped',
  'chore_snoozed',
  'chore_swap_requested',
  'chore_swap_accepted',
  'chore_swap_declined',
  'chore_swap_cancelled',
] as const;
export const ZActivityVerb = z.enum(ACTIVITY_VERBS);
export type ActivityVerb = z.infer<typeof ZActivityVerb>;

export const ZActivityEntry = z.object({
  id: z.number().int(),
  verb: ZActivityVerb,
  /** Null when the actor's account was deleted ("Deleted user") or the system acted. */
  actor: ZPersonRef.nullable(),
  /** The member the change was about, for member and role verbs. */
  subject: ZPersonRef.nullable(),
  /** Verb-specific facts, e.g. `{ from: 'member', to: 'admin' }` for role_changed. */
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type ActivityEntry = z.infer<typeof ZActivityEntry>;

/** Keyset pagination: pass `next_cursor` back as `cursor` for the next (older) page. */
export const ZPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(ACTIVITY_PAGE_MAX).default(ACTIVITY_PAGE_DEFAULT),
  /** An activity id: the same rule as every id in a query. */
  cursor: ZIdParam.optional(),
});
export type PageQuery = z.input<typeof ZPageQuery>;

export function zPage<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), next_cursor: z.string().nullable() });
}
export const ZActivityPage = zPage(ZActivityEntry);
export type ActivityPage = z.infer<typeof ZActivityPage>;
