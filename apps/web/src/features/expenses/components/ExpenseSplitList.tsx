import type { Expense, ExpenseSplit } from '@household/contracts';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NAME_RULES, personName } from '../../../lib/people';
import { SplitStatusBadge } from './StatusBadges';

/**
 * Whether `myId` may settle this split: only one's own open share (spec §6), to someone else (with
 * several payers, each part of my share is owed to its own payer).
 */
export const canSettle = (expense: Expense, split: ExpenseSplit, myId: number | undefined) =>
  myId !== undefined &&
  split.user?.id === myId &&
  (split.payer?.id ?? expense.paid_by?.id) !== myId &&
  split.status !== 'settled' &&
  split.remaining_cents > 0;

/** Each person's split of a group expense with its status; my own open share can be settled. */
export function ExpenseSplitList({
  expense,
  myId,
  format,
  onSettle,
}: {
  expense: Expense;
  myId: number | undefined;
  format: (cents: number) => string;
  onSettle: (expense: Expense, split: ExpenseSplit) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {expense.splits.map((split) => (
        <Group
          key={split.id}
          component="li"
          justify="space-between"
          gap="xs"
          wrap="wrap"
          data-testid="split-row"
        >
          <Text size="sm" miw={0} style={{ overflowWrap: 'anywhere' }}>
            {expense.payers && split.payer
              ? t('expenses.card.owesTo', {
                  name: personName(t, split.user, NAME_RULES.expenses),
                  payer: personName(t, split.payer, NAME_RULES.expenses),
                })
              : personName(t, split.user, NAME_RULES.expenses)}
          </Text>
          <Group gap="xs" wrap="wrap">
            <Text size="sm">{format(split.amount_cents)}</Text>
            {split.status === 'partially_settled' && (
              <Text size="xs" c="dimmed">
                {t('expenses.card.remaining', { amount: format(split.remaining_cents) })}
              </Text>
            )}
            <SplitStatusBadge status={split.status} />
            {canSettle(expense, split, myId) && (
              <Button
                size="compact-xs"
                variant="light"
                onClick={() => onSettle(expense, split)}
                aria-label={
                  expense.payers && split.payer
                    ? t('expenses.card.settleToLabel', {
                        description: expense.description,
                        name: personName(t, split.payer, NAME_RULES.expenses),
                      })
                    : t('expenses.card.settleLabel', { description: expense.description })
                }
              >
                {t('expenses.card.settle')}
              </Button>
            )}
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
