import type { Expense, ExpenseSplit } from '@household/contracts';
import { ActionIcon, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate } from '../../../lib/format';
import { money } from '../../../lib/money';
import { NAME_RULES, personName } from '../../../lib/people';
import { ExpenseSplitList } from './ExpenseSplitList';
import { PaymentStatusBadge } from './StatusBadges';

export interface ExpenseActions {
  /** Whether I may change or delete it (who added it, who paid it, or a group owner or admin). */
  canChange: (expense: Expense) => boolean;
  onEdit: (expense: Expense) => void;
  onDelete: (expense: Expense) => void;
  onSettle: (expense: Expense, split: ExpenseSplit) => void;
}

/** spec §3 Expense: paid by, amount, date, split type, each person's split with its status. */
export function ExpenseCard({
  expense,
  myId,
  actions,
  compact = false,
}: {
  expense: Expense;
  myId: number | undefined;
  actions: ExpenseActions;
  /** The short form of the group page: no notes, no edit or delete. */
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const format = (cents: number) => money(cents, expense.currency, i18n.language);
  // Several payers' amounts are in what was paid, like the amount typed.
  const formatPaid = (minor: number) =>
    money(minor, expense.original?.currency ?? expense.currency, i18n.language);
  const changeable = !compact && actions.canChange(expense);
  return (
    <Card
      withBorder
      padding="sm"
      component="article"
      aria-label={expense.description}
      data-testid="expense-card"
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={4} size="h5" miw={0} style={{ overflowWrap: 'anywhere' }}>
            {expense.description}
          </Title>
          <Text fw={700} style={{ whiteSpace: 'nowrap' }} data-testid="expense-amount">
            {expense.original
              ? t('expenses.card.bothAmounts', {
                  original: money(
                    expense.original.amount_minor,
                    expense.original.currency,
                    i18n.language,
                  ),
                  home: format(expense.amount_cents),
                })
              : format(expense.amount_cents)}
          </Text>
        </Group>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" c="dimmed">
            {formatCalendarDate(expense.date, i18n.language)}
          </Text>
          <Text size="sm" c="dimmed" data-testid="expense-paid-by">
            {expense.payers
              ? t('expenses.card.paidBySeveral', {
                  names: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
                    expense.payers.map((payer) =>
                      t('expenses.card.payerAmount', {
                        name: personName(t, payer.user, NAME_RULES.expenses),
                        amount: formatPaid(payer.amount_cents),
                      }),
                    ),
                  ),
                })
              : t('expenses.card.paidBy', {
                  name: personName(t, expense.paid_by, NAME_RULES.expenses),
                })}
          </Text>
          <Badge variant="light" color="gray" size="sm">
            {expense.category?.name ?? t('expenses.noCategory')}
          </Badge>
          <Badge variant="light" color="blue" size="sm">
            {t(`expenses.splitType.${expense.split_type}`)}
          </Badge>
          {expense.group_id === null && (
            <Badge variant="light" color="violet" size="sm">
              {t('expenses.card.personal')}
            </Badge>
          )}
          <PaymentStatusBadge status={expense.payment_status} />
        </Group>
        {!compact && expense.notes && (
          <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {expense.notes}
          </Text>
        )}
        {expense.group_id !== null && (
          <ExpenseSplitList
            expense={expense}
            myId={myId}
            format={format}
            onSettle={actions.onSettle}
          />
        )}
        {changeable && <ExpenseChangeButtons expense={expense} actions={actions} />}
      </Stack>
    </Card>
  );
}

/** Edit and delete, each named after the expense for assistive technology. */
function ExpenseChangeButtons({ expense, actions }: { expense: Expense; actions: ExpenseActions }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" justify="flex-end">
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={t('expenses.card.edit', { description: expense.description })}
        onClick={() => actions.onEdit(expense)}
      >
        <IconPencil size={16} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={t('expenses.card.delete', { description: expense.description })}
        onClick={() => actions.onDelete(expense)}
      >
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
