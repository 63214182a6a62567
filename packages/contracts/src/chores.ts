import { z } from './zod';
import { ZId } from './common';
import { ZCalendarDate } from './expenses';
import { zPage, ZPersonRef } from './groups';
import {
  CHORE_COMPLETION_WINDOW_MAX_DAYS,
  CHORE_DESCRIPTION_MAX_LENGTH,
  CHORE_EFFORT_DEFAULT,
  CHORE_EFFORT_MAX,
  CHORE_EFFORT_MIN,
  CHORE_FAIR_WINDOW_MAX,
  CHORE_HISTORY_PAGE_DEFAULT,
  CHORE_HISTORY_PAGE_MAX,
  CHORE_INTERVAL_MAX_DAYS,
  CHORE_INTERVAL_MIN_DAYS,
  CHORE_NAME_MAX_LENGTH,
  CHORE_PAGE_DEFAULT,
  CHORE_PAGE_MAX,
  CHORE_ROTATION_MAX,
  AWAY_PERIOD_MAX_DAYS,
  CHORE_SKIP_REASON_MAX_LENGTH,
  SCHEDULE_AWAY_PERIODS_MAX,
  SCHEDULE_WEEKS_MAX,
  TIME_ENTRY_MAX_MINUTES,
  TIME_ENTRY_NOTE_MAX_LENGTH,
} from './limits';
import { ZIdParam, zLine, zMultiline } from './text';
import { ZReauthBody } from './users';

/**
 * Chores, their assignments, history and time entries (docs/chores.md). Dates are calendar dates
 * (`YYYY-MM-DD`) in the chore's time zone: its group's, or its owner's for a personal chore.
 */

/** spec §4: how often a chore comes round; `custom` every `interval_days` days. */
export const CHORE_FREQUENCIES = ['one_time', 'daily', 'weekly', 'monthly', 'custom'] as const;
export const ZChoreFrequency = z.enum(CHORE_FREQUENCIES);
export type ChoreFrequency = z.infer<typeof ZChoreFrequency>;

/**
 * How a group chore's turns are handed out (docs/chores.md "Assignment strategies"): a set order,
 * fewest done, least effort, random but fair over a window, always one person, or whoever takes it.
 */
export const ASSIGNMENT_STRATEGIES = [
  'fixed_rotation',
  'least_done',
  'least_effort',
  'random_fair',
  'same_person',
  'claimable',
] as const;
export const ZAssignmentStrategy = z.enum(ASSIGNMENT_STRATEGIES);
export type AssignmentStrategyName = z.infer<typeof ZAssignmentStrategy>;

/**
 * When the next turn is due (docs/chores.md "When the next one is due"): counted from the due date
 * (rent day) or from the day it was last done (water the plants 7 days after the last watering).
 */
export const CHORE_DUE_RULES = ['due_date', 'completion'] as const;
export const ZChoreDueRule = z.enum(CHORE_DUE_RULES);
export type ChoreDueRule = z.infer<typeof ZChoreDueRule>;

/** Who has the turn after a skipped one: the next person by the strategy, or the same person. */
export const CHORE_SKIP_POLICIES = ['next_person', 'same_person'] as const;
export const ZChoreSkipPolicy = z.enum(CHORE_SKIP_POLICIES);
export type ChoreSkipPolicy = z.infer<typeof ZChoreSkipPolicy>;

/** A request to take someone's turn (docs/chores.md "Swaps"). */
export const CHORE_SWAP_STATUSES = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export const ZChoreSwapStatus = z.enum(CHORE_SWAP_STATUSES);
export type ChoreSwapStatus = z.infer<typeof ZChoreSwapStatus>;

/** A turn can be done from this many days before its due date (0: on the day). */
export const ZCompletionWindow = z
  .number()
  .int('The window is a whole number of days')
  .min(0, 'The window cannot be negative')
  .max(CHORE_COMPLETION_WINDOW_MAX_DAYS, `At most ${CHORE_COMPLETION_WINDOW_MAX_DAYS} days`);

export const ZRotationOrder = z
  .array(ZId)
  .max(CHORE_ROTATION_MAX, `At most ${CHORE_ROTATION_MAX} members in the order`);
export const ZFairWindow = z.number().int().min(1).max(CHORE_FAIR_WINDOW_MAX);

