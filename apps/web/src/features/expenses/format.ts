import type { PersonRef } from '@household/contracts';
import { formatMoney } from '@household/domain';
import type { TFunction } from 'i18next';

/** Money in the expense's currency and the language the app shows (ARCHITECTURE "Money"). */
export function money(cents: number, currency: string, locale: string): string {
  try {
    return formatMoney(cents, currency, locale);
  } catch {
    return formatMoney(cents, 'EUR', locale);
  }
}

/**
 * spec §3 display name. The ledger keeps the ids of deleted accounts and the server names them
 * with no name (docs/expenses.md): such a person, or none at all, is a "Deleted user".
 */
export function personName(t: TFunction, person: PersonRef | null): string {
  if (person?.name) return person.name;
  return person?.is_guest ? t('user.guest') : t('expenses.deletedUser');
}

/** A calendar date (`YYYY-MM-DD`) as the person entered it, in their language: no time zone. */
export function formatCalendarDate(date: string, locale: string): string {
  const instant = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(instant.getTime())) return date;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(instant);
}

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
