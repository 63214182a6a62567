import type { BalanceSummary } from '@household/contracts';
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MoneySection, PlainList } from './MoneySection';
import { money } from '../../../lib/money';
import { NAME_RULES, personName } from '../../../lib/people';

/**
 * Every member's net position (docs/expenses.md "Balances and settle-up"), in words as well as in
 * colour: "owes 12,34 €" reads the same to a screen reader and in any theme.
 */
export function GroupBalancesCard({ summary }: { summary: BalanceSummary }) {
  const { t, i18n } = useTranslation();
  const format = (cents: number) => money(cents, summary.currency, i18n.language);
  const title = t('money.balances.title');
  return (
    <MoneySection title={title}>
      {summary.members.length === 0 ? (
        <Text c="dimmed">{t('money.balances.empty')}</Text>
      ) : (
        <PlainList label={title}>
          {summary.members.map(({ user, is_member, net_cents }) => (
            <Group
              component="li"
              key={user.id}
              justify="space-between"
              gap="xs"
              wrap="wrap"
              data-testid="balance-row"
            >
              <Group gap="xs" wrap="wrap" miw={0}>
                <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {personName(t, user, NAME_RULES.expenses)}
                </Text>
                {!is_member && (
                  <Badge variant="light" color="gray" size="sm">
                    {t('money.balances.left')}
                  </Badge>
                )}
              </Group>
              <Text
                fw={600}
                c={net_cents > 0 ? 'teal' : net_cents < 0 ? 'red' : 'dimmed'}
                ta="right"
              >
                {net_cents > 0
                  ? t('money.balances.owed', { amount: format(net_cents) })
                  : net_cents < 0
                    ? t('money.balances.owes', { amount: format(-net_cents) })
                    : t('money.balances.settled')}
              </Text>
            </Group>
          ))}
        </PlainList>
      )}
    </MoneySection>
  );
}
