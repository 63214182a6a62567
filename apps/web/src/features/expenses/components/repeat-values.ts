/** The expense form's "Repeat" part: its values, their checks, and the rule they make. */
import {
  SERIES_COUNT_MAX,
  SERIES_INTERVAL_MAX,
  ZCalendarDate,
  type ExpenseSeries,
  type SeriesRuleInput,
} from '@household/contracts';
import type { TFunction } from 'i18next';
import { formatCalendarDate } from '../../../lib/format';
import type { Problem } from '../split-draft';
import { key } from './expense-form-values';

/**
 * How often, as the form offers it. Monthly is "on the date's day" or "on the last day", so the
 * first occurrence is always the form's date.
 */
export const REPEAT_CHOICES = [
  'never',
  'weekly',
  'weeks',
  'monthly_day',
  'monthly_last',
  'yearly',
] as const;
export type RepeatChoice = (typeof REPEAT_CHOICES)[number];

export const END_CHOICES = ['never', 'on', 'after'] as const;
export type EndChoice = (typeof END_CHOICES)[number];

export interface RepeatValues {
  repeat: RepeatChoice;
  /** "Every n weeks": n as typed. */
  weeks: string;
  ends: EndChoice;
  /** "Ends on": the last date an occurrence may fall on. */
  until: string;
  /** "Ends after": how many occurrences in all, as typed. */
  count: string;
  /** A variable bill: each occurrence waits for its amount. */
  variable: boolean;
}

export type RepeatErrors = Partial<Record<'weeks' | 'until' | 'count', Problem>>;

const NEW_REPEAT: RepeatValues = {
  repeat: 'never',
  weeks: '2',
  ends: 'never',
  until: '',
  count: '12',
  variable: false,
};

/** Where the Repeat part starts: never for a new expense, the series' own rule when editing one. */
export function initialRepeat(series: ExpenseSeries | undefined): RepeatValues {
  if (!series) return NEW_REPEAT;
  const { rule } = series;
  const interval = rule.interval ?? 1;
  const repeat: RepeatChoice =
    rule.frequency === 'weekly'
      ? interval > 1
        ? 'weeks'
        : 'weekly'
      : rule.frequency === 'monthly'
        ? rule.month_day === 'last'
          ? 'monthly_last'
          : 'monthly_day'
        : 'yearly';
  return {
    repeat,
    weeks: String(rule.frequency === 'weekly' && interval > 1 ? interval : 2),
    ends: rule.until ? 'on' : rule.count ? 'after' : 'never',
    until: rule.until ?? '',
    count: String(rule.count ?? NEW_REPEAT.count),
    variable: series.amount_cents === null,
  };
}

const wholeNumber = (text: string, min: number, max: number): number | null => {
  const cleaned = text.trim();
  if (!/^\d{1,4}$/.test(cleaned)) return null;
  const value = Number(cleaned);
  return value >= min && value <= max ? value : null;
};

/** The day of the month of a calendar date (`YYYY-MM-DD`). */
export const dayOfMonth = (date: string) => Number(date.slice(8, 10));

/**
 * The rule the Repeat part makes from `startDate` (the form's date), or null while it does not
 * repeat or a value is not right; `errors` says which.
 */
export function checkRepeat(
  values: RepeatValues,
  startDate: string,
): { errors: RepeatErrors; rule: SeriesRuleInput | null } {
  const errors: RepeatErrors = {};
  if (values.repeat === 'never') return { errors, rule: null };
  const weeks = wholeNumber(values.weeks, 2, SERIES_INTERVAL_MAX);
  if (values.repeat === 'weeks' && weeks === null) {
    errors.weeks = {
      key: key('expenses.repeat.weeksInvalid'),
      values: { max: SERIES_INTERVAL_MAX },
    };
  }
  let until: string | null = null;
  if (values.ends === 'on') {
    if (!ZCalendarDate.safeParse(values.until).success) {
      errors.until = { key: key('expenses.form.dateInvalid') };
    } else if (values.until < startDate) {
      errors.until = { key: key('expenses.repeat.untilBeforeStart') };
    } else until = values.until;
  }
  const count = wholeNumber(values.count, 1, SERIES_COUNT_MAX);
  if (values.ends === 'after' && count === null) {
    errors.count = { key: key('expenses.repeat.countInvalid'), values: { max: SERIES_COUNT_MAX } };
  }
  if (Object.keys(errors).length > 0 || !ZCalendarDate.safeParse(startDate).success) {
    return { errors, rule: null };
  }
  const ends = { until, count: values.ends === 'after' ? count : null };
  switch (values.repeat) {
    case 'weekly':
      return { errors, rule: { frequency: 'weekly', interval: 1, start_date: startDate, ...ends } };
    case 'weeks':
      return {
        errors,
        rule: { frequency: 'weekly', interval: weeks!, start_date: startDate, ...ends },
      };
    case 'monthly_day':
    case 'monthly_last':
      return {
        errors,
        rule: {
          frequency: 'monthly',
          interval: 1,
          month_day: values.repeat === 'monthly_last' ? 'last' : dayOfMonth(startDate),
          start_date: startDate,
          ...ends,
        },
      };
    case 'yearly':
      return { errors, rule: { frequency: 'yearly', interval: 1, start_date: startDate, ...ends } };
  }
}

/** Whether two rules make the same dates (absent and null fields alike). */
export function sameRule(a: SeriesRuleInput, b: SeriesRuleInput): boolean {
  return (
    a.frequency === b.frequency &&
    (a.interval ?? 1) === (b.interval ?? 1) &&
    (a.frequency !== 'monthly' ||
      (a.month_day ?? dayOfMonth(a.start_date)) === (b.month_day ?? dayOfMonth(b.start_date))) &&
    a.start_date === b.start_date &&
    (a.until ?? null) === (b.until ?? null) &&
    (a.count ?? null) === (b.count ?? null)
  );
}

/** How often a rule repeats, in words: "Monthly on day 1", "Every 2 weeks". */
export function frequencyInWords(t: TFunction, rule: SeriesRuleInput): string {
  const n = rule.interval ?? 1;
  switch (rule.frequency) {
    case 'weekly':
      return n > 1 ? t('expenses.repeat.everyWeeks', { n }) : t('expenses.repeat.weekly');
    case 'monthly': {
      const day = rule.month_day ?? dayOfMonth(rule.start_date);
      if (day === 'last') {
        return n > 1
          ? t('expenses.repeat.everyMonthsLastDay', { n })
          : t('expenses.repeat.monthlyLastDay');
      }
      return n > 1
        ? t('expenses.repeat.everyMonthsOnDay', { n, day })
        : t('expenses.repeat.monthlyOnDay', { day });
    }
    case 'yearly':
      return n > 1 ? t('expenses.repeat.everyYears', { n }) : t('expenses.repeat.yearly');
  }
}

/** A whole rule in words: how often, and until when or how many times. */
export function ruleInWords(t: TFunction, rule: SeriesRuleInput, locale: string): string {
  const parts = [frequencyInWords(t, rule)];
  if (rule.until) {
    parts.push(t('expenses.repeat.untilDate', { date: formatCalendarDate(rule.until, locale) }));
  }
  if (rule.count) parts.push(t('expenses.repeat.timesInAll', { count: rule.count }));
  return parts.join(' · ');
}
