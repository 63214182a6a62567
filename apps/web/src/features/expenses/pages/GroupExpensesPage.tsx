import { Alert, Button, Grid, Group as Row, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/PageLoader';
import { PageTitle } from '../../../components/PageTitle';
import { useApi } from '../../../lib/api-context';
import { useNumericParam } from '../../../lib/route-params';
import { useSession } from '../../../lib/session';
import { paths } from '../../../lib/paths';
import { expenseCategoriesQueryOptions } from '../api/queries';
import { groupQueryOptions } from '../../../lib/shared-queries';
import { type ExpenseFilters } from '../api/keys';
import { useExpenseDialogs } from '../components/ExpenseDialogs';
import { ExpenseFiltersBar } from '../components/ExpenseFiltersBar';
import { ExpenseList } from '../components/ExpenseList';
import { GroupMoneyPanel } from '../components/GroupMoneyPanel';
import { NAME_RULES, personName } from '../../../lib/people';
import { useMoneyLive } from '../live';
import { mayChangeExpense } from '../permissions';

// Recurring bills come with their own code after the page's first paint.
const RecurringBillsSection = lazy(() =>
  import('../components/RecurringBillsSection').then((m) => ({
    default: m.RecurringBillsSection,
  })),
);

/** spec §2 /groups/{groupId}/expenses: the group's expenses, filters and totals. */
export function GroupExpensesPage() {
  const { t } = useTranslation();
  const groupId = useNumericParam('groupId');
  const api = useApi();
  const { user } = useSession();
  const myId = user?.id;
  useMoneyLive();
  const group = useQuery(groupQueryOptions(api, groupId));
  const categories = useQuery(expenseCategoriesQueryOptions(api, groupId));
  // spec §2: the expenses pages keep no state when left; filters start empty on every visit.
  const [filters, setFilters] = useState<ExpenseFilters>({});
  const { actions, openForm, dialogs } = useExpenseDialogs({
    myId,
    canChange: (expense) => mayChangeExpense(expense, myId, () => group.data?.my_role),
  });

  if (!group.data) {
    return group.isError ? (
      <Alert color="red" title={t('expenses.groupNotFound')}>
        <Button mt="sm" variant="light" component={Link} to={paths.groups}>
          {t('groups.backToGroups')}
        </Button>
      </Alert>
    ) : (
      <PageLoader py="xl" />
    );
  }

  return (
    <Stack>
      <PageTitle>{t('expenses.groupTitle', { name: group.data.name })}</PageTitle>
      <Row justify="flex-end" gap="xs">
        <Button component={Link} to={paths.group(groupId)} variant="default" size="xs">
          {t('expenses.backToGroup')}
        </Button>
        <Button
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => openForm({ groupId })}
        >
          {t('expenses.add')}
        </Button>
      </Row>
      {/* Balances beside the expenses on a wide screen, above them on a phone. */}
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <GroupMoneyPanel groupId={groupId} currency={group.data.currency} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack>
            <Suspense fallback={null}>
              <RecurringBillsSection
                groupId={groupId}
                canChange={(series) => mayChangeExpense(series, myId, () => group.data?.my_role)}
              />
            </Suspense>
            <ExpenseFiltersBar
              value={filters}
              onChange={setFilters}
              categories={categories.data ?? []}
              payers={group.data.members.map((member) => ({
                id: member.id,
                name: personName(t, member, NAME_RULES.expenses),
              }))}
            />
            <ExpenseList
              scope={{ kind: 'group', groupId }}
              filters={filters}
              myId={myId}
              actions={actions}
              emptyText={t('expenses.empty.group')}
            />
          </Stack>
        </Grid.Col>
      </Grid>
      {dialogs}
    </Stack>
  );
}