/** Why the next turn goes to whom (domain NextReason); `skipped`: members passed over as away. */
export const ZNextReason = z.object({
  kind: z.enum([
    'next_in_order',
    'fewest_done',
    'least_effort',
    'random_fair',
    'same_person',
    'claimable',
    'everyone_away',
    'nobody',
    'assigned',
  ]),
  /** next_in_order: whose turn it follows. */
  after: ZPersonRef.nullable().optional(),
  /** fewest_done: their count; least_effort: their effort; random_fair: the window. */
  count: z.number().int().optional(),
  effort: z.number().int().optional(),
  window: z.number().int().optional(),
  skipped: z.array(ZPersonRef),
});
export type NextReasonView = z.infer<typeof ZNextReason>;

export const CHORE_TYPES = ['personal', 'group'] as const;
export const ZChoreType = z.enum(CHORE_TYPES);
export type ChoreType = z.infer<typeof ZChoreType>;

/** spec §5 chore form. */
export const ZChoreName = zLine()
  .trim()
  .min(1, 'Name is required')
  .max(CHORE_NAME_MAX_LENGTH, `Name must be at most ${CHORE_NAME_MAX_LENGTH} characters`);
export const ZChoreDescription = zMultiline().trim().max(CHORE_DESCRIPTION_MAX_LENGTH);
export const ZChoreDueDate = z
  .string({ error: 'Due date is required' })
  .min(1, 'Due date is required')
  .refine((text) => ZCalendarDate.safeParse(text).success, 'Invalid date format');
export const ZChoreInterval = z
  .number({ error: 'Interval must be at least 1 day' })
  .int('Interval must be a whole number of days')
  .min(CHORE_INTERVAL_MIN_DAYS, 'Interval must be at least 1 day')
  .max(CHORE_INTERVAL_MAX_DAYS);
export const ZChoreEffort = z.number().int().min(CHORE_EFFORT_MIN).max(CHORE_EFFORT_MAX);

export const ZChoreAssignmentRef = z.object({
  id: z.number().int(),
  user: ZPersonRef.nullable(),
  due_date: z.string(),
  completed_on: z.string().nullable(),
  version: z.number().int(),
});
export type ChoreAssignmentRef = z.infer<typeof ZChoreAssignmentRef>;

export const ZChore = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  type: ZChoreType,
  group_id: z.number().int().nullable(),
  group_name: z.string().nullable(),
  frequency: ZChoreFrequency,
  /** Days between occurrences of a `custom` chore; null otherwise. */
  interval_days: z.number().int().nullable(),
  /** The next due date (for a completed one-time chore: the date it was due). */
  due_date: z.string(),
  effort: z.number().int(),
  /** spec §4: pending or completed. A recurring chore is pending again once done. */
  status: z.enum(['pending', 'completed']),
  /** The last completion: when and by whom; null when not done (or undone). */
  completed_on: z.string().nullable(),
  completed_by: ZPersonRef.nullable(),
  /** The zone the dates are in: the group's, or the owner's for a personal chore. */
  time_zone: z.string(),
  /** Who is assigned the occurrence on `due_date`, if anyone. */
  assignment: ZChoreAssignmentRef.nullable(),
  assignment_strategy: ZAssignmentStrategy,
  rotation_order: z.array(z.number().int()),
  assignee_id: z.number().int().nullable(),
  fair_window: z.number().int().nullable(),
  /** Counted from the due date or from the day it was done (docs/chores.md "When the next one is due"). */
  due_rule: ZChoreDueRule,
  /** A turn can be done from this many days before its due date; null: any time. */
  completion_window_days: z.number().int().nullable(),
  /** The first day the current turn can be done; null: any time. */
  completable_from: z.string().nullable(),
  skip_policy: ZChoreSkipPolicy,
  /** Who has the turn on `due_date` (or would, by the strategy), and why. */
  next_assignee: ZPersonRef.nullable(),
  next_reason: ZNextReason.nullable(),
  created_by: ZPersonRef.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type Chore = z.infer<typeof ZChore>;

export const ZChorePage = zPage(ZChore);
export type ChorePage = z.infer<typeof ZChorePage>;

export const ZChoresQuery = z.object({
  /** Only this group's chores. */
  group_id: ZIdParam.optional(),
  /** `true`: only my personal chores. */
  personal: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(CHORE_PAGE_MAX).default(CHORE_PAGE_DEFAULT),
  cursor: ZIdParam.optional(),
});
export type ChoresQuery = z.input<typeof ZChoresQuery>;

