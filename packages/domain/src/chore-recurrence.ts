import type { ChoreFrequency } from '@household/contracts';
import {
  addCalendarDays,
  addCalendarMonths,
  daysBetween,
  laterOf,
  type CalendarDate,
} from './calendar-date';

/**
 * When a chore comes round again (docs/chores.md "Recurrence"). Every occurrence is counted from
 * the chore's anchor, the due date last set by a person: a weekly chore anchored on a Monday stays
 * on Mondays, and a monthly chore anchored on the 31st falls on the last day of shorter months and
 * returns to the 31st where the month has one (31 Jan → 28/29 Feb → 31 Mar), instead of drifting
 * to the 28th for ever as "previous date + 1 month" would.
 */
export interface Recurrence {
  frequency: ChoreFrequency;
  /** Days between occurrences of a `custom` chore (at least 1); ignored otherwise. */
  intervalDays: number | null;
  anchorDate: CalendarDate;
}

export const isRecurring = (frequency: ChoreFrequency) => frequency !== 'one_time';

function stepDays({ frequency, intervalDays }: Recurrence): number | null {
  switch (frequency) {
    case 'daily':
      return 1;
    case 'weekly':
      return 7;
    case 'custom':
      return Math.max(1, intervalDays ?? 1);
    default:
      return null;
  }
}

/** The n-th occurrence (n ≥ 0) after the anchor. */
export function occurrence(recurrence: Recurrence, n: number): CalendarDate {
  if (recurrence.frequency === 'monthly') return addCalendarMonths(recurrence.anchorDate, n);
  const step = stepDays(recurrence);
  return step === null ? recurrence.anchorDate : addCalendarDays(recurrence.anchorDate, n * step);
}

/** The first occurrence strictly after `date` (the anchor itself when `date` is before it). */
export function occurrenceAfter(recurrence: Recurrence, date: CalendarDate): CalendarDate {
  if (date < recurrence.anchorDate) return recurrence.anchorDate;
  const elapsed = daysBetween(recurrence.anchorDate, date);
  // A first guess from the average length of a step, then a walk to the exact occurrence.
  const average = recurrence.frequency === 'monthly' ? 28 : (stepDays(recurrence) ?? 1);
  let n = Math.max(0, Math.floor(elapsed / average) - 1);
  while (n > 0 && occurrence(recurrence, n) > date) n -= 1;
  while (occurrence(recurrence, n) <= date) n += 1;
  return occurrence(recurrence, n);
}

/**
 * The due date after a completion on `completedOn`: the first occurrence after both the current
 * due date and the day it was done. Done early, the chore moves one step; done late, it skips the
 * occurrences that passed meanwhile instead of piling them up. Never earlier than it was. A
 * one-time chore keeps its date (it is simply done).
 */
export function nextDueDate(
  recurrence: Recurrence,
  dueDate: CalendarDate,
  completedOn: CalendarDate,
): CalendarDate {
  if (!isRecurring(recurrence.frequency)) return dueDate;
  return occurrenceAfter(recurrence, laterOf(dueDate, completedOn));
}

export interface OccurrenceWindow {
  /** The chore's current due date: no occurrence before it is listed. */
  dueDate: CalendarDate;
  from: CalendarDate;
  to: CalendarDate;
  /** At most this many occurrences (default 1000). */
  limit?: number;
}

/** Occurrences from the chore's due date on, within [from, to] (both included), at most `limit`. */
export function occurrencesBetween(
  recurrence: Recurrence,
  { dueDate, from, to, limit = 1000 }: OccurrenceWindow,
): CalendarDate[] {
  const start = laterOf(dueDate, from);
  if (!isRecurring(recurrence.frequency)) return dueDate >= from && dueDate <= to ? [dueDate] : [];
  const dates: CalendarDate[] = [];
  let next = start === dueDate ? dueDate : occurrenceAfter(recurrence, addCalendarDays(start, -1));
  while (next <= to && dates.length < limit) {
    dates.push(next);
    next = occurrenceAfter(recurrence, next);
  }
  return dates;
}
