import type { Notification as AppNotification } from '@household/contracts';
import type { TFunction } from 'i18next';
import { formatCalendarDate } from '../../lib/format';
import { money } from '../../lib/money';

type Data = AppNotification['data'];

function text(data: Data, key: string): string | null {
  const value = data[key];
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function count(data: Data, key: string): number | null {
  const value = typeof data[key] === 'string' ? Number(data[key]) : data[key];
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
}

/** A calendar date (`YYYY-MM-DD`) in the reader's language; anything else as it came. */
function calendarDate(value: string | null, locale: string): string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return value ?? '';
  return formatCalendarDate(value, locale);
}

/** The amount of the data in its currency (EUR when none is named). */
function amount(data: Data, locale: string): string {
  const cents = count(data, 'amount_cents');
  return cents === null ? '' : money(cents, text(data, 'currency') ?? 'EUR', locale);
}

/**
 * The sentence a notification shows, written from its kind and data in the reader's language:
 * the server stores parameters, not text, so a language switch rewrites every notification.
 */
export function notificationText(t: TFunction, notification: AppNotification, locale: string) {
  const { data } = notification;
  const actor = text(data, 'actor_name') ?? t('notifications.text.someone');
  const chore = text(data, 'chore_name') ?? '';
  const group = text(data, 'group_name') ?? '';
  switch (notification.kind) {
    case 'chore_due':
      return t('notifications.text.chore_due', { chore });
    case 'chore_overdue':
      return t('notifications.text.chore_overdue', {
        chore,
        date: calendarDate(text(data, 'due_date'), locale),
      });
    case 'chore_assigned':
      // A generated schedule is one notification per person, with how many turns they got.
      return t('notifications.text.chore_assigned', {
        actor,
        chore,
        count: count(data, 'count') ?? 1,
        date: calendarDate(text(data, 'due_date'), locale),
      });
    case 'list_changes':
      return t('notifications.text.list_changes', {
        actor,
        list: text(data, 'list_name') ?? '',
        count: count(data, 'count') ?? 1,
        items: text(data, 'item_names') ?? '',
      });
    case 'expense_added':
      return t('notifications.text.expense_added', {
        actor,
        description: text(data, 'expense_description') ?? '',
        amount: amount(data, locale),
      });
    case 'settlement_received':
      return t('notifications.text.settlement_received', {
        actor: text(data, 'payer_name') ?? actor,
        amount: amount(data, locale),
      });
    case 'invitation':
      return t('notifications.text.invitation', { actor, group });
    case 'sign_in_attempts':
      return t('notifications.text.sign_in_attempts', { count: count(data, 'count') ?? 1 });
    case 'channel_test':
      return t('notifications.text.channel_test');
    case 'bill_amount_needed':
      return t('notifications.text.bill_amount_needed', {
        description: text(data, 'expense_description') ?? '',
        date: calendarDate(text(data, 'due_date'), locale),
      });
    case 'chore_swap_requested':
      return t('notifications.text.chore_swap_requested', {
        actor,
        chore,
        date: calendarDate(text(data, 'due_date'), locale),
      });
    case 'chore_swap_answered':
      return t(
        text(data, 'answer') === 'declined'
          ? 'notifications.text.chore_swap_declined'
          : 'notifications.text.chore_swap_accepted',
        { actor, chore, date: calendarDate(text(data, 'due_date'), locale) },
      );
  }
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "5 minutes ago", "yesterday", "now": Intl's own words, in every language. */
export function relativeTime(iso: string, locale: string, now: number = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(0, 'second');
}
