import type {
  CreateExpenseBody,
  CreateExpenseSeriesBody,
  Expense,
  ExpenseSeries,
  GroupMember,
  ListDetail,
  SeriesRuleInput,
} from '@household/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/api-context';
import { useSession } from '../../../lib/session';
import { NAME_RULES, personName } from '../../../lib/people';
import {
  checkPayerAmounts,
  initialPayerAmounts,
  SEVERAL_PAYERS,
  type PayerAmounts,
} from '../payer-draft';
import { previewSplit, type SplitDraft } from '../split-draft';
import {
  checkValues,
  initialDraft,
  initialValues,
  say,
  seriesDraft,
  type FieldErrors,
  seriesValues,
  type ItemScope,
  type Values,
} from './expense-form-values';
import { exchangeRatesQueryOptions } from '../api/queries';
import { entryCurrencyOf, homeAmountOf, proposedRate, rateProblem, readRate } from './paid-in';
import { checkRepeat, initialRepeat, type RepeatValues } from './repeat-values';

/** What the form saves of an expense, whether it adds one or changes one. */
export type ExpenseFieldsToSave = Omit<CreateExpenseBody, 'group_id' | 'list_id'>;

/** What the form saves of a recurring bill: its template and its rule. */
export interface SeriesToSave {
  fields: Omit<CreateExpenseSeriesBody, 'group_id' | 'rule'>;
  rule: SeriesRuleInput;
}

/**
 * The expense form as it is filled in: its values and split draft, their checks, the live preview
 * of everyone's share, and what it would save.
 */
