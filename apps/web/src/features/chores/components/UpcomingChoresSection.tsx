import type { Group as HouseholdGroup } from '@household/contracts';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadWhenOpened } from '../../../components/LoadWhenOpened';
import { useApi } from '../../../lib/api-context';
import { notify } from '../../../lib/toasts';
import { paths } from '../../../lib/paths';
import { choresQueryOptions } from '../api/queries';
import { useChoresLive } from '../live';
import { formatCalendarDate } from '../../../lib/format';
import { NAME_RULES, personName } from '../../../lib/people';
import { QueryContent } from '../../../components/QueryContent';
import { Section } from '../../../components/Section';

const ScheduleModal = lazy(() =>
  import('./ScheduleModal').then((m) => ({ default: m.ScheduleModal })),
);

/** How many of the group's next chores its detail page shows (spec §2). */
export const UPCOMING_CHORES_COUNT = 5;

/**
 * spec §2 Group detail: the group's next five pending chores with who has them, Manage Chores to
 * the group's chores page, and the generate-schedule modal.
 */
export function UpcomingChoresSection({ group }: { group: HouseholdGroup }) {
  const { t, i18n } = useTranslation();
  useChoresLive();
  const chores = useQuery(choresQueryOptions(useApi(), { kind: 'group', groupId: group.id }));
  const [scheduling, setScheduling] = useState(false);
  const failed = chores.isError && !chores.data;

  useEffect(() => {
    if (failed) {
      notify({ id: `group-chores-${group.id}`, type: 'error', message: t('chores.loadFailed') });
    }
  }, [failed, group.id, t]);

  const upcoming = (chores.data ?? [])
    .filter((chore) => chore.status === 'pending')
    .sort((a, b) => a.due_date.localeCompare(b.due_date) || a.id - b.id)
    .slice(0, UPCOMING_CHORES_COUNT);

  return (
    <Section title={t('groups.detail.chores.title')}>
      <QueryContent query={chores} failedText={t('chores.loadFailed')}>
        {() =>
          upcoming.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('groups.detail.chores.empty')}
            </Text>
          ) : (
            <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {upcoming.map((chore) => (
                <li key={chore.id} data-testid="upcoming-chore">
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text size="sm" fw={500} miw={0} style={{ overflowWrap: 'anywhere' }}>
                      {chore.name}
                    </Text>
                    <Text size="sm" c="dimmed" ta="right">
                      {formatCalendarDate(chore.due_date, i18n.language)}
                      {chore.assignment?.user
                        ? ` · ${personName(t, chore.assignment.user, NAME_RULES.chores)}`
                        : ''}
                    </Text>
                  </Group>
                </li>
              ))}
            </Stack>
          )
        }
      </QueryContent>
      <Group gap="xs">
        <Button component={Link} to={paths.groupChores(group.id)} variant="light" size="xs">
          {t('groups.detail.chores.manage')}
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconCalendarPlus size={14} aria-hidden />}
          onClick={() => setScheduling(true)}
        >
          {t('assignments.schedule.button')}
        </Button>
      </Group>
      <LoadWhenOpened opened={scheduling}>
        {(opened) => (
          <ScheduleModal
            opened={opened}
            group={group}
            chores={chores.data ?? []}
            onClose={() => setScheduling(false)}
          />
        )}
      </LoadWhenOpened>
    </Section>
  );
}
