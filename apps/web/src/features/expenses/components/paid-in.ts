import { ZExchangeRateValue, type Expense } from '@household/contracts';
import { convertMinor } from '@household/domain';
import { key } from './expense-form-values';
import type { Problem } from '../split-draft';

/**
 * What an expense of a group is paid in when that is not the group's currency (docs/expenses.md
 * "Currencies"): a rate as typed ("0,0062" in de reads as 0.0062), and the home amount it makes.
 */

/** A rate as typed, read into the decimal string the server takes; null when it does not read. */
export function readRate(text: string): string | null {
  const normal = text.trim().replace(',', '.');
  const parsed = ZExchangeRateValue.safeParse(normal);
  return parsed.success ? parsed.data : null;
}

/** Why a rate as typed cannot be used, or null. */
export function rateProblem(text: string): Problem | null {
  if (text.trim() === '') return { key: key('expenses.form.rateRequired') };
  return readRate(text) === null ? { key: key('expenses.form.rateInvalid') } : null;
}

/** What an amount in `from` is in the home currency at `rate`; null when it cannot be worked out. */
export function homeAmountOf(
  amountMinor: number | null,
  from: string,
  home: string,
  rateText: string,
): number | null {
  const rate = readRate(rateText);
  if (amountMinor === null || rate === null) return null;
  try {
    return convertMinor(amountMinor, from, home, rate);
  } catch {
    return null;
  }
}

/** The currency an expense's amounts were typed in: what was paid, or its own. */
export const entryCurrencyOf = (expense: Expense | undefined, fallback: string) =>
  expense ? (expense.original?.currency ?? expense.currency) : fallback;

/** The rate proposed for a currency: the expense's locked one, else the group's latest. */
export function proposedRate(
  currency: string,
  expense: Expense | undefined,
  latest: readonly { currency: string; rate: string }[] | undefined,
): string {
  if (expense?.original?.currency === currency) return expense.original.exchange_rate;
  return latest?.find((rate) => rate.currency === currency)?.rate ?? '';
}
