/**
 * "Paid by several people" in the expense form (docs/expenses.md "Several payers"): each member's
 * amount as typed, checked as the server checks it, with what is left to assign.
 */
import type { Expense } from '@household/contracts';
import { checkPayers } from '@household/domain';
import { moneyInputValue, parseMoneyInput } from '../../lib/money';
import type { TranslationKey } from '../../lib/i18n';
import type { Problem } from './split-draft';

/** The value of the "Paid by" choice that opens an amount per member. */
export const SEVERAL_PAYERS = 'several';

/** What each member paid, as typed, by member id. */
export type PayerAmounts = Record<number, string>;

export interface PayerCheck {
  /** The payers to save, or null while something is not right. */
  payers: { user_id: number; amount_cents: number }[] | null;
  /** Total − the amounts entered (> 0: left to assign); null when it adds up or is unknown. */
  difference: number | null;
  /** A problem of one member's amount, by member id. */
  fieldErrors: Map<number, Problem>;
  /** A problem of the whole (nobody paid). */
  error: Problem | null;
}

const key = (translationKey: TranslationKey) => translationKey;

/** The amounts of an expense being edited, in the form's number format. */
export function initialPayerAmounts(
  expense: Expense | undefined,
  currency: string,
  locale: string,
): PayerAmounts {
  return Object.fromEntries(
    (expense?.payers ?? []).map((payer) => [
      payer.user.id,
      moneyInputValue(payer.amount_cents, currency, locale),
    ]),
  );
}

/** Checks the amounts against the total; an empty or zero amount means "did not pay". */
export function checkPayerAmounts(
  amounts: PayerAmounts,
  memberIds: readonly number[],
  totalCents: number | null,
  { currency, locale }: { currency: string; locale: string },
): PayerCheck {
  const fieldErrors = new Map<number, Problem>();
  const payers: { userId: number; amountCents: number }[] = [];
  for (const id of memberIds) {
    const text = amounts[id] ?? '';
    if (text.trim() === '') continue;
    const parsed = parseMoneyInput(text, currency, locale);
    if (!parsed.ok) {
      fieldErrors.set(id, {
        key:
          parsed.reason === 'too_many_decimals'
            ? key('expenses.form.amountTooManyDecimals')
            : key('expenses.form.amountInvalid'),
      });
      continue;
    }
    if (parsed.cents < 0) fieldErrors.set(id, { key: key('expenses.form.amountPositive') });
    else if (parsed.cents > 0) payers.push({ userId: id, amountCents: parsed.cents });
  }
  const none = { payers: null, difference: null, fieldErrors };
  if (fieldErrors.size > 0) return { ...none, error: null };
  if (payers.length === 0) return { ...none, error: { key: key('expenses.form.payersRequired') } };
  if (totalCents === null) return { ...none, error: null };
  const refusal = checkPayers(payers, totalCents);
  if (refusal?.code === 'payers_sum_mismatch') {
    return { ...none, difference: refusal.differenceCents, error: null };
  }
  return {
    payers: payers.map((payer) => ({ user_id: payer.userId, amount_cents: payer.amountCents })),
    difference: null,
    fieldErrors,
    error: null,
  };
}
