/**
 * Calendar display of an ISO timestamp in the current locale and the user's time zone, e.g.
 * "12 March 2025" in en: an instant near midnight falls on the day the user lived it.
 */
export function formatDate(iso: string, locale: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(new Date(iso));
}
