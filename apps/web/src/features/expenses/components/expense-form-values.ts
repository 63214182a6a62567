/** The expense form's values, their checks, its server messages and where a new one starts. */
import {
  EXPENSE_AMOUNT_MAX_CENTS,
  EXPENSE_DESCRIPTION_MAX_LENGTH,
  EXPENSE_NOTES_MAX_LENGTH,
  ZCalendarDate,
  type Expense,
  type ExpenseSeries,
  type GroupMember,
  type ListDetail,
} from '@household/contracts';
import { minorUnitDigits } from '@household/domain';
import type { TFunction } from 'i18next';
import { isApiError } from '../../../lib/api-client';
import type { TranslationKey } from '../../../lib/i18n';
import { moneyInputValue, parseMoneyInput } from '../../../lib/money';
import { money } from '../../../lib/money';
import { today } from '../format';
import { SEVERAL_PAYERS } from '../payer-draft';
import { draftOfSplit, type Problem, type SplitDraft, type SplitItemDraft } from '../split-draft';

export const key = (translationKey: TranslationKey) => translationKey;

export interface Values {
  description: string;
  amount: string;
  date: string;
  paidBy: string;
  categoryId: string;
  notes: string;
  /** What it is paid in (ISO 4217); the group's (or my) currency unless changed. */
  currency: string;
  /** Home units per unit of `currency`, as typed; only for a group expense in another currency. */
  rate: string;
}

export type FieldErrors = Partial<Record<keyof Values, Problem>>;

export function checkValues(values: Values, currency: string, locale: string) {
  const errors: FieldErrors = {};
  const description = values.description.trim();
  if (description === '') errors.description = { key: key('expenses.form.descriptionRequired') };
  else if (description.length > EXPENSE_DESCRIPTION_MAX_LENGTH) {
    errors.description = {
      key: key('expenses.form.tooLong'),
      values: { max: EXPENSE_DESCRIPTION_MAX_LENGTH },
    };
  }
  const amount = checkAmount(values.amount, currency, locale);
  if (amount.error) errors.amount = amount.error;
  const amountCents = amount.cents;
  if (values.date.trim() === '') errors.date = { key: key('expenses.form.dateRequired') };
  else if (!ZCalendarDate.safeParse(values.date).success) {
    errors.date = { key: key('expenses.form.dateInvalid') };
  }
  if (values.notes.trim().length > EXPENSE_NOTES_MAX_LENGTH) {
    errors.notes = { key: key('expenses.form.tooLong'), values: { max: EXPENSE_NOTES_MAX_LENGTH } };
  }
  return { errors, amountCents };
}

/** An amount as typed: its cents, or why it is not one (empty, negative, too precise, too large). */
export function checkAmount(
  text: string,
  currency: string,
  locale: string,
): { cents: number; error: null } | { cents: null; error: Problem } {
  const amount = parseMoneyInput(text, currency, locale);
  if (!amount.ok) {
    return {
      cents: null,
      error: {
        key:
          amount.reason === 'empty'
            ? key('expenses.form.amountRequired')
            : amount.reason === 'too_many_decimals'
              ? key('expenses.form.amountTooManyDecimals')
              : /^\s*-/.test(text)
                ? key('expenses.form.amountPositive')
                : key('expenses.form.amountInvalid'),
        values: { digits: minorUnitDigits(currency) },
      },
    };
  }
  if (amount.cents <= 0)
    return { cents: null, error: { key: key('expenses.form.amountPositive') } };
  if (amount.cents > EXPENSE_AMOUNT_MAX_CENTS) {
    return {
      cents: null,
      error: {
        key: key('expenses.form.amountTooLarge'),
        values: { max: money(EXPENSE_AMOUNT_MAX_CENTS, currency, locale) },
      },
    };
  }
  return { cents: amount.cents, error: null };
}

export const say = (t: TFunction, problem: Problem | undefined | null) =>
  problem ? t(problem.key, problem.values) : undefined;

export const SERVER_CODES: Record<string, TranslationKey> = {
  exact_sum_mismatch: 'expenses.form.server.exactSum',
  percentage_sum_mismatch: 'expenses.form.server.percentageSum',
  not_a_member: 'expenses.form.server.notAMember',
  invalid_reference: 'expenses.form.server.invalidReference',
  unknown_taker: 'expenses.form.server.unknownTaker',
  duplicate_participant: 'expenses.form.server.duplicate',
  zero_weights: 'expenses.form.server.zeroWeights',
  payers_sum_mismatch: 'expenses.form.server.payersSum',
  duplicate_payer: 'expenses.form.server.duplicate',
};

/** The messages of a 400: known rules in the reader's language, anything else as the server said. */
export function serverMessages(t: TFunction, error: unknown): string[] {
  if (!isApiError(error, 'validation_failed')) return [];
  const fields = error.problem.errors ?? [];
  if (fields.length === 0) return [error.problem.detail ?? error.problem.title];
  return fields.map((field) => {
    const known = SERVER_CODES[field.code];
    return known ? t(known, { message: field.message }) : field.message;
  });
}

