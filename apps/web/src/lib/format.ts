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
