/**
 * Calendar display of an ISO timestamp in the current locale and the user's time zone, e.g.
 * "12 March 2025" in en: an instant near midnight falls on the day the user lived it.
 */
export function formatDate(iso: string, locale: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(new Date(iso));
}

/** Date and time of an ISO timestamp, e.g. "Mar 12, 2025, 6:05 PM" in en: for a log entry. */
export function formatDateTime(iso: string, locale: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(iso));
}

/** A calendar date (`YYYY-MM-DD`) in the language shown: the date itself, in no time zone. */
export function formatCalendarDate(date: string, locale: string): string {
  const instant = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(instant.getTime())) return date;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(instant);
}
