import {
  addCalendarDays,
  addCalendarMonths,
  daysBetween,
  todayIn,
  type CalendarDate,
} from './calendar-date';

/**
 * When a recurring bill (rent, internet, a cleaner) comes round (issue "Money the way households
 * share it" §1). Occurrences are calendar dates in the group's time zone, each counted from the
 * series' start rather than from the one before, so a monthly bill on the 31st falls on the last
 * day of shorter months and returns to the 31st, and a yearly one from 29 February falls on the
 * 28th in other years. Being dates and not instants, a daylight-saving change can neither repeat
 * nor skip one; the time zone only says which date today is.
 */
export type BillRepeat =
  /** Every `intervalWeeks` weeks (1: weekly) on the start's weekday. */
  | { kind: 'weekly'; intervalWeeks: number }
  /** Every month on a day (clamped to the month's last day) or on the last day. */
  | { kind: 'monthly'; day: number | 'last' }
  /** Every year on the start's month and day. */
  | { kind: 'yearly' };

export type BillEnd =
  | { kind: 'never' }
  /** No occurrence after this date (it is included). */
  | { kind: 'until'; date: CalendarDate }
  /** This many occurrences in all, from the first. */
  | { kind: 'count'; count: number };

export interface BillRule {
  repeat: BillRepeat;
  end: BillEnd;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(date: CalendarDate): [year: number, month: number, day: number] {
  const match = DATE.exec(date);
  if (!match || addCalendarDays(date, 0) !== date) throw new RangeError(`not a date: ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The first of the month `months` after the month of `date`. */
const monthStart = (date: CalendarDate, months: number): CalendarDate =>
  addCalendarMonths(`${date.slice(0, 8)}01`, months);

const lastDayOf = (firstOfMonth: CalendarDate): number =>
  Number(addCalendarDays(addCalendarMonths(firstOfMonth, 1), -1).slice(8));

/** In the month starting `firstOfMonth`: the day asked for, or the last day when it has none. */
function dayInMonth(firstOfMonth: CalendarDate, day: number | 'last'): CalendarDate {
  const last = lastDayOf(firstOfMonth);
  return `${firstOfMonth.slice(0, 8)}${pad(day === 'last' ? last : Math.min(day, last))}`;
}

function checkRule({ repeat, end }: BillRule) {
  if (
    repeat.kind === 'weekly' &&
    (!Number.isSafeInteger(repeat.intervalWeeks) || repeat.intervalWeeks < 1)
  ) {
    throw new RangeError(`every ${repeat.intervalWeeks} weeks`);
  }
  if (
    repeat.kind === 'monthly' &&
    repeat.day !== 'last' &&
    (!Number.isSafeInteger(repeat.day) || repeat.day < 1 || repeat.day > 31)
  ) {
    throw new RangeError(`monthly on day ${repeat.day}`);
  }
  if (end.kind === 'count' && (!Number.isSafeInteger(end.count) || end.count < 0)) {
    throw new RangeError(`${end.count} occurrences`);
  }
  if (end.kind === 'until') parts(end.date);
}

/**
 * The n-th occurrence (n ≥ 0) of a series that starts on `start`, whatever its end: the first is
 * the start itself, or for a monthly bill the first of its days on or after the start.
 */
export function billOccurrence(repeat: BillRepeat, start: CalendarDate, n: number): CalendarDate {
  switch (repeat.kind) {
    case 'weekly':
      return addCalendarDays(start, 7 * repeat.intervalWeeks * n);
    case 'yearly':
      return addCalendarMonths(start, 12 * n);
    case 'monthly': {
      const skip = dayInMonth(monthStart(start, 0), repeat.day) < start ? 1 : 0;
      return dayInMonth(monthStart(start, n + skip), repeat.day);
    }
  }
}

/** The index of the first occurrence after `date` (0 when `date` is before the first). */
function firstIndexAfter(repeat: BillRepeat, start: CalendarDate, date: CalendarDate): number {
  if (date < start) return 0;
  const [startYear, startMonth] = parts(start);
  const [year, month] = parts(date);
  const months = (year - startYear) * 12 + (month - startMonth);
  // A guess at or a little below the answer, then a walk to it: a step or two at most.
  let n: number;
  if (repeat.kind === 'weekly') {
    n = Math.floor(daysBetween(start, date) / (7 * repeat.intervalWeeks));
  } else {
    n = Math.max(0, repeat.kind === 'yearly' ? Math.floor(months / 12) - 1 : months - 1);
  }
  while (n > 0 && billOccurrence(repeat, start, n - 1) > date) n -= 1;
  while (billOccurrence(repeat, start, n) <= date) n += 1;
  return n;
}

/**
 * The occurrences of a series after `fromExclusive` (null: from its start) up to `toInclusive`, in
 * order, none after its end. Consecutive windows share no date and miss none, so a scheduler that
 * passes the date it last ran through creates each occurrence once, and after downtime catches up
 * every missed one, once.
 */
export function billOccurrencesBetween(
  rule: BillRule,
  start: CalendarDate,
  fromExclusive: CalendarDate | null,
  toInclusive: CalendarDate,
): CalendarDate[] {
  checkRule(rule);
  parts(start);
  parts(toInclusive);
  const { repeat, end } = rule;
  const dates: CalendarDate[] = [];
  let n = fromExclusive === null ? 0 : firstIndexAfter(repeat, start, fromExclusive);
  for (; ; n += 1) {
    if (end.kind === 'count' && n >= end.count) break;
    const date = billOccurrence(repeat, start, n);
    if (date > toInclusive || (end.kind === 'until' && date > end.date)) break;
    dates.push(date);
  }
  return dates;
}

/**
 * What a scheduler creates now: the occurrences after the date it last ran through (null: never)
 * up to today in the group's time zone. It then records today as the date it ran through.
 */
export function billOccurrencesDue(
  rule: BillRule,
  start: CalendarDate,
  ranThrough: CalendarDate | null,
  timeZone: string,
  now: Date,
): CalendarDate[] {
  return billOccurrencesBetween(rule, start, ranThrough, todayIn(timeZone, now));
}
