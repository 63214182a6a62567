import type { FieldError } from '@household/contracts';
import {
  checkPayers,
  convertSplit,
  divideAmongPayers,
  formatMoney,
  mainPayer,
  type PayerAmount,
  type PayerRow,
  type PayersError,
  type Share,
} from '@household/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { groupMembers, type ExpenseRow } from '../../db/schema';
import { validationFailed } from '../../http/problem';

/** The stored form of several payers (`expenses.payers`). */
export type StoredPayers = NonNullable<ExpenseRow['payers']>;

/** Who paid an expense: the main payer (`paid_by`) and, with several, each one's amount. */
export interface ExpensePayers {
  paidBy: number;
  /** Null when one person paid it all. */
  payers: StoredPayers | null;
}

type PaidExpense = Pick<
  ExpenseRow,
  'paidBy' | 'payers' | 'amountCents' | 'currency' | 'originalCurrency' | 'exchangeRate'
>;

/**
 * The expense's payers as the domain takes them, in the home currency: one payer of the whole
 * amount, or several. Several payers are stored in what was paid; in another currency they are
 * converted at the locked rate the way the shares are, so both add up to the same home total.
 */
export function payerAmountsOf(expense: PaidExpense): PayerAmount[] {
  if (!expense.payers || expense.payers.length === 0) {
    return [{ userId: expense.paidBy, amountCents: expense.amountCents }];
  }
  const paid = expense.payers.map((p) => ({ userId: p.user_id, amountCents: p.amount_cents }));
  if (expense.originalCurrency === null || expense.exchangeRate === null) return paid;
  return convertSplit(paid, expense.originalCurrency, expense.currency, expense.exchangeRate);
}

/**
 * The ledger rows of an expense: who owes how much to which payer. Every place that writes an
 * expense's splits builds them here, from the shares as they will be stored (docs/expenses.md
 * "Several payers").
 */
export function ledgerRowsOf(expense: PaidExpense, shares: readonly Share[]): PayerRow[] {
  return divideAmongPayers(shares, payerAmountsOf(expense));
}

function payersProblem(error: PayersError, currency: string): FieldError {
  switch (error.code) {
    case 'payers_sum_mismatch': {
      const difference = formatMoney(Math.abs(error.differenceCents), currency, 'en');
      return {
        path: 'payers',
        code: 'payers_sum_mismatch',
        message:
          error.differenceCents > 0
            ? `The payers' amounts must add up to the total: ${difference} left to assign`
            : `The payers' amounts must add up to the total: ${difference} too much`,
      };
    }
    case 'duplicate_payer':
      return { path: 'payers', code: 'duplicate_payer', message: 'A payer is named twice' };
    case 'not_positive':
      return { path: 'payers', code: 'not_positive', message: 'Please enter a positive amount' };
    case 'no_payers':
      return { path: 'payers', code: 'required', message: 'Choose at least one payer' };
  }
}

export interface ResolvePayersOptions {
  groupId: number | null;
  /** As the request gives them (either or neither, never both). */
  paidBy: number | undefined;
  payers: readonly { user_id: number; amount_cents: number }[] | undefined;
  /** Who paid so far (an edit) or the creator (a new expense). */
  current: ExpensePayers;
  amountCents: number;
  currency: string;
}

/**
 * Who pays an expense after a create or an edit, checked: `paid_by` and `payers` are exclusive;
 * several payers given are members of the group, and payers add up to the amount (also when only
 * the amount changes); one entry is one payer. Membership of a single payer is the caller's
 * check, as before.
 */
export async function resolvePayers(
  tx: Tx,
  { groupId, paidBy, payers, current, amountCents, currency }: ResolvePayersOptions,
): Promise<ExpensePayers> {
  if (paidBy !== undefined && payers !== undefined) {
    throw validationFailed([
      { path: 'payers', code: 'invalid', message: 'Give either paid_by or payers, not both' },
    ]);
  }
  if (paidBy !== undefined) return { paidBy, payers: null };
  const list = payers ?? current.payers;
  if (list === null) return { paidBy: current.paidBy, payers: null };
  const amounts = list.map((p) => ({ userId: p.user_id, amountCents: p.amount_cents }));
  const error = checkPayers(amounts, amountCents);
  if (error) throw validationFailed([payersProblem(error, currency)]);
  if (groupId === null) {
    if (amounts.length > 1 || amounts[0]!.userId !== current.paidBy) {
      throw validationFailed([
        { path: 'payers', code: 'invalid', message: 'A personal expense is paid by its owner' },
      ]);
    }
  } else if (payers !== undefined) {
    // Payers kept from before are not checked again: one who has left still paid (as `paid_by`).
    await assertPayersAreMembers(tx, groupId, amounts);
  }
  if (amounts.length === 1) return { paidBy: amounts[0]!.userId, payers: null };
  return {
    paidBy: mainPayer(amounts),
    payers: amounts.map((p) => ({ user_id: p.userId, amount_cents: p.amountCents })),
  };
}

async function assertPayersAreMembers(tx: Tx, groupId: number, payers: readonly PayerAmount[]) {
  const ids = payers.map((p) => p.userId);
  const rows = await tx
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), inArray(groupMembers.userId, ids)));
  const members = new Set(rows.map((row) => row.userId));
  const strangers = payers.flatMap((p, i) => (members.has(p.userId) ? [] : [i]));
  if (strangers.length > 0) {
    throw validationFailed(
      strangers.map((i) => ({
        path: `payers.${i}.user_id`,
        code: 'not_a_member',
        message: 'The payer must be a member of the group',
      })),
    );
  }
}
