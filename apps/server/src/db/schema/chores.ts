import {
  ASSIGNMENT_STRATEGIES,
  CHORE_DUE_RULES,
  CHORE_FREQUENCIES,
  CHORE_SKIP_POLICIES,
  CHORE_SWAP_STATUSES,
} from '@household/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { groups } from './groups';
import { createdAt, updatedAt } from './types';
import { users } from './users';

/*
 * Chores (docs/chores.md). Dates are calendar dates in the chore's zone (its group's, or its
 * owner's); occurrences are counted from `anchor_date`, the due date a person last set.
 */

/**
 * How often a chore comes back (contracts CHORE_FREQUENCIES): a type of the database's own, so
 * that a value outside the list cannot be stored, and none is read back as a silent default.
 */
export const choreFrequency = pgEnum('chore_frequency', CHORE_FREQUENCIES);

/** How the chore's turns are handed out (contracts ASSIGNMENT_STRATEGIES, docs/chores.md). */
export const choreAssignmentStrategy = pgEnum('chore_assignment_strategy', ASSIGNMENT_STRATEGIES);

/** Counted from the due date or from the last completion (contracts CHORE_DUE_RULES). */
export const choreDueRule = pgEnum('chore_due_rule', CHORE_DUE_RULES);

/** Who has the turn after a skipped one (contracts CHORE_SKIP_POLICIES). */
export const choreSkipPolicy = pgEnum('chore_skip_policy', CHORE_SKIP_POLICIES);

export const choreSwapStatus = pgEnum('chore_swap_status', CHORE_SWAP_STATUSES);

/** A chore: in a group, or personal (`owner_id` set, no group: only its owner sees it). */
export const chores = pgTable(
  'chores',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    /** The owner of a personal chore (account deletion deletes it); null for group chores. */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    frequency: choreFrequency('frequency').notNull(),
    intervalDays: integer('interval_days'),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    anchorDate: date('anchor_date', { mode: 'string' }).notNull(),
    effort: integer('effort').notNull().default(1),
    /** The last completion; undo puts `due_before_completion` back as the due date. */
    completedOn: date('completed_on', { mode: 'string' }),
    completedBy: integer('completed_by').references(() => users.id, { onDelete: 'set null' }),
    dueBeforeCompletion: date('due_before_completion', { mode: 'string' }),
    /** Existing chores keep the least-effort rule they had. */
    assignmentStrategy: choreAssignmentStrategy('assignment_strategy')
      .notNull()
      .default('least_effort'),
    /** fixed_rotation: the members' order. */
    rotationOrder: jsonb('rotation_order').$type<number[]>().notNull().default([]),
    /** same_person: who always does it (account deletion clears it; one who left is passed over). */
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /** random_fair: turns per window; null: the number of members. */
    fairWindow: integer('fair_window'),
    /** Existing chores keep counting from the due date. */
    dueRule: choreDueRule('due_rule').notNull().default('due_date'),
    /** A turn can be completed from this many days before its due date; null: any time. */
    completionWindowDays: integer('completion_window_days'),
    skipPolicy: choreSkipPolicy('skip_policy').notNull().default('next_person'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('chores_group_due_idx').on(t.groupId, t.dueDate),
    index('chores_owner_due_idx').on(t.ownerId, t.dueDate),
    check('chores_personal_or_group', sql`(${t.groupId} is null) <> (${t.ownerId} is null)`),
  ],
);
export type ChoreRow = typeof chores.$inferSelect;

