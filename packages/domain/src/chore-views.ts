import { addCalendarDays, type CalendarDate } from './calendar-date';

/**
 * Which tab and which timeline section a chore or an assignment belongs to (spec §4), from its
 * due date and today's date in the viewer's time zone. The server and the web app both use these,
 * so a count on a tab and the rows under it never disagree.
 */
export const CHORE_TABS = ['overdue', 'today', 'upcoming', 'all_pending', 'completed'] as const;
export type ChoreTab = (typeof CHORE_TABS)[number];

export const TIMELINE_BUCKETS = ['overdue', 'today', 'this_week', 'later', 'completed'] as const;
export type TimelineBucket = (typeof TIMELINE_BUCKETS)[number];

/** What the views need to know of a chore or an assignment. */
export interface Dated {
  dueDate: CalendarDate;
  /** Done: a one-time chore or an assignment that was completed. */
  completed: boolean;
}

/** "This week" is the six days after today: the same span whatever weekday it is or locale. */
export const THIS_WEEK_DAYS = 6;

export function timelineBucket(thing: Dated, today: CalendarDate): TimelineBucket {
  if (thing.completed) return 'completed';
  if (thing.dueDate < today) return 'overdue';
  if (thing.dueDate === today) return 'today';
  return thing.dueDate <= addCalendarDays(today, THIS_WEEK_DAYS) ? 'this_week' : 'later';
}

/** The tabs a thing shows under: a pending one under its date's tab and "All pending". */
export function choreTabs(thing: Dated, today: CalendarDate): ChoreTab[] {
  if (thing.completed) return ['completed'];
  if (thing.dueDate < today) return ['overdue', 'all_pending'];
  if (thing.dueDate === today) return ['today', 'all_pending'];
  return ['upcoming', 'all_pending'];
}

/** Each tab's things, in due-date order (completed ones: most recently done first). */
export function groupByTab<T extends Dated & { completedOn?: CalendarDate | null }>(
  things: readonly T[],
  today: CalendarDate,
): Record<ChoreTab, T[]> {
  const tabs = Object.fromEntries(CHORE_TABS.map((tab) => [tab, [] as T[]])) as Record<
    ChoreTab,
    T[]
  >;
  const byDue = [...things].sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  for (const thing of byDue) for (const tab of choreTabs(thing, today)) tabs[tab].push(thing);
  tabs.completed.sort((a, b) => (b.completedOn ?? '').localeCompare(a.completedOn ?? ''));
  return tabs;
}

/** Each timeline section's things, in due-date order (completed: most recently done first). */
export function groupByBucket<T extends Dated & { completedOn?: CalendarDate | null }>(
  things: readonly T[],
  today: CalendarDate,
): Record<TimelineBucket, T[]> {
  const buckets = Object.fromEntries(TIMELINE_BUCKETS.map((b) => [b, [] as T[]])) as Record<
    TimelineBucket,
    T[]
  >;
  const byDue = [...things].sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  for (const thing of byDue) buckets[timelineBucket(thing, today)].push(thing);
  buckets.completed.sort((a, b) => (b.completedOn ?? '').localeCompare(a.completedOn ?? ''));
  return buckets;
}
