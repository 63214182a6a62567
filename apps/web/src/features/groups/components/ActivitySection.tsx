import { Button, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/api-context';
import { formatDateTime } from '../../../lib/format';
import { activitySentence } from '../activity';
import { activityQueryOptions } from '../api/queries';
import { loadErrorKey } from '../errors';
import { Section } from '../../../components/Section';
import { PageLoader } from '../../../components/PageLoader';

/** docs/groups.md activity log: newest first, older pages on request. */
export function ActivitySection({ groupId, timeZone }: { groupId: number; timeZone?: string }) {
  const { t, i18n } = useTranslation();
  const activity = useInfiniteQuery(activityQueryOptions(useApi(), groupId));
  const entries = activity.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Section title={t('groups.activity.title')}>
      {activity.isPending ? (
        <PageLoader size="sm" py={0} />
      ) : activity.isError && entries.length === 0 ? (
        <Stack gap="xs" align="flex-start">
          <Text size="sm" c="red">
            {t(loadErrorKey(activity.error, 'groups.activity.loadFailed'))}
          </Text>
          <Button size="xs" variant="light" onClick={() => void activity.refetch()}>
            {t('app.retry')}
          </Button>
        </Stack>
      ) : entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('groups.activity.empty')}
        </Text>
      ) : (
        <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {entries.map((entry) => (
            <li key={entry.id} data-testid="activity-entry">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {activitySentence(t, entry, i18n.language)}
              </Text>
              <Text size="xs" c="dimmed" component="time" dateTime={entry.created_at}>
                {formatDateTime(entry.created_at, i18n.language, timeZone)}
              </Text>
            </li>
          ))}
        </Stack>
      )}
      {activity.hasNextPage && (
        <Button
          size="xs"
          variant="light"
          onClick={() => void activity.fetchNextPage()}
          loading={activity.isFetchingNextPage}
        >
          {t('groups.activity.loadMore')}
        </Button>
      )}
      {activity.isFetchNextPageError && (
        <Text size="sm" c="red">
          {t(loadErrorKey(activity.error, 'groups.activity.loadFailed'))}
        </Text>
      )}
    </Section>
  );
}
