import { z } from './zod';
import { ZId } from './common';
import { ZPersonRef } from './groups';
import { EXPENSE_NOTES_MAX_LENGTH } from './limits';
import { zMultiline } from './text';
import {
  ZCalendarDate,
  ZExpenseAmountCents,
  ZExpenseCategoryRef,
  ZExpenseDescription,
  ZExpenseSplitType,
  ZSplitInput,
} from './expenses';

/**
 * Issue 26 §1, docs/expenses.md "Recurring bills": rent, internet, a cleaner. A series makes one
 * expense per occurrence, on its date in the group's time zone, exactly once however many server
 * processes run and however long the server was down.
 */

export const SERIES_FREQUENCIES = ['weekly', 'monthly', 'yearly'] as const;
export const ZSeriesFrequency = z.enum(SERIES_FREQUENCIES);
export type SeriesFrequency = z.infer<typeof ZSeriesFrequency>;

export const SERIES_INTERVAL_MAX = 52;
export const SERIES_COUNT_MAX = 1000;

/** When a series' occurrences fall. */
export const ZSeriesRule = z.object({
  frequency: ZSeriesFrequency,
  /** Every n weeks, months or years; 1: every one. */
  interval: z.number().int().min(1).max(SERIES_INTERVAL_MAX).default(1),
  /**
   * Monthly only: the day of the month (a 31 falls on a shorter month's last day), or `last` for
   * the last day. Absent: the start date's day.
   */
  month_day: z.union([z.number().int().min(1).max(31), z.literal('last')]).nullish(),
  /** The first occurrence. */
  start_date: ZCalendarDate,
  /** The last date an occurrence may fall on; null: open-ended (or ended by `count`). */
  until: ZCalendarDate.nullish(),
  /** How many occurrences in all; null: no limit (or ended by `until`). */
  count: z.number().int().min(1).max(SERIES_COUNT_MAX).nullish(),
});
export type SeriesRule = z.infer<typeof ZSeriesRule>;
export type SeriesRuleInput = z.input<typeof ZSeriesRule>;

/** POST /expense-series: like a new expense, with a rule instead of a date. */
export const ZCreateExpenseSeriesBody = z.object({
  /** Null or absent: a personal series, only mine. */
  group_id: ZId.nullish(),
  description: ZExpenseDescription,
  /** Null: a variable bill; each occurrence waits for its amount and counts in no balance until then. */
  amount_cents: ZExpenseAmountCents.nullable(),
  /** Who pays; absent: me. */
  paid_by: ZId.optional(),
  category_id: ZId.nullish(),
  notes: zMultiline().trim().max(EXPENSE_NOTES_MAX_LENGTH).default(''),
  /** As for an expense; `item_based` is refused (a series has no list). */
  split: ZSplitInput.optional(),
  rule: ZSeriesRule,
});
export type CreateExpenseSeriesBody = z.input<typeof ZCreateExpenseSeriesBody>;

/**
 * PATCH /expense-series/{id}: changes this and future occurrences only. With `from_date`, the
 * occurrence of that date (already made) changes too; the ones before stay as they were.
 */
export const ZUpdateExpenseSeriesBody = z.object({
  version: z.number().int().min(1),
  from_date: ZCalendarDate.optional(),
  description: ZExpenseDescription.optional(),
  amount_cents: ZExpenseAmountCents.nullable().optional(),
  paid_by: ZId.optional(),
  category_id: ZId.nullish(),
  notes: zMultiline().trim().max(EXPENSE_NOTES_MAX_LENGTH).optional(),
  split: ZSplitInput.optional(),
  rule: ZSeriesRule.optional(),
});
export type UpdateExpenseSeriesBody = z.input<typeof ZUpdateExpenseSeriesBody>;

/** POST /expense-series/{id}/pause, /resume, /end: the version the change is based on. */
export const ZSeriesVersionBody = z.object({ version: z.number().int().min(1) });

/** POST /expense-series/{id}/skip: this one occurrence is not made (a date of the series, not yet made). */
export const ZSkipOccurrenceBody = z.object({
  version: z.number().int().min(1),
  date: ZCalendarDate,
});

/** PUT /expense-series/{id}/occurrences/{date}: the amount of a variable bill's waiting occurrence. */
export const ZFillOccurrenceBody = z.object({ amount_cents: ZExpenseAmountCents });

export const SERIES_STATUSES = ['active', 'paused', 'ended'] as const;
export const ZSeriesStatus = z.enum(SERIES_STATUSES);

export const ZExpenseSeries = z.object({
  id: z.number().int(),
  group_id: z.number().int().nullable(),
  description: z.string(),
  /** Null: a variable bill. */
  amount_cents: z.number().int().nullable(),
  currency: z.string(),
  paid_by: ZPersonRef,
  category: ZExpenseCategoryRef.nullable(),
  notes: z.string(),
  split_type: ZExpenseSplitType,
  /** The split as entered, for the form. */
  split: z.unknown(),
  rule: ZSeriesRule,
  status: ZSeriesStatus,
  /** The next date an occurrence will be made; null once the series has ended. */
  next_date: z.string().nullable(),
  /** Occurrences made so far (expenses, waiting ones and skipped ones alike count toward `count`). */
  occurrences_made: z.number().int(),
  /** A variable bill's occurrences waiting for their amount, oldest first. */
  awaiting_amount: z.array(z.object({ date: z.string() })),
  created_by: ZPersonRef.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type ExpenseSeries = z.infer<typeof ZExpenseSeries>;

/** GET /expense-series?group_id=: a group's series, or without it my personal ones. */
export const ZExpenseSeriesQuery = z.object({
  group_id: z.coerce.number().int().min(1).optional(),
});
export const ZExpenseSeriesList = z.object({ series: z.array(ZExpenseSeries) });
