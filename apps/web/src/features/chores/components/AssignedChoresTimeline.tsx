import type { Assignment } from '@household/contracts';
import { groupByBucket, TIMELINE_BUCKETS, type TimelineBucket } from '@household/domain';
import { Badge, Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconClock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadWhenOpened } from '../../../components/LoadWhenOpened';
import { useApi } from '../../../lib/api-context';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toasts';
import { myAssignmentsQueryOptions } from '../api/queries';
import { useCompleteAssignment } from '../api/mutations';
import { choreErrorKey } from '../errors';
import { useChoresLive } from '../live';
import { formatCalendarDate } from '../../../lib/format';
import { todayForUser } from './chore-format';
import { LoadingText } from '../../../components/LoadingText';

const TimeEntriesModal = lazy(() =>
  import('./TimeEntriesModal').then((m) => ({ default: m.TimeEntriesModal })),
);

const BUCKET_TITLE = {
  overdue: 'assignments.timeline.overdue',
  today: 'assignments.timeline.today',
  this_week: 'assignments.timeline.thisWeek',
  later: 'assignments.timeline.later',
  completed: 'assignments.timeline.completed',
} as const satisfies Record<TimelineBucket, string>;

/**
 * spec §2 "My assigned chores": my turns in the sections Overdue, Due Today, This Week, Later and
 * Completed (shown with Show Completed), each with Mark Complete; the sections come from the
 * domain's buckets, so they match the chores page's tabs for the same dates.
 */
export function AssignedChoresTimeline() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  useChoresLive();
  const assignments = useQuery(myAssignmentsQueryOptions(useApi()));
  const complete = useCompleteAssignment();
  const [showCompleted, setShowCompleted] = useState(false);
  const [timing, setTiming] = useState<Assignment | null>(null);
  const today = todayForUser(user?.timezone);
  const failed = assignments.isError && !assignments.data;

  useEffect(() => {
    if (failed) {
      notify({ id: 'assignments-load', type: 'error', message: t('assignments.loadFailed') });
    }
  }, [failed, t]);

  const change = (assignment: Assignment, completed: boolean) =>
    complete.mutate(
      { assignment, completed },
      {
        onSuccess: () =>
          notify({
            type: 'success',
            message: t(completed ? 'chores.status.done' : 'chores.status.notDone'),
          }),
        onError: (error) =>
          notify({
            type: 'error',
            message: t(choreErrorKey(error, 'assignments.completeFailed')),
          }),
      },
    );

  const buckets = groupByBucket(
    (assignments.data?.items ?? []).map((assignment) => ({
      assignment,
      dueDate: assignment.due_date,
      completed: assignment.completed_on !== null,
      completedOn: assignment.completed_on,
    })),
    today,
  );
  const shown = TIMELINE_BUCKETS.filter(
    (bucket) => buckets[bucket].length > 0 && (bucket !== 'completed' || showCompleted),
  );
  const date = (value: string) => formatCalendarDate(value, i18n.language);
  const title = t('assignments.title');

  return (
    <Card withBorder padding="lg" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h4">
            {title}
          </Title>
          <Switch
            label={t('assignments.showCompleted')}
            checked={showCompleted}
            onChange={(event) => setShowCompleted(event.currentTarget.checked)}
          />
        </Group>
        {failed ? (
          <Stack gap="xs" align="flex-start">
            <Text size="sm" c="red" role="alert">
              {t('assignments.loadFailed')}
            </Text>
            <Button size="xs" variant="light" onClick={() => void assignments.refetch()}>
              {t('app.retry')}
            </Button>
          </Stack>
        ) : assignments.data === undefined ? (
          <Text size="sm" c="dimmed">
            <LoadingText />
          </Text>
        ) : shown.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('assignments.empty')}
          </Text>
        ) : (
          shown.map((bucket) => (
            <Stack key={bucket} gap={6} component="section" aria-label={t(BUCKET_TITLE[bucket])}>
              <Title order={4} size="h6">
                {t(BUCKET_TITLE[bucket])} ({buckets[bucket].length})
              </Title>
              <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {buckets[bucket].map(({ assignment }) => (
                  <li key={assignment.id} data-testid="assignment-row">
                    <Group justify="space-between" gap="xs" wrap="wrap">
                      <Stack gap={0} miw={0}>
                        <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                          {assignment.chore_name}
                        </Text>
                        <Group gap={6}>
                          {assignment.group_name && (
                            <Badge variant="light" color="blue">
                              {assignment.group_name}
                            </Badge>
                          )}
                          <Text size="sm" c="dimmed">
                            {assignment.completed_on
                              ? t('assignments.doneOn', { date: date(assignment.completed_on) })
                              : t('assignments.due', { date: date(assignment.due_date) })}
                          </Text>
                          {assignment.minutes_spent > 0 && (
                            <Text size="sm" c="dimmed">
                              {t('assignments.minutes', { count: assignment.minutes_spent })}
                            </Text>
                          )}
                        </Group>
                      </Stack>
                      <Group gap={6}>
                        <Button
                          size="xs"
                          variant="subtle"
                          leftSection={<IconClock size={14} aria-hidden />}
                          aria-label={t('assignments.time.open', { name: assignment.chore_name })}
                          onClick={() => setTiming(assignment)}
                        >
                          {t('assignments.time.button')}
                        </Button>
                        {assignment.completed_on === null ? (
                          <Button
                            size="xs"
                            leftSection={<IconCheck size={14} aria-hidden />}
                            aria-label={t('assignments.completeLabel', {
                              name: assignment.chore_name,
                            })}
                            loading={
                              complete.isPending &&
                              complete.variables?.assignment.id === assignment.id
                            }
                            onClick={() => change(assignment, true)}
                          >
                            {t('assignments.complete')}
                          </Button>
                        ) : (
                          <Button
                            size="xs"
                            variant="default"
                            leftSection={<IconArrowBackUp size={14} aria-hidden />}
                            aria-label={t('assignments.undoLabel', { name: assignment.chore_name })}
                            onClick={() => change(assignment, false)}
                          >
                            {t('assignments.undo')}
                          </Button>
                        )}
                      </Group>
                    </Group>
                  </li>
                ))}
              </Stack>
            </Stack>
          ))
        )}
      </Stack>
      <LoadWhenOpened opened={timing !== null}>
        {(opened) => (
          <TimeEntriesModal opened={opened} assignment={timing} onClose={() => setTiming(null)} />
        )}
      </LoadWhenOpened>
    </Card>
  );
}