const choreFields = {
  name: ZChoreName,
  description: ZChoreDescription.default(''),
  type: ZChoreType.default('personal'),
  group_id: ZId.nullish(),
  frequency: ZChoreFrequency.default('one_time'),
  interval_days: ZChoreInterval.nullish(),
  due_date: ZChoreDueDate,
  effort: ZChoreEffort.default(CHORE_EFFORT_DEFAULT),
  assignment_strategy: ZAssignmentStrategy.optional(),
  rotation_order: ZRotationOrder.optional(),
  assignee_id: ZId.nullish(),
  fair_window: ZFairWindow.nullish(),
  due_rule: ZChoreDueRule.optional(),
  completion_window_days: ZCompletionWindow.nullish(),
  skip_policy: ZChoreSkipPolicy.optional(),
};

/** spec §5: a group chore names its group; a custom one its interval. */
function checkChoreShape(
  body: {
    assignment_strategy?: AssignmentStrategyName;
    rotation_order?: number[];
    assignee_id?: number | null;
    type?: ChoreType;
    group_id?: number | null;
    frequency?: ChoreFrequency;
    interval_days?: number | null;
  },
  ctx: z.RefinementCtx,
) {
  if (body.type === 'group' && (body.group_id === null || body.group_id === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['group_id'], message: 'Please select a group' });
  }
  if (body.type === 'personal' && body.group_id !== null && body.group_id !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['group_id'],
      message: 'A personal chore has no group',
    });
  }
  if (body.type === 'personal' && body.assignment_strategy !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['assignment_strategy'],
      message: 'Only a group chore hands out turns',
    });
  }
  if (body.assignment_strategy === 'fixed_rotation' && body.rotation_order?.length === 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['rotation_order'],
      message: 'Put at least one member in the order',
    });
  }
  if (
    body.assignment_strategy === 'same_person' &&
    (body.assignee_id === null || body.assignee_id === undefined)
  ) {
    ctx.addIssue({ code: 'custom', path: ['assignee_id'], message: 'Please choose who does it' });
  }
  if (
    body.frequency === 'custom' &&
    (body.interval_days === null || body.interval_days === undefined)
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['interval_days'],
      message: 'Interval must be at least 1 day',
    });
  }
}

export const ZCreateChoreBody = z.object(choreFields).superRefine(checkChoreShape);
export type CreateChoreBody = z.input<typeof ZCreateChoreBody>;

/** Every edit names the version it was based on. Type and group do not change after creation. */
export const ZUpdateChoreBody = z
  .object({
    version: z.number().int().min(1),
    name: ZChoreName.optional(),
    description: ZChoreDescription.optional(),
    frequency: ZChoreFrequency.optional(),
    interval_days: ZChoreInterval.nullish(),
    due_date: ZChoreDueDate.optional(),
    effort: ZChoreEffort.optional(),
    assignment_strategy: ZAssignmentStrategy.optional(),
    rotation_order: ZRotationOrder.optional(),
    assignee_id: ZId.nullish(),
    fair_window: ZFairWindow.nullish(),
    due_rule: ZChoreDueRule.optional(),
    completion_window_days: ZCompletionWindow.nullish(),
    skip_policy: ZChoreSkipPolicy.optional(),
  })
  .superRefine(checkChoreShape);
export type UpdateChoreBody = z.input<typeof ZUpdateChoreBody>;

/** POST /chores/{id}/complete and /undo. */
export const ZChoreStatusBody = z.object({ version: z.number().int().min(1) });
export type ChoreStatusBody = z.input<typeof ZChoreStatusBody>;

/** POST /chores/{id}/skip: the turn passes without credit, for a reason. */
export const ZSkipChoreBody = z.object({
  reason: zLine()
    .trim()
    .min(1, 'Please give a reason')
    .max(CHORE_SKIP_REASON_MAX_LENGTH, `At most ${CHORE_SKIP_REASON_MAX_LENGTH} characters`),
  version: z.number().int().min(1).optional(),
});
export type SkipChoreBody = z.input<typeof ZSkipChoreBody>;

/** POST /chores/{id}/snooze: the turn waits a day or a week. */
export const CHORE_SNOOZE_DAYS = [1, 7] as const;
export const ZSnoozeChoreBody = z.object({
  days: z.union([z.literal(1), z.literal(7)]),
  version: z.number().int().min(1).optional(),
});
export type SnoozeChoreBody = z.input<typeof ZSnoozeChoreBody>;

