import { TZDate } from '@date-fns/tz';
import { UTCDate } from '@date-fns/utc';
import { addDays, addMonths, differenceInCalendarDays, format } from 'date-fns';

/**
 * A calendar date, `YYYY-MM-DD`, as the wire carries it. Chores live on calendar dates, not on
 * instants: "due on the 31st" means that day wherever the household is, so arithmetic happens on
 * dates in UTC (no daylight-saving gaps) and a time zone is needed only to say which date today is.
 */
export type CalendarDate = string;

const DATE_PATTERN = 'yyyy-MM-dd';

function toUtc(date: CalendarDate): UTCDate {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new UTCDate(year, month - 1, day);
}

const fromUtc = (date: Date): CalendarDate => format(date, DATE_PATTERN);

/** Today's date in a time zone at the instant `now` (e.g. still the 24th in Honolulu). */
export function todayIn(timeZone: string, now: Date = new Date()): CalendarDate {
  return format(new TZDate(now.getTime(), timeZone), DATE_PATTERN);
}

export const addCalendarDays = (date: CalendarDate, days: number): CalendarDate =>
  fromUtc(addDays(toUtc(date), days));

/** Months ahead, kept within the month: 31 January + 1 month is 28 (or 29) February. */
export const addCalendarMonths = (date: CalendarDate, months: number): CalendarDate =>
  fromUtc(addMonths(toUtc(date), months));

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: CalendarDate, to: CalendarDate): number =>
  differenceInCalendarDays(toUtc(to), toUtc(from));

/** `YYYY-MM-DD` strings order like the dates they name. */
export const laterOf = (a: CalendarDate, b: CalendarDate): CalendarDate => (a > b ? a : b);
