import type { ChoreDueRule } from '@household/contracts';
import { addCalendarDays, addCalendarMonths, type CalendarDate } from './calendar-date';
import { isRecurring, nextDueDate, type Recurrence } from './chore-recurrence';

/**
 * When the next turn is due (docs/chores.md "When the next one is due"). `due_date`: occurrences
 * are counted from the anchor (rent day); `completion`: the next turn is due one interval after
 * the day the last one was done or skipped (water the plants 7 days after the last watering).
 */

/** Where a chore moves: its next due date and the anchor later occurrences are counted from. */
export interface DueMove {
  dueDate: CalendarDate;
  anchorDate: CalendarDate;
}

/** One interval after `date`: daily +1, weekly +7, monthly +1 month (clamped), custom +n. */
export function oneIntervalAfter(recurrence: Recurrence, date: CalendarDate): CalendarDate {
  switch (recurrence.frequency) {
    case 'daily':
      return addCalendarDays(date, 1);
    case 'weekly':
      return addCalendarDays(date, 7);
    case 'monthly':
      return addCalendarMonths(date, 1);
    case 'custom':
      return addCalendarDays(date, Math.max(1, recurrence.intervalDays ?? 1));
    default:
      return date;
  }
}

/**
 * The chore's next due date and anchor once its turn is done (or skipped) on `on`. The due-date
 * rule keeps counting from the anchor (`nextDueDate`); the completion rule is due one interval
 * after `on` and anchors there. Never on or before the current due date: a turn done so early
 * (a completion window wider than the interval) that one interval after it is not past the due
 * date moves one interval past the due date instead.
 */
export function moveOn(
  recurrence: Recurrence,
  dueRule: ChoreDueRule,
  dueDate: CalendarDate,
  on: CalendarDate,
): DueMove {
  if (!isRecurring(recurrence.frequency)) return { dueDate, anchorDate: recurrence.anchorDate };
  if (dueRule === 'due_date') {
    return { dueDate: nextDueDate(recurrence, dueDate, on), anchorDate: recurrence.anchorDate };
  }
  const fromDone = oneIntervalAfter(recurrence, on);
  const next = fromDone > dueDate ? fromDone : oneIntervalAfter(recurrence, dueDate);
  return { dueDate: next, anchorDate: next };
}

/** The due date after a snooze of `days`; the anchor stays where it was. */
export const snoozedDueDate = (dueDate: CalendarDate, days: number): CalendarDate =>
  addCalendarDays(dueDate, days);

/** The first day a turn due on `dueDate` can be done; null when it can be done any time. */
export function completableFrom(
  dueDate: CalendarDate,
  windowDays: number | null,
): CalendarDate | null {
  return windowDays === null ? null : addCalendarDays(dueDate, -windowDays);
}

/** Whether a turn due on `dueDate` can be done on `today`. */
export function isCompletable(
  dueDate: CalendarDate,
  windowDays: number | null,
  today: CalendarDate,
): boolean {
  const from = completableFrom(dueDate, windowDays);
  return from === null || today >= from;
}