export const ZAssignment = z.object({
  id: z.number().int(),
  chore_id: z.number().int(),
  chore_name: z.string(),
  chore_effort: z.number().int(),
  chore_frequency: ZChoreFrequency,
  group_id: z.number().int().nullable(),
  group_name: z.string().nullable(),
  user: ZPersonRef.nullable(),
  due_date: z.string(),
  completed_on: z.string().nullable(),
  completed_by: ZPersonRef.nullable(),
  /** Minutes recorded in finished time entries, and whether one is running now. */
  minutes_spent: z.number().int(),
  timer_running: z.boolean(),
  created_at: z.string(),
  version: z.number().int(),
});
export type Assignment = z.infer<typeof ZAssignment>;

export const ZAssignmentList = z.object({ items: z.array(ZAssignment) });
export type AssignmentList = z.infer<typeof ZAssignmentList>;

export const ZMyAssignmentsQuery = z.object({
  /** Completed assignments done on or after this date are included (default: the last 30 days). */
  completed_since: ZCalendarDate.optional(),
});
export type MyAssignmentsQuery = z.input<typeof ZMyAssignmentsQuery>;

export const ZCreateAssignmentBody = z.object({
  user_id: ZId,
  /** The occurrence; absent: the chore's due date. */
  due_date: ZChoreDueDate.optional(),
});
export type CreateAssignmentBody = z.input<typeof ZCreateAssignmentBody>;

/** PATCH /chores/assignments/{id}: complete or undo, or hand it to another member. */
export const ZUpdateAssignmentBody = z.object({
  version: z.number().int().min(1),
  completed: z.boolean().optional(),
  user_id: ZId.optional(),
});
export type UpdateAssignmentBody = z.input<typeof ZUpdateAssignmentBody>;

export const ZTimeEntry = z.object({
  id: z.number().int(),
  assignment_id: z.number().int(),
  user: ZPersonRef.nullable(),
  started_at: z.string(),
  /** Null while the timer runs. */
  ended_at: z.string().nullable(),
  minutes: z.number().int().nullable(),
  note: z.string(),
  version: z.number().int(),
});
export type TimeEntry = z.infer<typeof ZTimeEntry>;
export const ZTimeEntryList = z.object({ items: z.array(ZTimeEntry) });
export type TimeEntryList = z.infer<typeof ZTimeEntryList>;

const ZMinutes = z
  .number()
  .int('Minutes are whole numbers')
  .min(1, 'At least one minute')
  .max(TIME_ENTRY_MAX_MINUTES);
const ZTimeNote = zLine().trim().max(TIME_ENTRY_NOTE_MAX_LENGTH);

/** Start a timer (`{ start: true }`) or record a duration after the fact (`{ minutes }`). */
export const ZCreateTimeEntryBody = z.union([
  z.object({ start: z.literal(true), note: ZTimeNote.default('') }),
  z.object({ minutes: ZMinutes, note: ZTimeNote.default('') }),
]);
export type CreateTimeEntryBody = z.input<typeof ZCreateTimeEntryBody>;

/** Stop the running timer, or correct the minutes or the note. */
export const ZUpdateTimeEntryBody = z.object({
  version: z.number().int().min(1),
  stop: z.literal(true).optional(),
  minutes: ZMinutes.optional(),
  note: ZTimeNote.optional(),
});
export type UpdateTimeEntryBody = z.input<typeof ZUpdateTimeEntryBody>;

export const CHORE_HISTORY_ACTIONS = [
  'created',
  'updated',
  'deleted',
  'completed',
  'undone',
  'assigned',
  'unassigned',
  'assignment_completed',
  'assignment_undone',
  'schedule_generated',
  'time_logged',
  'skipped',
  'snoozed',
  'swap_requested',
  'swap_accepted',
  'swap_declined',
  'swap_cancelled',
] as const;
export const ZChoreHistoryAction = z.enum(CHORE_HISTORY_ACTIONS);
export type ChoreHistoryAction = z.infer<typeof ZChoreHistoryAction>;

export const ZChoreHistoryEntry = z.object({
  id: z.number().int(),
  chore_id: z.number().int().nullable(),
  chore_name: z.string(),
  action: ZChoreHistoryAction,
  actor: ZPersonRef.nullable(),
  /** The member the entry is about: who was assigned, who did it. */
  subject: ZPersonRef.nullable(),
  /** Action-specific facts, e.g. `{ due_before, due_after, completed_on }` for completed. */
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type ChoreHistoryEntry = z.infer<typeof ZChoreHistoryEntry>;

/** Per member: how much they have done, in count, effort and recorded minutes. */
export const ZChoreMemberTotal = z.object({
  user: ZPersonRef,
  completed: z.number().int(),
  effort: z.number().int(),
  minutes: z.number().int(),
});
export type ChoreMemberTotal = z.infer<typeof ZChoreMemberTotal>;

export const ZChoreHistoryPage = zPage(ZChoreHistoryEntry).extend({
  totals: z.array(ZChoreMemberTotal),
});
export type ChoreHistoryPage = z.infer<typeof ZChoreHistoryPage>;

export const ZChoreHistoryQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(CHORE_HISTORY_PAGE_MAX)
    .default(CHORE_HISTORY_PAGE_DEFAULT),
  cursor: ZIdParam.optional(),
});
export type ChoreHistoryQuery = z.input<typeof ZChoreHistoryQuery>;

