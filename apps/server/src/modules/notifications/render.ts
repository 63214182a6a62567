import { DEFAULT_LOCALE, LOCALES, type Locale, type NotificationKind } from '@household/contracts';
import { MESSAGES } from './messages';

export type NotificationData = Record<string, string | number>;

export function localeOf(value: string): Locale {
  return (LOCALES as readonly string[]).includes(value) ? (value as Locale) : DEFAULT_LOCALE;
}

/** `{name}` placeholders filled from `values`; an unknown one is left empty. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => String(values[name] ?? ''));
}

/** Cents in the currency's own minor unit (JPY has none), written the locale's way. */
export function formatAmount(locale: Locale, cents: number, currency: string): string {
  try {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(cents / 10 ** digits);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** A calendar date `YYYY-MM-DD` in the locale's short form. */
function formatDate(locale: Locale, day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return day;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, date)),
  );
}

/** Title and body of a push or mail, in the recipient's language. */
export function renderNotification(
  locale: Locale,
  kind: NotificationKind,
  data: NotificationData,
): { title: string; body: string } {
  const texts = MESSAGES[locale];
  const template = texts.kinds[kind];
  const values: Record<string, string | number> = { ...data };
  for (const key of ['actor_name', 'payer_name']) {
    if (!values[key]) values[key] = texts.someone;
  }
  if (typeof data.amount_cents === 'number' && typeof data.currency === 'string') {
    values.amount = formatAmount(locale, data.amount_cents, data.currency);
  }
  if (typeof data.due_date === 'string') values.due_date = formatDate(locale, data.due_date);
  const body =
    data.answer === 'declined' && template.bodyDeclined
      ? template.bodyDeclined
      : data.count === 1 && template.bodyOne
        ? template.bodyOne
        : template.body;
  return { title: fill(template.title, values), body: fill(body, values) };
}
