import { EXPENSE_AMOUNT_MAX_CENTS } from '@household/contracts';
import { convertMinor, convertSplit, formatMoney, type Share } from '@household/domain';
import type { Tx } from '../../db/client';
import type { ExpenseRow } from '../../db/schema';
import { AppError, validationFailed } from '../../http/problem';
import { latestRate, recordRate, sameRate } from './exchange-rates';

/**
 * An expense of a group paid in another currency than the group's (docs/expenses.md
 * "Currencies"): the split is worked out in that currency, then every amount is converted at the
 * locked rate into the home currency, which is what the ledger, balances and reports count.
 */
export interface ForeignMoney {
  currency: string;
  /** Home units per unit of `currency`, a decimal string. */
  rate: string;
  /** True when the caller sent the rate: it is recorded in the group's rates. */
  given: boolean;
}

export interface ResolveOptions {
  groupId: number;
  homeCurrency: string;
  /** What the expense is paid in. */
  currency: string;
  /** The rate sent with the expense, if any. */
  exchangeRate: string | undefined;
  /** The rate locked on the expense being changed, when its currency stays. */
  lockedRate?: string | null;
}

/** The currency and rate of a group expense; null in the home currency. 422 without any rate. */
export async function resolveForeignMoney(
  tx: Tx,
  { groupId, homeCurrency, currency, exchangeRate, lockedRate }: ResolveOptions,
): Promise<ForeignMoney | null> {
  if (currency === homeCurrency) return null;
  // The locked rate sent back unchanged (a form saving other fields) is not a new rate to record.
  if (lockedRate && (exchangeRate === undefined || sameRate(exchangeRate, lockedRate))) {
    return { currency, rate: lockedRate, given: false };
  }
  if (exchangeRate !== undefined) return { currency, rate: exchangeRate, given: true };
  const latest = await latestRate(tx, groupId, currency);
  if (!latest) {
    const message = `Set a rate for ${currency} first`;
    throw new AppError(422, 'validation_failed', message, [
      { path: 'exchange_rate', code: 'rate_missing', message },
    ]);
  }
  return { currency, rate: latest.rate, given: false };
}

/** The total in home minor units; 400 when the conversion leaves nothing or passes the limit. */
export function homeAmount(amountMinor: number, foreign: ForeignMoney, homeCurrency: string) {
  let converted: number;
  try {
    converted = convertMinor(amountMinor, foreign.currency, homeCurrency, foreign.rate);
  } catch {
    converted = Number.POSITIVE_INFINITY;
  }
  if (converted < 1) {
    throw validationFailed([
      {
        path: 'amount_cents',
        code: 'too_small',
        message: `At this rate the amount is less than ${formatMoney(1, homeCurrency, 'en')}`,
      },
    ]);
  }
  if (converted > EXPENSE_AMOUNT_MAX_CENTS) {
    throw validationFailed([
      {
        path: 'amount_cents',
        code: 'too_big',
        message: `At this rate the amount is more than ${formatMoney(EXPENSE_AMOUNT_MAX_CENTS, homeCurrency, 'en')}`,
      },
    ]);
  }
  return converted;
}

/** The shares converted so that they add up exactly to the converted total. */
export function homeShares(shares: Share[], foreign: ForeignMoney | null, homeCurrency: string) {
  return foreign ? convertSplit(shares, foreign.currency, homeCurrency, foreign.rate) : shares;
}

/** The columns that keep what was paid: all three, or all null in the home currency. */
export function originalColumns(foreign: ForeignMoney | null, amountMinor: number) {
  return foreign
    ? {
        originalCurrency: foreign.currency,
        originalAmountMinor: amountMinor,
        exchangeRate: foreign.rate,
      }
    : { originalCurrency: null, originalAmountMinor: null, exchangeRate: null };
}

/** A rate sent with an expense becomes the group's latest from the expense's date. */
export async function rememberGivenRate(
  tx: Tx,
  foreign: ForeignMoney | null,
  expense: Pick<ExpenseRow, 'groupId' | 'date'>,
  actorId: number | null,
) {
  if (!foreign?.given || expense.groupId === null) return null;
  return recordRate(
    tx,
    {
      groupId: expense.groupId,
      currency: foreign.currency,
      rate: foreign.rate,
      date: expense.date,
      createdBy: actorId,
    },
    { skipRepeat: true },
  );
}