/** One occurrence of a chore given to one member: at most one assignee per chore and date. */
export const choreAssignments = pgTable(
  'chore_assignments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    choreId: integer('chore_id')
      .notNull()
      .references(() => chores.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    completedOn: date('completed_on', { mode: 'string' }),
    completedBy: integer('completed_by').references(() => users.id, { onDelete: 'set null' }),
    /** Whose turn it was before an accepted swap gave it to `user_id`: done for them. */
    forUserId: integer('for_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('chore_assignments_one_per_occurrence').on(t.choreId, t.dueDate),
    index('chore_assignments_user_due_idx').on(t.userId, t.dueDate),
    index('chore_assignments_group_idx').on(t.groupId, t.dueDate),
  ],
);
export type ChoreAssignmentRow = typeof choreAssignments.$inferSelect;

/** Time spent on an assignment: a running timer (no end yet) or a recorded duration. */
export const choreTimeEntries = pgTable(
  'chore_time_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => choreAssignments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    minutes: integer('minutes'),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('chore_time_entries_assignment_idx').on(t.assignmentId),
    uniqueIndex('chore_time_entries_one_running')
      .on(t.assignmentId, t.userId)
      .where(sql`${t.endedAt} is null`),
  ],
);
export type ChoreTimeEntryRow = typeof choreTimeEntries.$inferSelect;

/**
 * Who did what to which chore and when, written in the change's transaction. Entries outlive the
 * chore (its name is kept), so a household's record of who did the work survives a deletion.
 */
export const choreHistory = pgTable(
  'chore_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    choreId: integer('chore_id').references(() => chores.id, { onDelete: 'set null' }),
    choreName: text('chore_name').notNull(),
    /** contracts CHORE_HISTORY_ACTIONS. */
    action: text('action').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    subjectUserId: integer('subject_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** Effort credited to the subject (negative for an undo), summed for the fair rotation. */
    effort: integer('effort').notNull().default(0),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('chore_history_group_idx').on(t.groupId, t.id),
    index('chore_history_owner_idx').on(t.ownerId, t.id),
    index('chore_history_chore_idx').on(t.choreId, t.id),
  ],
);
export type ChoreHistoryRow = typeof choreHistory.$inferSelect;

/**
 * What each member has been credited in a group over its whole chore history (the sum of
 * `chore_history.effort`), kept with every history entry: the strategies that weigh it read one
 * row per member instead of summing years of history on every chores page.
 */
export const choreEffortTotals = pgTable(
  'chore_effort_totals',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    effort: integer('effort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] })],
);

/** Turns of a group chore each member has done (undos subtract), kept as `chore_effort_totals`. */
export const choreDoneTotals = pgTable(
  'chore_done_totals',
  {
    choreId: integer('chore_id')
      .notNull()
      .references(() => chores.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    done: integer('done').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.choreId, t.userId] })],
);

/** A person's private calendar address: the token in the URL, replaced on reset. */
export const choreCalendarFeeds = pgTable('chore_calendar_feeds', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: createdAt(),
});

/**
 * A member away from the household (holiday, work trip): no strategy gives them a turn on a date
 * in `[starts_on, ends_on]`, and the schedule generator plans around them too.
 */
export const memberAwayPeriods = pgTable(
  'member_away_periods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('member_away_periods_group_idx').on(t.groupId, t.endsOn),
    check('member_away_periods_order', sql`${t.startsOn} <= ${t.endsOn}`),
  ],
);
export type MemberAwayPeriodRow = typeof memberAwayPeriods.$inferSelect;

/**
 * A member asks another to take one of their turns (an assignment); the other accepts or declines.
 * At most one pending request per turn.
 */
export const choreSwaps = pgTable(
  'chore_swaps',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    choreId: integer('chore_id')
      .notNull()
      .references(() => chores.id, { onDelete: 'cascade' }),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => choreAssignments.id, { onDelete: 'cascade' }),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestedOf: integer('requested_of')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: choreSwapStatus('status').notNull().default('pending'),
    note: text('note').notNull().default(''),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('chore_swaps_one_pending_per_turn')
      .on(t.assignmentId)
      .where(sql`${t.status} = 'pending'`),
    index('chore_swaps_group_idx').on(t.groupId, t.id),
    index('chore_swaps_requested_of_idx').on(t.requestedOf, t.status),
  ],
);
export type ChoreSwapRow = typeof choreSwaps.$inferSelect;
