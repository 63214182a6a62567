import type { Chore } from '@household/contracts';
import { occurrencesBetween, type CalendarDate } from '@household/domain';

/** How an entry in the calendar looks: still to do, due before today, or done that day. */
export type ChoreEventKind = 'pending' | 'overdue' | 'done';

export interface ChoreEvent {
  id: string;
  choreId: number;
  name: string;
  date: CalendarDate;
  kind: ChoreEventKind;
}

/** A month view shows six weeks; a daily chore in it is 42 entries, never thousands. */
const OCCURRENCES_PER_CHORE = 62;

/**
 * The calendar's entries between `from` and `to` (both included): each pending chore on every
 * date it comes round from its due date on (spec §2 calendar view; the due date is the anchor),
 * and the last completion of each chore on the day it was done.
 */
export function choreEvents(
  chores: readonly Chore[],
  from: CalendarDate,
  to: CalendarDate,
  today: CalendarDate,
): ChoreEvent[] {
  const events: ChoreEvent[] = [];
  for (const chore of chores) {
    if (chore.status === 'pending') {
      const recurrence = {
        frequency: chore.frequency,
        intervalDays: chore.interval_days,
        anchorDate: chore.due_date,
      };
      for (const date of occurrencesBetween(recurrence, {
        dueDate: chore.due_date,
        from,
        to,
        limit: OCCURRENCES_PER_CHORE,
      })) {
        events.push({
          id: `${chore.id}:${date}`,
          choreId: chore.id,
          name: chore.name,
          date,
          kind: date < today ? 'overdue' : 'pending',
        });
      }
    }
    const doneOn = chore.completed_on;
    if (doneOn !== null && doneOn >= from && doneOn <= to) {
      events.push({
        id: `${chore.id}:done:${doneOn}`,
        choreId: chore.id,
        name: chore.name,
        date: doneOn,
        kind: 'done',
      });
    }
  }
  return events;
}
