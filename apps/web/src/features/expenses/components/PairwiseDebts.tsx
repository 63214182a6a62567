import type { BalanceSummary } from '@household/contracts';
import { Group, Paper, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { money } from '../../../lib/money';
import { NAME_RULES, personName } from '../../../lib/people';
import { MoneySection, PlainList } from './MoneySection';

type Debt = BalanceSummary['pairwise'][number];

/**
 * What each person owes each other person directly (docs/expenses.md "Settle-up views"): the open
 * shares between the two, less the payments between them, with partial payments and payments to
 * someone who was not a direct creditor said in words.
 */
export function PairwiseDebts({ summary }: { summary: BalanceSummary }) {
  const { t, i18n } = useTranslation();
  const title = t('money.pairwise.title');
  const format = (cents: number) => money(cents, summary.currency, i18n.language);
  return (
    <MoneySection title={title}>
      {summary.pairwise.length === 0 ? (
        <Text c="dimmed">{t('money.transfers.none')}</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('money.pairwise.intro')}
          </Text>
          <PlainList label={title}>
            {summary.pairwise.map((debt) => (
              <Paper
                component="li"
                withBorder
                p="sm"
                key={`${debt.from.id}-${debt.to.id}`}
                data-testid="pairwise-row"
              >
                <Stack gap={4}>
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {t('money.pairwise.sentence', {
                        from: personName(t, debt.from, NAME_RULES.expenses),
                        to: personName(t, debt.to, NAME_RULES.expenses),
                        amount: format(debt.amount_cents),
                      })}
                    </Text>
                    {debt.expense_count > 0 && (
                      <Text size="sm" c="dimmed">
                        {t('money.pairwise.expenses', { count: debt.expense_count })}
                      </Text>
                    )}
                  </Group>
                  {debt.paid_cents !== 0 && (
                    <Text size="sm" c="dimmed">
                      {pairPaymentSentence(t, debt, summary.pairwise, format)}
                    </Text>
                  )}
                </Stack>
              </Paper>
            ))}
          </PlainList>
        </>
      )}
    </MoneySection>
  );
}

/**
 * A partial payment ("Paid €20 of €50 to Ana"), or a payment the other way beyond what was owed
 * directly: it counts toward the payer's debts to others, named when the view shows one.
 */
export function pairPaymentSentence(
  t: TFunction,
  debt: Debt,
  all: readonly Debt[],
  format: (cents: number) => string,
): string {
  const name = (person: Debt['from']) => personName(t, person, NAME_RULES.expenses);
  if (debt.paid_cents > 0) {
    return t('money.pairwise.partial', {
      paid: format(debt.paid_cents),
      total: format(debt.amount_cents + debt.paid_cents),
      to: name(debt.to),
    });
  }
  // `to` paid `from` more than they owed them directly.
  const creditor = all.find((other) => other.from.id === debt.to.id);
  const names = {
    payer: name(debt.to),
    receiver: name(debt.from),
    amount: format(-debt.paid_cents),
  };
  return creditor
    ? t('money.pairwise.through', { ...names, creditor: name(creditor.to) })
    : t('money.pairwise.beyond', names);
}