/**
 * What a failed save of the expense form says when the server gave no field messages; `texts`
 * are the two sentences that name what was saved (an expense or a recurring bill).
 */
export function saveFailureMessage(
  t: TFunction,
  cause: unknown,
  isEdit: boolean,
  texts: { gone: string; saveFailed: string },
): string {
  if (isApiError(cause, 'idempotency_in_progress')) return t('expenses.form.stillSaving');
  if (isApiError(cause, 'forbidden')) return t('errors.forbidden');
  if (isApiError(cause, 'not_found') && isEdit) return texts.gone;
  return texts.saveFailed;
}

/**
 * Which priced items of a list a new expense starts from: all of them (an equal split), the
 * bought ones ("Split this shop"), or those of a receipt just added from a photo. The last two
 * start as an item-based split.
 */
export type ItemScope =
  { kind: 'all' } | { kind: 'bought' } | { kind: 'these'; itemIds: ReadonlySet<number> };

/** Where a form starts from: the expense being edited, or the group and list of a new one. */
export interface FormStart {
  /** The expense being edited; absent: a new one. */
  expense: Expense | undefined;
  members: GroupMember[];
  /** The list a new expense is for; its priced items in `scope` start an item-based split. */
  list: ListDetail | null;
  scope: ItemScope;
  currency: string;
  locale: string;
}

export function initialDraft({
  expense,
  members,
  list,
  scope,
  currency,
  locale,
}: FormStart): SplitDraft {
  const saved = expense ? draftOfSplit(expense.split, currency, locale) : null;
  if (saved) return saved;
  const participants = expense
    ? [...new Set(expense.splits.flatMap((split) => (split.user ? [split.user.id] : [])))]
    : members.map((member) => member.id);
  return {
    type: scope.kind === 'all' ? 'equal' : 'item_based',
    participants,
    values: {},
    items: listItems(list, scope),
  };
}

/**
 * The form's first values: the edited expense's, or a new one's (a list's name and the total of
 * its items in scope, today in my time zone, paid by me).
 */
export function initialValues({
  expense,
  list,
  scope,
  currency,
  locale,
  me,
}: Omit<FormStart, 'members'> & { me: { id: number; timezone?: string } | null }): Values {
  const total = list ? startingTotal(list, scope) : 0;
  return {
    description: expense?.description ?? (list ? list.name : ''),
    amount: expense
      ? expense.original
        ? moneyInputValue(expense.original.amount_minor, expense.original.currency, locale)
        : moneyInputValue(expense.amount_cents, expense.currency, locale)
      : total > 0
        ? moneyInputValue(total, currency, locale)
        : '',
    date: expense?.date ?? today(me?.timezone),
    paidBy: expense?.payers ? SEVERAL_PAYERS : String(expense?.paid_by?.id ?? me?.id ?? ''),
    categoryId: expense?.category ? String(expense.category.id) : '',
    notes: expense?.notes ?? '',
    currency: expense ? (expense.original?.currency ?? expense.currency) : currency,
    rate: expense?.original?.exchange_rate ?? '',
  };
}

/**
 * The form's first values for a recurring bill being edited: its template, from its first date
 * (changing that date changes the rule). A variable bill has no amount.
 */
export function seriesValues(series: ExpenseSeries, currency: string, locale: string): Values {
  return {
    description: series.description,
    amount:
      series.amount_cents === null ? '' : moneyInputValue(series.amount_cents, currency, locale),
    date: series.rule.start_date,
    paidBy: String(series.paid_by.id),
    categoryId: series.category ? String(series.category.id) : '',
    notes: series.notes,
    // Recurring bills are in the home currency (docs/expenses.md "Currencies").
    currency,
    rate: '',
  };
}

/** The split draft of a recurring bill being edited: its split as entered, or equal among all. */
export function seriesDraft(
  series: ExpenseSeries,
  members: GroupMember[],
  currency: string,
  locale: string,
): SplitDraft {
  return (
    draftOfSplit(series.split, currency, locale) ?? {
      type: 'equal',
      participants: members.map((member) => member.id),
      values: {},
      items: [],
    }
  );
}

function inScope(item: ListDetail['items'][number], scope: ItemScope): boolean {
  if (scope.kind === 'bought') return item.done;
  if (scope.kind === 'these') return scope.itemIds.has(item.id);
  return true;
}

/** The items a new expense starts from: the list's priced ones within the scope. */
export const startingItems = (list: ListDetail, scope: ItemScope) =>
  list.items.filter(
    (item) => item.price_cents !== null && item.price_cents > 0 && inScope(item, scope),
  );

/** The amount a new expense from a list starts with: its priced items', or those in scope. */
export function startingTotal(list: ListDetail, scope: ItemScope): number {
  if (scope.kind === 'all') return list.total_cents;
  return startingItems(list, scope).reduce((sum, item) => sum + item.price_cents!, 0);
}

/** The list's items with a price, each shared by everyone until someone takes it. */
export function listItems(list: ListDetail | null, scope: ItemScope): SplitItemDraft[] {
  return (list ? startingItems(list, scope) : []).map((item) => ({
    itemId: item.id,
    name: item.name,
    priceCents: item.price_cents!,
    takers: [],
  }));
}
