import type { Expense, ExpenseSplit } from '@household/contracts';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { moneyInputValue, parseMoneyInput } from '../../../lib/money-input';
import { notify } from '../../../lib/toasts';
import { useSettleSplit } from '../api/mutations';
import { money } from '../../../lib/money';
import { NAME_RULES, personName } from '../../../lib/people';
import { SplitStatusBadge } from './StatusBadges';

/**
 * spec §2 settle-share modal: pay part or all of one's own share of an expense to its payer.
 * spec §5 settle amount rules, §6 only one's own share, §8 messages.
 */
export function SettleShareModal({
  opened,
  expense,
  split,
  myId,
  onClose,
}: {
  opened: boolean;
  expense: Expense | null;
  split: ExpenseSplit | null;
  myId: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('expenses.settle.title')}>
      {opened && (
        <SettleShareForm
          key={`${expense?.id}-${split?.id}-${split?.remaining_cents}`}
          expense={expense}
          split={split}
          myId={myId}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function SettleShareForm({
  expense,
  split,
  myId,
  onClose,
}: {
  expense: Expense | null;
  split: ExpenseSplit | null;
  myId: number | undefined;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const settle = useSettleSplit();
  const currency = expense?.currency ?? 'EUR';
  const format = (cents: number) => money(cents, currency, i18n.language);
  const [amount, setAmount] = useState(() =>
    split ? moneyInputValue(split.remaining_cents, currency, i18n.language) : '',
  );
  const [error, setError] = useState<string | null>(null);

  if (!split) {
    return (
      <Alert color="red" role="alert">
        {t('expenses.settle.noSplit')}
      </Alert>
    );
  }

  /** spec §5, in this order: an amount at all, a positive one, no more than remains. */
  const check = (): number | string => {
    const parsed = parseMoneyInput(amount, currency, i18n.language);
    if (!parsed.ok) {
      if (parsed.reason === 'empty') return t('expenses.settle.amountRequired');
      if (parsed.reason === 'too_many_decimals') return t('expenses.form.amountTooManyDecimals');
      return /^\s*-/.test(amount)
        ? t('expenses.settle.amountPositive')
        : t('expenses.settle.amountRequired');
    }
    if (parsed.cents <= 0) return t('expenses.settle.amountPositive');
    if (parsed.cents > split.remaining_cents) {
      return t('expenses.settle.amountTooHigh', { amount: format(split.remaining_cents) });
    }
    return parsed.cents;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = check();
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

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        {expense && (
          <Stack gap={4}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {expense.description}
            </Text>
            <Text size="sm" c="dimmed">
              {t('expenses.settle.payTo', {
                name: personName(t, expense.paid_by, NAME_RULES.expenses),
              })}
            </Text>
          </Stack>
        )}
        <Stack gap={4} data-testid="settle-summary">
          <Group justify="space-between">
            <Text size="sm">{t('expenses.settle.share')}</Text>
            <Group gap="xs">
              <SplitStatusBadge status={split.status} />
              <Text size="sm" fw={600}>
                {format(split.amount_cents)}
              </Text>
            </Group>
          </Group>
          <Group justify="space-between">
            <Text size="sm">{t('expenses.settle.settled')}</Text>
            <Text size="sm">{format(split.settled_cents)}</Text>
          </Group>
          <Group justify="space-between">
            <Text size="sm">{t('expenses.settle.remaining')}</Text>
            <Text size="sm" fw={700} data-testid="settle-remaining">
              {format(split.remaining_cents)}
            </Text>
          </Group>
        </Stack>
        <TextInput
          label={t('expenses.settle.amount')}
          inputMode="decimal"
          rightSection={currency}
          rightSectionWidth={52}
          value={amount}
          onChange={(event) => setAmount(event.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" loading={settle.isPending}>
            {t('expenses.settle.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
