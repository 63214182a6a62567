import type { MyBalances } from '@household/contracts';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/PageLoader';
import { useApi } from '../../../lib/api-context';
import { myBalancesQueryOptions } from '../api/queries';
import { moneyLoadErrorKey } from '../money-errors';
import { money } from '../../../lib/money';
import { NAME_RULES, personName } from '../../../lib/people';
import { MoneySection, PlainList } from './MoneySection';
import { SpendingReport } from './SpendingReport';

type Person = MyBalances['people'][number];

/**
 * My side of the money (GET /balances): whom I owe and who owes me, per person and group, my net
 * position in each group, and my own spending report.
 */
export function MyBalancesPanel() {
  const { t } = useTranslation();
  const balances = useQuery(myBalancesQueryOptions(useApi()));
  return (
    <Stack gap="md">
      <MoneySection title={t('money.my.title')}>
        {balances.isPending ? (
          <PageLoader size="sm" py="sm" />
        ) : balances.isError ? (
          <Alert color="red" role="alert">
            <Group justify="space-between" gap="xs">
              <Text size="sm">{t(moneyLoadErrorKey(balances.error, 'money.my.loadFailed'))}</Text>
              <Button size="xs" variant="default" onClick={() => void balances.refetch()}>
                {t('app.retry')}
              </Button>
            </Group>
          </Alert>
        ) : (
          <BalancesWithPeople balances={balances.data} />
        )}
      </MoneySection>
      <SpendingReport groupId={null} />
    </Stack>
  );
}

function BalancesWithPeople({ balances }: { balances: MyBalances }) {
  const { t, i18n } = useTranslation();
  const iOwe = balances.people
    .filter((p) => p.balance_cents < 0)
    .sort((a, b) => a.balance_cents - b.balance_cents);
  const owedToMe = balances.people
    .filter((p) => p.balance_cents > 0)
    .sort((a, b) => b.balance_cents - a.balance_cents);
  const format = (cents: number, currency: string) => money(cents, currency, i18n.language);

  const personRow = (person: Person, owe: boolean) => (
    <Group
      component="li"
      key={`${person.group_id}-${person.user.id}`}
      justify="space-between"
      gap="xs"
      wrap="wrap"
      data-testid="person-balance"
    >
      <Stack gap={0} miw={0}>
        <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
          {personName(t, person.user, NAME_RULES.expenses)}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {person.group_name}
        </Text>
      </Stack>
      <Text fw={600} c={owe ? 'red' : 'teal'}>
        {owe
          ? t('money.my.youOwe', { amount: format(-person.balance_cents, person.currency) })
          : t('money.my.owesYou', { amount: format(person.balance_cents, person.currency) })}
      </Text>
    </Group>
  );

  if (iOwe.length === 0 && owedToMe.length === 0) {
    return <Text c="dimmed">{t('money.my.settled')}</Text>;
  }
  return (
    <Stack gap="md">
      {iOwe.length > 0 && (
        <Stack gap="xs">
          <Text fw={600}>{t('money.my.owe')}</Text>
          <PlainList label={t('money.my.owe')}>
            {iOwe.map((person) => personRow(person, true))}
          </PlainList>
        </Stack>
      )}
      {owedToMe.length > 0 && (
        <Stack gap="xs">
          <Text fw={600}>{t('money.my.owedToYou')}</Text>
          <PlainList label={t('money.my.owedToYou')}>
            {owedToMe.map((person) => personRow(person, false))}
          </PlainList>
        </Stack>
      )}
      {balances.groups.length > 0 && (
        <Stack gap="xs">
          <Text fw={600}>{t('money.my.groups')}</Text>
          <PlainList label={t('money.my.groups')}>
            {balances.groups.map((group) => (
              <Group
                component="li"
                key={group.group_id}
                justify="space-between"
                gap="xs"
                wrap="wrap"
              >
                <Text style={{ overflowWrap: 'anywhere' }}>{group.group_name}</Text>
                <Text
                  fw={500}
                  c={group.net_cents < 0 ? 'red' : group.net_cents > 0 ? 'teal' : 'dimmed'}
                >
                  {group.net_cents > 0
                    ? t('money.my.groupOwed', { amount: format(group.net_cents, group.currency) })
                    : group.net_cents < 0
                      ? t('money.my.groupOwe', { amount: format(-group.net_cents, group.currency) })
                      : t('money.my.groupSettled')}
                </Text>
              </Group>
            ))}
          </PlainList>
        </Stack>
      )}
    </Stack>
  );
}
