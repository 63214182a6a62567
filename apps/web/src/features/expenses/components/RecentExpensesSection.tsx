import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApi } from '../../../lib/api-context';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toasts';
import { paths } from '../../../lib/paths';
import { recentExpensesQueryOptions } from '../api/queries';
import { useMoneyLive } from '../live';
import { ExpenseCard } from './ExpenseCard';
import { useExpenseDialogs } from './ExpenseDialogs';
import { LoadingText } from '../../../components/LoadingText';

/**
 * spec §2 Group detail: the group's latest expenses, a Settle button on my own open shares (the
 * settle-share modal) and Manage Expenses to the group's expenses page.
 */
export function RecentExpensesSection({ groupId }: { groupId: number }) {
  const { t } = useTranslation();
  const { user } = useSession();
  useMoneyLive();
  const recent = useQuery(recentExpensesQueryOptions(useApi(), groupId));
  const failed = recent.isError && !recent.data;
  const { actions, dialogs } = useExpenseDialogs({ myId: user?.id, canChange: () => false });

  useEffect(() => {
    if (failed) {
      notify({
        id: `recent-expenses-${groupId}`,
        type: 'error',
        message: t('groups.detail.expenses.failed'),
      });
    }
  }, [failed, groupId, t]);

  const title = t('groups.detail.expenses.title');
  return (
    <Card withBorder padding="lg" component="section" aria-label={title} miw={0}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {title}
        </Title>
        {failed ? (
          <Stack gap="xs" align="flex-start">
            <Text size="sm" c="red" role="alert">
              {t('groups.detail.expenses.failed')}
            </Text>
            <Button
              size="xs"
              variant="light"
              loading={recent.isFetching}
              onClick={() => void recent.refetch()}
            >
              {t('app.retry')}
            </Button>
          </Stack>
        ) : recent.data === undefined ? (
          <Text size="sm" c="dimmed">
            <LoadingText />
          </Text>
        ) : recent.data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('groups.detail.expenses.empty')}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {recent.data.items.map((expense) => (
              <li key={expense.id}>
                <ExpenseCard expense={expense} myId={user?.id} actions={actions} compact />
              </li>
            ))}
          </Stack>
        )}
        <Group>
          <Button component={Link} to={paths.groupExpenses(groupId)} variant="light" size="xs">
            {t('groups.detail.expenses.manage')}
          </Button>
        </Group>
      </Stack>
      {dialogs}
    </Card>
  );
}