export const ZAwayPeriod = z
  .object({ user_id: ZId, from: ZCalendarDate, to: ZCalendarDate })
  .refine((period) => period.from <= period.to, {
    path: ['to'],
    message: 'The end is before the start',
  });

/** POST /groups/{id}/chores/generate-schedule: `preview: true` plans without saving. */
export const ZGenerateScheduleBody = z.object({
  /** First day of the period; absent: today in the group's time zone. */
  start_date: ZCalendarDate.optional(),
  weeks: z.number().int().min(1).max(SCHEDULE_WEEKS_MAX),
  member_ids: z.array(ZId).min(1, 'Choose at least one person').max(100),
  /** Which recurring chores; absent: every recurring chore of the group. */
  chore_ids: z.array(ZId).max(1000).optional(),
  away: z.array(ZAwayPeriod).max(SCHEDULE_AWAY_PERIODS_MAX).default([]),
  preview: z.boolean().default(false),
});
export type GenerateScheduleBody = z.input<typeof ZGenerateScheduleBody>;

export const ZPlannedAssignment = z.object({
  chore_id: z.number().int(),
  chore_name: z.string(),
  due_date: z.string(),
  effort: z.number().int(),
  /** Null when every chosen member is away that day, or when the chore is open to take. */
  user_id: z.number().int().nullable(),
  /** A claimable chore's occurrence: nobody is planned, whoever takes it does it. */
  open: z.boolean(),
});
export type PlannedAssignment = z.infer<typeof ZPlannedAssignment>;

export const ZScheduleResult = z.object({
  start_date: z.string(),
  end_date: z.string(),
  saved: z.boolean(),
  assignments: z.array(ZPlannedAssignment),
  loads: z.array(
    z.object({
      user: ZPersonRef,
      prior_effort: z.number().int(),
      planned_effort: z.number().int(),
      planned_count: z.number().int(),
    }),
  ),
});
export type ScheduleResult = z.infer<typeof ZScheduleResult>;

/** GET /chores/calendar-feed: the caller's private iCal address (POST …/reset makes a new one). */
export const ZCalendarFeed = z.object({ url: z.string(), webcal_url: z.string() });
export type CalendarFeed = z.infer<typeof ZCalendarFeed>;

/**
 * POST /chores/calendar-feed and …/reset: a new address reads my chores without signing in, so
 * making one needs a fresh login or the password (docs/accounts.md "Sensitive changes").
 */
export const ZCalendarFeedBody = ZReauthBody;
export type CalendarFeedBody = z.input<typeof ZCalendarFeedBody>;

/**
 * A stored away period (docs/chores.md "Away periods"): no strategy gives the member a turn from
 * `starts_on` to `ends_on`, both included, and the schedule generator plans around it.
 */
export const ZMemberAwayPeriod = z.object({
  id: z.number().int(),
  group_id: z.number().int(),
  user: ZPersonRef,
  starts_on: z.string(),
  ends_on: z.string(),
  /** Null when who marked it has deleted their account. */
  created_by: z.number().int().nullable(),
  created_at: z.string(),
});
export type MemberAwayPeriod = z.infer<typeof ZMemberAwayPeriod>;

/** POST /groups/{id}/away-periods: `user_id` absent means the caller. */
export const ZCreateAwayPeriodBody = z
  .object({
    user_id: ZId.optional(),
    starts_on: ZCalendarDate,
    ends_on: ZCalendarDate,
  })
  .refine((period) => period.starts_on <= period.ends_on, {
    path: ['ends_on'],
    message: 'The end is before the start',
  })
  .refine(
    (period) =>
      (Date.parse(period.ends_on) - Date.parse(period.starts_on)) / 86_400_000 <
      AWAY_PERIOD_MAX_DAYS,
    { path: ['ends_on'], message: `An away period lasts at most ${AWAY_PERIOD_MAX_DAYS} days` },
  );
export type CreateAwayPeriodBody = z.input<typeof ZCreateAwayPeriodBody>;
