import { formatMoney, minorUnitDigits } from '@household/domain';
import type { PersonRef } from '@household/contracts';
import type { TFunction } from 'i18next';

/** Money in the list's currency and the language the app shows (ARCHITECTURE "Money"). */
export function money(cents: number, currency: string, locale: string): string {
  try {
    return formatMoney(cents, currency, locale);
  } catch {
    return formatMoney(cents, 'EUR', locale);
  }
}

/**
 * A price as a person types it ("1,99", "1.99", "2", "€ 3.50") in minor units; null for an empty
 * field, NaN for something that is not a price.
 */
export function parsePriceInput(text: string, currency: string): number | null {
  const cleaned = text.replace(/[\s€$£]/g, '');
  if (cleaned === '') return null;
  const digits = minorUnitDigits(currency);
  const pattern = digits === 0 ? /^\d+$/ : new RegExp(`^\\d+(?:[.,]\\d{1,${digits}})?$`);
  if (!pattern.test(cleaned)) return Number.NaN;
  const [whole = '0', fraction = ''] = cleaned.split(/[.,]/);
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** The price as it goes back into the input field. */
export function priceInputValue(cents: number | null, currency: string): string {
  if (cents === null) return '';
  const digits = minorUnitDigits(currency);
  return digits === 0 ? String(cents) : (cents / 10 ** digits).toFixed(digits);
}

/** A quantity as people write it: "2", "1.5", "500 g". */
export function quantityText(quantity: number, unit: string | null, locale: string): string {
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(quantity);
  return unit ? `${number} ${unit}` : `${number} ×`;
}

/** spec §3: the fallback display of a user is 'User ID' plus the id. */
export function personName(t: TFunction, person: PersonRef | null): string {
  if (person === null) return t('lists.deletedUser');
  return person.name ?? t('user.fallback', { id: person.id });
}
