import type { ChoreFrequency, PersonRef } from '@household/contracts';
import { todayIn, type CalendarDate } from '@household/domain';
import type { TFunction } from 'i18next';

/** A calendar date (`YYYY-MM-DD`) in the language shown: the date itself, in no time zone. */
export function formatCalendarDate(date: CalendarDate, locale: string): string {
  const instant = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(instant.getTime())) return date;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(instant);
}

/** spec §4: "One time", "Daily", "Weekly", "Monthly", or "Every n day(s)" for a custom interval. */
export function frequencyText(
  t: TFunction,
  frequency: ChoreFrequency,
  intervalDays: number | null,
): string {
  if (frequency === 'custom') return t('chores.frequency.every', { count: intervalDays ?? 1 });
  return t(`chores.frequency.${frequency}`);
}

/** spec §3 display name; a deleted account keeps its place with no name. */
export function personName(t: TFunction, person: PersonRef | null): string {
  if (person?.name) return person.name;
  return person?.is_guest ? t('user.guest') : t('chores.card.deletedUser');
}

/**
 * Today in the user's time zone (their profile's), which decides what is overdue and what
 * "Today" and "Next week" mean. A zone the browser does not know falls back to its own.
 */
export function todayForUser(timeZone: string | null | undefined): CalendarDate {
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  try {
    return todayIn(timeZone ?? browserZone);
  } catch {
    return todayIn(browserZone);
  }
}
