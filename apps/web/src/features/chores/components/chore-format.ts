import type { ChoreFrequency } from '@household/contracts';
import { todayIn, type CalendarDate } from '@household/domain';
import type { TFunction } from 'i18next';

/** spec §4: "One time", "Daily", "Weekly", "Monthly", or "Every n day(s)" for a custom interval. */
export function frequencyText(
  t: TFunction,
  frequency: ChoreFrequency,
  intervalDays: number | null,
): string {
  if (frequency === 'custom') return t('chores.frequency.every', { count: intervalDays ?? 1 });
  return t(`chores.frequency.${frequency}`);
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
