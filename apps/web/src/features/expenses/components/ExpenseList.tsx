import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/api-context';
import { expensePagesQueryOptions } from '../api/queries';
import { type ExpenseFilters, type ExpenseScope } from '../api/keys';
import { money } from '../../../lib/money';
import { ExpenseCard, type ExpenseActions } from './ExpenseCard';
import { LoadingText } from '../../../components/LoadingText';

/**
 * A scope's expenses, newest first, a page at a time with "Load more", and the totals of all that
 * the filters match. Leaving the page forgets the pages loaded (spec §2: no state kept).
 */
export function ExpenseList({
  scope,
  filters,
  myId,
  actions,
  emptyText,
}: {
  scope: ExpenseScope;
  filters: ExpenseFilters;
  myId: number | undefined;
  actions: ExpenseActions;
  emptyText: string;
}) {
  const { t, i18n } = useTranslation();
  const pages = useInfiniteQuery({
    ...expensePagesQueryOptions(useApi(), scope, filters),
    gcTime: 0,
  });

  if (pages.isPending) {
    return (
      <Text size="sm" c="dimmed" role="status">
        <LoadingText />
      </Text>
    );
  }
  if (pages.isError && !pages.data) {
    return (
      <Alert color="red" role="alert" title={t('expenses.list.loadFailed')}>
        <Button mt="xs" size="xs" variant="light" onClick={() => void pages.refetch()}>
          {t('app.retry')}
        </Button>
      </Alert>
    );
  }
  const expenses = pages.data.pages.flatMap((page) => page.items);
  const totals = pages.data.pages[0]?.totals ?? [];

  return (
    <Stack gap="sm">
      {totals.length > 0 && (
        <Card withBorder padding="sm" aria-label={t('expenses.totals.title')} component="section">
          <Stack gap={4} data-testid="expense-totals">
            {totals.map((total) => (
              <Group key={total.currency} justify="space-between" gap="xs" wrap="wrap">
                <Text size="sm">{t('expenses.totals.count', { count: total.count })}</Text>
                <Group gap="md">
                  <Text size="sm">
                    {t('expenses.totals.amount', {
                      amount: money(total.amount_cents, total.currency, i18n.language),
                    })}
                  </Text>
                  <Text size="sm" fw={600}>
                    {t('expenses.totals.myShare', {
                      amount: money(total.my_share_cents, total.currency, i18n.language),
                    })}
                  </Text>
                </Group>
              </Group>
            ))}
          </Stack>
        </Card>
      )}
      {expenses.length === 0 ? (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {expenses.map((expense) => (
            <li key={expense.id}>
              <ExpenseCard expense={expense} myId={myId} actions={actions} />
            </li>
          ))}
        </Stack>
      )}
      {pages.isFetchNextPageError && (
        <Text size="sm" c="red" role="alert">
          {t('expenses.list.loadFailed')}
        </Text>
      )}
      {pages.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            onClick={() => void pages.fetchNextPage()}
            loading={pages.isFetchingNextPage}
          >
            {t('expenses.list.loadMore')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
