import type { Expense, ExpenseSplit } from '@household/contracts';
import type { TFunction } from 'i18next';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { money } from '../../../lib/money';
import { moneyInputValue, parseMoneyInput } from '../../../lib/money';
import { notify } from '../../../lib/toasts';
import { useSettleSplit } from '../api/mutations';

/**
 * Paying part or all of my share of an expense: the amount as typed (at first all that remains),
 * its check, and the settlement on submit.
 */
export function useSettleShare({
  expense,
  split,
  myId,
  onClose,
}: {
  expense: Expense | null;
  split: ExpenseSplit;
  myId: number | undefined;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const settle = useSettleSplit();
  const currency = expense?.currency ?? 'EUR';
  const format = (cents: number) => money(cents, currency, i18n.language);
  const [amount, setAmount] = useState(() =>
    moneyInputValue(split.remaining_cents, currency, i18n.language),
  );
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkSettleAmount(t, {
      amount,
      currency,
      locale: i18n.language,
      remainingCents: split.remaining_cents,
      format,
    });
    if (typeof checked === 'string') {
      setError(checked);
      return;
    }
    setError(null);
    if (!expense || myId === undefined) {
      notify({ type: 'error', message: t('expenses.settle.missingData') });
      return;
    }
    // spec §6; the server says the same (403) should this screen be out of date.
    if (split.user?.id !== myId) {
      setError(t('expenses.settle.notOwnShare'));
      return;
    }
    settle.mutate(
      { expenseId: expense.id, splitId: split.id, amountCents: checked },
      {
        onSuccess: () => {
          notify({ type: 'success', message: t('expenses.settle.success') });
          onClose();
        },
        onError: (cause) => {
          const message = isApiError(cause, 'forbidden')
            ? t('expenses.settle.notOwnShare')
            : t('expenses.settle.failed');
          setError(message);
          notify({ type: 'error', message });
        },
      },
    );
  };

  return { currency, format, amount, setAmount, error, onSubmit, pending: settle.isPending };
}

/**
 * spec §5, in this order: an amount at all, a positive one, no more than remains. The amount in
 * cents, or what is wrong with it.
 */
function checkSettleAmount(
  t: TFunction,
  {
    amount,
    currency,
    locale,
    remainingCents,
    format,
  }: {
    amount: string;
    currency: string;
    locale: string;
    remainingCents: number;
    format: (cents: number) => string;
  },
): number | string {
  const parsed = parseMoneyInput(amount, currency, locale);
  if (!parsed.ok) {
    if (parsed.reason === 'empty') return t('expenses.settle.amountRequired');
    if (parsed.reason === 'too_many_decimals') return t('expenses.form.amountTooManyDecimals');
    return /^\s*-/.test(amount)
      ? t('expenses.settle.amountPositive')
      : t('expenses.settle.amountRequired');
  }
  if (parsed.cents <= 0) return t('expenses.settle.amountPositive');
  if (parsed.cents > remainingCents) {
    return t('expenses.settle.amountTooHigh', { amount: format(remainingCents) });
  }
  return parsed.cents;
}
