import type { Chore } from '@household/contracts';
import { CHORE_TABS, groupByTab, type CalendarDate, type ChoreTab } from '@household/domain';
import { Badge, SimpleGrid, Tabs, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoreCard, type ChoreActions } from './ChoreCard';

/** A chore as the domain's views see it: its due date, whether it is done, when it was. */
const dated = (chore: Chore) => ({
  chore,
  dueDate: chore.due_date,
  completed: chore.status === 'completed',
  completedOn: chore.completed_on,
});

/**
 * spec §2/§4: Overdue, Today, Upcoming, All pending and Completed, each with its count. The
 * domain sorts them into tabs, as the server does, so a count and the cards under it agree.
 */
export function ChoreTabs({
  chores,
  today,
  tab,
  onTabChange,
  actions,
}: {
  chores: readonly Chore[];
  today: CalendarDate;
  tab: ChoreTab;
  onTabChange: (tab: ChoreTab) => void;
  actions: ChoreActions;
}) {
  const { t } = useTranslation();
  const byTab = useMemo(() => groupByTab(chores.map(dated), today), [chores, today]);

  return (
    <Tabs
      value={tab}
      onChange={(value) => value && onTabChange(value as ChoreTab)}
      keepMounted={false}
    >
      <Tabs.List aria-label={t('chores.tabs.label')}>
        {CHORE_TABS.map((name) => (
          <Tabs.Tab
            key={name}
            value={name}
            rightSection={
              <Badge
                size="sm"
                variant={name === 'overdue' && byTab[name].length > 0 ? 'filled' : 'light'}
                color={name === 'overdue' && byTab[name].length > 0 ? 'red' : 'gray'}
                data-testid={`count-${name}`}
              >
                {byTab[name].length}
              </Badge>
            }
          >
            {t(`chores.tabs.${name}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {CHORE_TABS.map((name) => (
        <Tabs.Panel key={name} value={name} pt="md">
          {byTab[name].length === 0 ? (
            <Text c="dimmed" py="md">
              {t(`chores.tabEmpty.${name}`)}
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              {byTab[name].map(({ chore }) => (
                <ChoreCard key={chore.id} chore={chore} today={today} actions={actions} />
              ))}
            </SimpleGrid>
          )}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
