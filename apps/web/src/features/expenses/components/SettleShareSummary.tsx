import type { Expense, ExpenseSplit } from '@household/contracts';
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NAME_RULES, personName } from '../../../lib/people';
import { SplitStatusBadge } from './StatusBadges';

/** The expense a share is paid for, and to whom (the split's own payer, with several payers). */
export function SettleShareHeading({ expense, split }: { expense: Expense; split: ExpenseSplit }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {expense.description}
      </Text>
      <Text size="sm" c="dimmed">
        {t('expenses.settle.payTo', {
          name: personName(t, split.payer ?? expense.paid_by, NAME_RULES.expenses),
        })}
      </Text>
    </Stack>
  );
}

/** My share, how much of it is settled, and what remains. */
export function SettleShareSummary({
  split,
  format,
}: {
  split: ExpenseSplit;
  format: (cents: number) => string;
}) {
  const { t } = useTranslation();
  return (
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
  );
}
