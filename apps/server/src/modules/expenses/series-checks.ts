import type { SeriesRule, SplitInputParsed } from '@household/contracts';
import { addCalendarDays, type CalendarDate } from '@household/domain';
import type { Tx } from '../../db/client';
import { validationFailed } from '../../http/problem';
import { assertPayerIsMember } from './create-expense';
import { assertExpenseCategory, sharesOf } from './split-input';
import { nextSeriesDate } from './series-dates';

/** A new series starts at most this long ago: all its dates up to today are made at once. */
export const SERIES_START_MAX_DAYS_AGO = 366;

/**
 * A variable bill's split is checked against this amount: the split rules (members only, the
 * percentages add up) hold whatever the amount turns out to be.
 */
const PROBE_AMOUNT_CENTS = 10_000;

/** The rule as stored: a day of the month only on a monthly rule, nulls rather than absences. */
export function normalRule(rule: SeriesRule): SeriesRule {
  return {
    frequency: rule.frequency,
    interval: rule.interval,
    month_day: rule.frequency === 'monthly' ? (rule.month_day ?? null) : null,
    start_date: rule.start_date,
    until: rule.until ?? null,
    count: rule.count ?? null,
  };
}

/**
 * A rule that can run: its end after its start, at least one date, and (when its start is new) a
 * start no more than a year ago, since every date up to today is made at once.
 */
export function assertRuleFits(
  rule: SeriesRule,
  { today, startIsNew }: { today: CalendarDate; startIsNew: boolean },
) {
  if (rule.until !== null && rule.until !== undefined && rule.until < rule.start_date) {
    throw validationFailed([
      { path: 'rule.until', code: 'invalid', message: 'The end date is before the first date' },
    ]);
  }
  if (startIsNew && rule.start_date < addCalendarDays(today, -SERIES_START_MAX_DAYS_AGO)) {
    throw validationFailed([
      {
        path: 'rule.start_date',
        code: 'too_early',
        message: 'A recurring expense starts at most a year ago',
      },
    ]);
  }
  if (nextSeriesDate(rule, null) === null) {
    throw validationFailed([
      { path: 'rule', code: 'invalid', message: 'The rule gives no date before its end' },
    ]);
  }
}

export interface SeriesTemplate {
  groupId: number | null;
  /** The creator; the owner of a personal series. */
  ownerId: number;
  amountCents: number | null;
  paidBy: number;
  categoryId: number | null;
  split: SplitInputParsed | undefined;
  currency: string;
}

/**
 * The template passes what a new expense of it would have to pass today (create-expense.ts):
 * the payer and everyone in the split are members, the split rules hold, the category is the
 * group's. Item splits are refused (a series has no list), and exact amounts need a fixed amount.
 */
export async function assertTemplateFits(tx: Tx, template: SeriesTemplate) {
  const { groupId, split } = template;
  if (split?.type === 'item_based') {
    throw validationFailed([
      {
        path: 'split.type',
        code: 'invalid',
        message: 'A recurring expense cannot be split by items',
      },
    ]);
  }
  if (groupId === null) {
    if (template.paidBy !== template.ownerId) {
      throw validationFailed([
        { path: 'paid_by', code: 'invalid', message: 'A personal expense is paid by its owner' },
      ]);
    }
  } else {
    await assertPayerIsMember(tx, groupId, template.paidBy);
    if (split === undefined) {
      throw validationFailed([
        { path: 'split', code: 'required', message: 'Say how the expense is split' },
      ]);
    }
    if (template.amountCents === null && split.type === 'exact') {
      throw validationFailed([
        {
          path: 'split.type',
          code: 'invalid',
          message: 'A bill whose amount varies cannot be split by exact amounts',
        },
      ]);
    }
    await sharesOf(tx, split, {
      groupId,
      listId: null,
      amountCents: template.amountCents ?? PROBE_AMOUNT_CENTS,
      currency: template.currency,
      rotation: 0,
    });
  }
  await assertExpenseCategory(tx, template.categoryId, {
    groupId,
    userId: template.ownerId,
  });
}
