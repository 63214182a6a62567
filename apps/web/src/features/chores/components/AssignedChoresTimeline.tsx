import type { Assignment } from '@household/contracts';
import { TIMELINE_BUCKETS, type TimelineBucket } from '@household/domain';
import { Stack, Switch, Text, Title } from '@mantine/core';
import { useState, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadWhenOpened } from '../../../components/LoadWhenOpened';
import { QueryContent } from '../../../components/QueryContent';
import { Section } from '../../../components/Section';
import { AssignmentRow } from './AssignmentRow';
import { useAssignmentCompletion } from './use-assignment-completion';
import { useMyAssignments } from './use-my-assignments';

const AskSwapModal = lazy(() =>
  import('./AskSwapModal').then((m) => ({ default: m.AskSwapModal })),
);
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
  const { t } = useTranslation();
  const { assignments, buckets } = useMyAssignments();
  const { change, isCompleting } = useAssignmentCompletion();
  const [showCompleted, setShowCompleted] = useState(false);
  const [timing, setTiming] = useState<Assignment | null>(null);
  const [swapping, setSwapping] = useState<Assignment | null>(null);

  const shown = TIMELINE_BUCKETS.filter(
    (bucket) => buckets[bucket].length > 0 && (bucket !== 'completed' || showCompleted),
  );
  const title = t('assignments.title');

  return (
    <Section
      title={title}
      actions={
        <Switch
          label={t('assignments.showCompleted')}
          checked={showCompleted}
          onChange={(event) => setShowCompleted(event.currentTarget.checked)}
        />
      }
    >
      <QueryContent query={assignments} failedText={t('assignments.loadFailed')}>
        {() =>
          shown.length === 0 ? (
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
                    <AssignmentRow
                      key={assignment.id}
                      assignment={assignment}
                      isCompleting={isCompleting(assignment)}
                      onChange={(completed) => change(assignment, completed)}
                      onTime={() => setTiming(assignment)}
                      onAskSwap={() => setSwapping(assignment)}
                    />
                  ))}
                </Stack>
              </Stack>
            ))
          )
        }
      </QueryContent>
      <LoadWhenOpened opened={timing !== null}>
        {(opened) => (
          <TimeEntriesModal opened={opened} assignment={timing} onClose={() => setTiming(null)} />
        )}
      </LoadWhenOpened>
      <LoadWhenOpened opened={swapping !== null}>
        {(opened) => (
          <AskSwapModal opened={opened} assignment={swapping} onClose={() => setSwapping(null)} />
        )}
      </LoadWhenOpened>
    </Section>
  );
}
