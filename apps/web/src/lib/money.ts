import { formatMoney } from '@household/domain';

/**
 * An amount of minor units (cents) in its currency and the language the app shows (ARCHITECTURE
 * "Money"). A code Intl cannot format (the server only sends ISO 4217 codes, but a notification's
 * data is kept as it was written) still shows the amount, without a symbol.
 */
export function money(cents: number, currency: string, locale: string): string {
  try {
    return formatMoney(cents, currency, locale);
  } catch {
    return (cents / 100).toFixed(2);
  }
}
