import { Button, Grid, Group as Row, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { useApi } from '../../../lib/api-context';
import { useSession } from '../../../lib/session';
import { expenseCategoriesQueryOptions } from '../api/queries';
import { groupQueryOptions, myGroupsQueryOptions } from '../../../lib/shared-queries';
import { type ExpenseFilters } from '../api/keys';
import { useExpenseDialogs } from '../components/ExpenseDialogs';
import { ExpenseFiltersBar } from '../components/ExpenseFiltersBar';
import { MyBalancesPanel } from '../components/MyBalancesPanel';
import { ExpenseList } from '../components/ExpenseList';
import { NAME_RULES, personName } from '../../../lib/people';
import { useMoneyLive } from '../live';
import { mayChangeExpense } from '../permissions';

// My personal recurring bills come with their own code after the page's first paint.
const RecurringBillsSection = lazy(() =>
  import('../components/RecurringBillsSection').then((m) => ({
    default: m.RecurringBillsSection,
  })),
);

/** spec §2 /expenses: my expenses across my groups and my personal ones, with filters and totals. */
export function ExpensesPage() {
  const { t } = useTranslation();
  const api = useApi();
  const { user } = useSession();
  const myId = user?.id;
  useMoneyLive();
  // spec §2: the expenses pages keep no state when left; filters start empty on every visit.
  const [filters, setFilters] = useState<ExpenseFilters>({});
  const groups = useQuery(myGroupsQueryOptions(api));
  const groupId = filters.group_id ?? null;
  const group = useQuery({
    ...groupQueryOptions(api, groupId ?? 0),
    enabled: groupId !== null,
  });
  // A category belongs to a group or to me: the filter offers those of the group chosen, or mine.
  const categoryOwnerChosen = groupId !== null || filters.personal === true;
  const categories = useQuery({
    ...expenseCategoriesQueryOptions(api, groupId),
    enabled: categoryOwnerChosen,
  });
  const roles = new Map((groups.data ?? []).map((summary) => [summary.id, summary.my_role]));
  const { actions, openForm, dialogs } = useExpenseDialogs({
    myId,
    canChange: (expense) => mayChangeExpense(expense, myId, (id) => roles.get(id)),
  });
  const me = user ? [{ id: user.id, name: personName(t, user, NAME_RULES.expenses) }] : [];
  const payers =
    groupId !== null && group.data
      ? group.data.members.map((member) => ({
          id: member.id,
          name: personName(t, member, NAME_RULES.expenses),
        }))
      : me;

  return (
    <Stack>
      <PageTitle>{t('expenses.title')}</PageTitle>
      <Row justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" miw={0}>
          {t('expenses.mineHint')}
        </Text>
        <Button
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          // A group chosen in the filters is the new expense's group; otherwise the form asks.
          onClick={() =>
            openForm({ groupId: filters.personal ? null : (filters.group_id ?? undefined) })
          }
        >
          {t('expenses.add')}
        </Button>
      </Row>
      {/* What I owe and am owed beside my expenses on a wide screen, above them on a phone. */}
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <MyBalancesPanel />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack>
            <Suspense fallback={null}>
              <RecurringBillsSection
                groupId={null}
                canChange={(series) => mayChangeExpense(series, myId, () => undefined)}
                hideWhenEmpty
              />
            </Suspense>
            <ExpenseFiltersBar
              value={filters}
              onChange={setFilters}
              categories={categoryOwnerChosen ? (categories.data ?? []) : []}
              payers={payers}
              groups={(groups.data ?? []).map((summary) => ({
                id: summary.id,
                name: summary.name,
              }))}
            />
            <ExpenseList
              scope={{ kind: 'mine' }}
              filters={filters}
              myId={myId}
              actions={actions}
              emptyText={t('expenses.empty.text')}
            />
          </Stack>
        </Grid.Col>
      </Grid>
      {dialogs}
    </Stack>
  );
}