export function useExpenseForm({
  expense,
  series,
  groupId,
  members,
  currency,
  list,
  scope,
}: {
  expense: Expense | undefined;
  /** The recurring bill being edited; absent: an expense, new or edited. */
  series?: ExpenseSeries;
  groupId: number | null;
  members: GroupMember[];
  currency: string;
  list: ListDetail | null;
  scope: ItemScope;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { user } = useSession();
  const [values, setValues] = useState<Values>(() =>
    series
      ? seriesValues(series, currency, locale)
      : initialValues({ expense, list, scope, currency, locale, me: user }),
  );
  const [draft, setDraft] = useState<SplitDraft>(() =>
    series
      ? seriesDraft(series, members, currency, locale)
      : initialDraft({
          expense,
          members,
          list,
          scope,
          currency: entryCurrencyOf(expense, currency),
          locale,
        }),
  );
  const [payerAmounts, setPayerAmounts] = useState<PayerAmounts>(() =>
    initialPayerAmounts(expense, entryCurrencyOf(expense, currency), locale),
  );
  const [rateTouched, setRateTouched] = useState(false);
  const [repeat, setRepeat] = useState<RepeatValues>(() => initialRepeat(series));
  const [submitted, setSubmitted] = useState(false);
  const isGroup = groupId !== null;
  const repeats = repeat.repeat !== 'never';
  // A variable bill has no amount until each occurrence's is filled in.
  const variable = repeats && repeat.variable;

  // docs/expenses.md "Currencies": amounts and the split are typed in what was paid; a group
  // expense in another currency than the group's also needs a rate, proposed from the latest.
  const entryCurrency = values.currency || currency;
  const foreign = isGroup && entryCurrency !== currency;
  const api = useApi();
  const rates = useQuery({
    ...exchangeRatesQueryOptions(api, groupId ?? 0),
    enabled: isGroup && series === undefined,
  });
  const rateText = rateTouched
    ? values.rate
    : foreign
      ? proposedRate(entryCurrency, expense, rates.data?.latest)
      : '';
  const checked = checkValues(values, entryCurrency, locale);
  const errors: FieldErrors = { ...checked.errors };
  if (variable) delete errors.amount;
  if (foreign) {
    const problem = rateProblem(rateText);
    if (problem) errors.rate = problem;
  }
  if (repeats && entryCurrency !== currency) {
    errors.currency = { key: 'expenses.form.recurringInHomeCurrency' };
  }
  const amountCents = variable ? null : checked.amountCents;
  const homeCents = foreign ? homeAmountOf(amountCents, entryCurrency, currency, rateText) : null;
  const repeatCheck = checkRepeat(repeat, values.date);
  // The odd cents rotate by the expense's date, so the preview is exactly what will be saved.
  const preview = useMemo(
    () => previewSplit(draft, amountCents, { currency: entryCurrency, locale, date: values.date }),
    [draft, amountCents, entryCurrency, locale, values.date],
  );
  const people = useSplitPeople(members, expense);
  // Several payers are an expense's, not a recurring bill's: a repeating form has one payer.
  const severalPayers = isGroup && !repeats && values.paidBy === SEVERAL_PAYERS;
  const payerCheck = useMemo(
    () =>
      checkPayerAmounts(
        payerAmounts,
        members.map((member) => member.id),
        amountCents,
        { currency: entryCurrency, locale },
      ),
    [payerAmounts, members, amountCents, entryCurrency, locale],
  );
  const payersValid = !severalPayers || payerCheck.payers !== null;
  const set = (field: keyof Values) => (value: string) => {
    // Another currency starts from its proposed rate again.
    if (field === 'currency') setRateTouched(false);
    if (field === 'rate') setRateTouched(true);
    setValues((current) => ({ ...current, [field]: value }));
  };
  const show = (field: keyof Values) => (submitted ? say(t, errors[field]) : undefined);
  const showRepeat = (field: keyof typeof repeatCheck.errors) =>
    submitted ? say(t, repeatCheck.errors[field]) : undefined;

  const splitValid =
    !isGroup ||
    (preview.error === null && preview.fieldErrors.size === 0 && preview.difference === null);

  /** The fields to save, or null while a value or the split is not right. */
  const fieldsToSave = (): ExpenseFieldsToSave | null => {
    if (Object.keys(errors).length > 0 || amountCents === null || !splitValid) return null;
    if (isGroup && !preview.input) return null;
    if (!payersValid) return null;
    const payment = severalPayers
      ? { payers: payerCheck.payers ?? undefined }
      : { paid_by: Number(values.paidBy) };
    return {
      description: values.description.trim(),
      amount_cents: amountCents,
      date: values.date,
      category_id: values.categoryId === '' ? null : Number(values.categoryId),
      notes: values.notes.trim(),
      currency: entryCurrency,
      ...(foreign ? { exchange_rate: readRate(rateText) ?? undefined } : {}),
      ...(isGroup ? { ...payment, split: preview.input ?? undefined } : {}),
    };
  };

  /** The recurring bill to save, or null while a value, the rule or the split is not right. */
  const seriesToSave = (): SeriesToSave | null => {
    if (Object.keys(errors).length > 0 || !splitValid || !repeatCheck.rule) return null;
    if (!variable && amountCents === null) return null;
    if (isGroup && !preview.input) return null;
    return {
      fields: {
        description: values.description.trim(),
        amount_cents: amountCents,
        category_id: values.categoryId === '' ? null : Number(values.categoryId),
        notes: values.notes.trim(),
        ...(isGroup
          ? {
              // A repeating bill has one payer; "several" falls back to me.
              paid_by: values.paidBy === SEVERAL_PAYERS ? undefined : Number(values.paidBy),
              split: preview.input ?? undefined,
            }
          : {}),
      },
      rule: repeatCheck.rule,
    };
  };

  return {
    values,
    set,
    entryCurrency,
    foreign,
    rateText,
    homeCents,
    show,
    draft,
    setDraft,
    preview,
    people,
    amountKnown: amountCents !== null,
    repeat,
    setRepeat,
    repeats,
    severalPayers,
    payerAmounts,
    setPayerAmounts,
    payerCheck,
    variable,
    showRepeat,
    submitted,
    setSubmitted,
    fieldsToSave,
    seriesToSave,
  };
}

/** Members, plus anyone a saved split names who has left since (shown, so nothing is hidden). */
function useSplitPeople(members: GroupMember[], expense: Expense | undefined) {
  const { t } = useTranslation();
  return useMemo(() => {
    const known = new Map<number, { id: number; name: string; weight?: number }>(
      members.map((member) => [
        member.id,
        {
          id: member.id,
          name: personName(t, member, NAME_RULES.expenses),
          weight: member.share_weight,
        },
      ]),
    );
    for (const split of expense?.splits ?? []) {
      if (split.user && !known.has(split.user.id)) {
        known.set(split.user.id, {
          id: split.user.id,
          name: personName(t, split.user, NAME_RULES.expenses),
        });
      }
    }
    return [...known.values()];
  }, [members, expense, t]);
}
