/** Calendar display of an ISO timestamp in the current locale, e.g. "12 March 2025" in en. */
export function formatDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(iso));
}
