/** A month (`YYYY-MM`) in the locale, e.g. "Mar 2025". */
export function formatMonth(month: string, locale: string): string {
  const instant = new Date(`${month}-01T00:00:00Z`);
  if (Number.isNaN(instant.getTime())) return month;
  return new Intl.DateTimeFormat(locale, {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(instant);
}

/** Today as a calendar date in the user's time zone, for a new expense's date field. */
export function today(timeZone?: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  } catch {
    return new Date().toISOString().slice(0, 10);
  }
}
