import type { PersonRef } from '@household/contracts';
import { formatMoney, minorUnitDigits } from '@household/domain';
import type { TFunction } from 'i18next';
import { isApiError } from '../../lib/api-client';
import type { TranslationKey } from '../../lib/i18n';

/** Money in a currency and the language the app shows (ARCHITECTURE "Money"). */
export function money(cents: number, currency: string, locale: string): string {
  try {
    return formatMoney(cents, currency, locale);
  } catch {
    return formatMoney(cents, 'EUR', locale);
  }
}

/**
 * A person of the ledger by name. docs/expenses.md "A ledger keeps its people": a deleted account
 * comes back with no name and stays in the balances as "Deleted user".
 */
export function moneyPersonName(t: TFunction, person: PersonRef): string {
  if (person.name) return person.name;
  return person.is_guest ? t('user.guest') : t('money.deletedUser');
}

/** A calendar date (`YYYY-MM-DD`) in the locale, read as the day itself, not an instant. */
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

/** Today as a calendar date in the person's own time zone. */
export function todayDate(now = new Date()): string {
  const offset = now.getTimezoneOffset() * 60_000;
  return new Date(now.getTime() - offset).toISOString().slice(0, 10);
}

/**
 * An amount as a person types it ("12,34", "12.34", "12", "€ 3.50") in minor units; null for an
 * empty field, NaN for something that is not an amount.
 */
export function parseAmountInput(text: string, currency: string): number | null {
  const cleaned = text.replace(/[\s€$£]/g, '');
  if (cleaned === '') return null;
  const digits = minorUnitDigits(currency);
  const pattern = digits === 0 ? /^\d+$/ : new RegExp(`^\\d+(?:[.,]\\d{1,${digits}})?$`);
  if (!pattern.test(cleaned)) return Number.NaN;
  const [whole = '0', fraction = ''] = cleaned.split(/[.,]/);
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** An amount as it goes back into an input field ("12.34"). */
export function amountInputValue(cents: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  return digits === 0 ? String(cents) : (cents / 10 ** digits).toFixed(digits);
}

/** The field codes the money routes answer with, each with its own text. */
const FIELD_ERRORS: Record<string, TranslationKey> = {
  not_a_member: 'money.errors.notAMember',
  same_person: 'money.errors.samePerson',
  exceeds_remaining: 'money.errors.exceedsRemaining',
};

/** The message for a failed money change: the causes a person can act on get their own text. */
export function moneyErrorKey(error: unknown, fallback: TranslationKey): TranslationKey {
  if (isApiError(error, 'conflict')) return 'money.errors.conflict';
  if (isApiError(error, 'forbidden')) return 'money.errors.forbidden';
  if (isApiError(error, 'not_found')) return 'money.errors.notFound';
  if (isApiError(error, 'payload_too_large')) return 'money.errors.tooLarge';
  if (isApiError(error, 'rate_limited')) return 'money.errors.rateLimited';
  if (isApiError(error, 'validation_failed')) {
    const code = error.problem.errors?.find((field) => field.code in FIELD_ERRORS)?.code;
    if (code) return FIELD_ERRORS[code]!;
  }
  if (error instanceof Error && error.name === 'ZodError') return 'errors.invalidData';
  return fallback;
}

/** The message for a failed load: a broken answer is named as such (spec §8), else the fallback. */
export function moneyLoadErrorKey(error: unknown, fallback: TranslationKey): TranslationKey {
  return error instanceof Error && error.name === 'ZodError' ? 'errors.invalidData' : fallback;
}
