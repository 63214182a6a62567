import type { SeriesRule } from '@household/contracts';
import {
  addCalendarDays,
  addCalendarMonths,
  billOccurrence,
  billOccurrencesBetween,
  type BillRepeat,
  todayIn,
  type CalendarDate,
} from '@household/domain';

/*
 * A series' rule as the domain's recurrence of bills (docs/expenses.md "Recurring bills"). The
 * contract also allows every n months or years; those are every n-th date of the monthly or yearly
 * rule, counted from the start, so a bill on the 31st still falls on each month's last day.
 */

/**
 * Dates are compared as `YYYY-MM-DD` text, which orders them only within four-digit years: no
 * window reaches past this, so the arithmetic never meets the year 10000.
 */
const LATEST_DATE = '9899-12-31';

const earlierOf = (a: CalendarDate, b: CalendarDate) => (a < b ? a : b);

function repeatOf(rule: SeriesRule): BillRepeat {
  switch (rule.frequency) {
    case 'weekly':
      return { kind: 'weekly', intervalWeeks: rule.interval };
    case 'monthly':
      return { kind: 'monthly', day: rule.month_day ?? Number(rule.start_date.slice(8)) };
    case 'yearly':
      return { kind: 'yearly' };
  }
}

/**
 * The rule's dates after `fromExclusive` (null: from its start) up to `toInclusive` and its
 * `until`, in order, at most `limit` of them.
 */
export function seriesDatesBetween(
  rule: SeriesRule,
  fromExclusive: CalendarDate | null,
  toInclusive: CalendarDate,
  limit = Number.POSITIVE_INFINITY,
): CalendarDate[] {
  const to = earlierOf(earlierOf(toInclusive, rule.until ?? toInclusive), LATEST_DATE);
  if (limit <= 0 || rule.start_date > to) return [];
  const repeat = repeatOf(rule);
  if (repeat.kind === 'weekly' || rule.interval === 1) {
    const dates = billOccurrencesBetween(
      { repeat, end: { kind: 'never' } },
      rule.start_date,
      fromExclusive,
      to,
    );
    return dates.slice(0, limit);
  }
  // Every n-th month or year: a walk from the start, a few hundred steps over decades.
  const dates: CalendarDate[] = [];
  for (let n = 0; dates.length < limit; n += 1) {
    const date = billOccurrence(repeat, rule.start_date, n * rule.interval);
    if (date > to) break;
    if (fromExclusive === null || date > fromExclusive) dates.push(date);
  }
  return dates;
}

/**
 * The rule's first date after `afterExclusive` (null: its first date at all), or null when its
 * `until` comes first. Any rule has a date within its interval in years and a month.
 */
export function nextSeriesDate(
  rule: SeriesRule,
  afterExclusive: CalendarDate | null,
): CalendarDate | null {
  const from = afterExclusive ?? addCalendarDays(rule.start_date, -1);
  const base = from < rule.start_date ? rule.start_date : from;
  const windowEnd =
    base >= '9800-01-01' ? LATEST_DATE : addCalendarMonths(base, 12 * rule.interval + 1);
  return seriesDatesBetween(rule, from, windowEnd, 1)[0] ?? null;
}

/** Whether `date` is one of the rule's dates (within its `until`). */
export function isSeriesDate(rule: SeriesRule, date: CalendarDate): boolean {
  return seriesDatesBetween(rule, addCalendarDays(date, -1), date, 1)[0] === date;
}

/** Whether a series has made (or passed over) every occurrence its rule's `count` allows. */
export const countReached = ({
  rule,
  occurrencesMade,
}: {
  rule: SeriesRule;
  occurrencesMade: number;
}) => rule.count !== null && rule.count !== undefined && occurrencesMade >= rule.count;

/** Today in a time zone; UTC for one the runtime does not know. */
export function todayInZone(timeZone: string, now: Date): CalendarDate {
  try {
    return todayIn(timeZone, now);
  } catch {
    return todayIn('UTC', now);
  }
}
