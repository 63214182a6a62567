import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './types';
import { users } from './users';

export const groups = pgTable('groups', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  currency: text('currency').notNull().default('EUR'),
  /** The household's IANA zone: chores fall due on its calendar dates. */
  timeZone: text('time_zone').notNull().default('UTC'),
  inviteValidDays: integer('invite_valid_days').notNull().default(7),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  version: integer('version').notNull().default(1),
});
export type GroupRow = typeof groups.$inferSelect;

/**
 * Members joined to settle as one party, a couple: the suggested transfers run between units (and
 * members in none), and each person still sees their own share (docs/expenses.md "Units").
 */
export const groupUnits = pgTable(
  'group_units',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.groupId)],
);
export type GroupUnitRow = typeof groupUnits.$inferSelect;

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** owner | admin | member (contracts GROUP_ROLES). */
    role: text('role').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** The member's default weight for "shares" splits, in percent: a child at 50. */
    shareWeight: integer('share_weight').notNull().default(100),
    /** The unit (couple) the member settles with, if any. */
    unitId: integer('unit_id').references(() => groupUnits.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index().on(t.userId),
    index().on(t.unitId),
    check('group_members_share_weight', sql`${t.shareWeight} between 1 and 1000`),
  ],
);
export type GroupMemberRow = typeof groupMembers.$inferSelect;

/**
 * Invite codes. A revoked code stays for the record; the partial unique index makes a second
 * unrevoked code for one group impossible, whatever the order of concurrent regenerations.
 */
export const groupInviteCodes = pgTable(
  'group_invite_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    code: text('code').notNull().unique(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('group_invite_codes_one_active')
      .on(t.groupId)
      .where(sql`${t.revokedAt} is null`),
  ],
);
export type GroupInviteCodeRow = typeof groupInviteCodes.$inferSelect;

/**
 * Personal invitations into one group, kept by address: the invitation waits for whoever signs in
 * or up with that address and proves it, so sending one never tells whether the address has an
 * account (docs/groups.md "Inviting by email").
 */
export const groupInvitations = pgTable(
  'group_invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    inviterId: integer('inviter_id').references(() => users.id, { onDelete: 'set null' }),
    /** The invited address, lower-cased like users.email. */
    email: text('email').notNull(),
    /** The account that accepted or declined; null while pending and once revoked. */
    inviteeId: integer('invitee_id').references(() => users.id, { onDelete: 'cascade' }),
    /** pending | accepted | declined | revoked (contracts INVITATION_STATUSES). */
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('group_invitations_one_pending_per_email')
      .on(t.groupId, t.email)
      .where(sql`${t.status} = 'pending'`),
    index().on(t.email),
    index().on(t.inviteeId),
    index().on(t.inviterId),
  ],
);
export type GroupInvitationRow = typeof groupInvitations.$inferSelect;

/**
 * Who was removed from which group, and by whom: a removed person may not come back with the
 * group's invite code until a member invites them personally (docs/groups.md "Removal"). One row
 * per person and group; accepting an invitation deletes it, and it goes with the group or account.
 */
export const groupRemovals = pgTable(
  'group_removals',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    removedBy: integer('removed_by').references(() => users.id, { onDelete: 'set null' }),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index().on(t.userId)],
);
export type GroupRemovalRow = typeof groupRemovals.$inferSelect;

/** The group's activity log: one row per change, written in the change's transaction. */
export const groupActivity = pgTable(
  'group_activity',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    subjectUserId: integer('subject_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    verb: text('verb').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('group_activity_group_id_idx').on(t.groupId, t.id)],
);
export type GroupActivityRow = typeof groupActivity.$inferSelect;
