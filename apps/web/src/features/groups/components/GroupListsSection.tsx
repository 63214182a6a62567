import { ZList } from '@household/contracts';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { useApi } from '../../../lib/api-context';
import { apiPaths, paths } from '../../../paths';
import { Section } from './Section';
import { PageLoader } from '../../../components/PageLoader';

/** How many lists the group page shows; the rest are one click away on the group's lists page. */
const SHOWN_LISTS = 8;

/**
 * GET /groups/{id}/lists. The key is the one the lists feature uses for the same answer, so a
 * change made there (or a realtime event) refreshes this section too.
 */
const groupListsQueryOptions = (api: ReturnType<typeof useApi>, groupId: number) =>
  queryOptions({
    queryKey: ['lists', 'group', groupId] as const,
    queryFn: ({ signal }) =>
      api.get(apiPaths.groupLists(groupId), { schema: z.array(ZList), signal }),
  });

/** spec §2 Group detail: the group's lists, each a link, and the way to all of them. */
export function GroupListsSection({ groupId }: { groupId: number }) {
  const { t } = useTranslation();
  const lists = useQuery(groupListsQueryOptions(useApi(), groupId));
  const shown = lists.data?.slice(0, SHOWN_LISTS) ?? [];

  return (
    <Section title={t('groups.detail.lists.title')}>
      {lists.data ? (
        lists.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('groups.detail.lists.empty')}
          </Text>
        ) : (
          <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {shown.map((list) => (
              <Group component="li" key={list.id} justify="space-between" wrap="nowrap" gap="xs">
                <Anchor
                  component={Link}
                  to={paths.list(list.id)}
                  size="sm"
                  miw={0}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {list.name}
                </Anchor>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {t('groups.detail.lists.progress', {
                    done: list.done_count,
                    count: list.item_count,
                  })}
                </Text>
              </Group>
            ))}
          </Stack>
        )
      ) : lists.isPending ? (
        <PageLoader size="sm" py={0} />
      ) : (
        <Group gap="xs">
          <Text size="sm" c="red">
            {t('groups.detail.lists.loadFailed')}
          </Text>
          <Button size="xs" variant="subtle" onClick={() => void lists.refetch()}>
            {t('app.retry')}
          </Button>
        </Group>
      )}
      <Group>
        <Button component={Link} to={paths.groupLists(groupId)} variant="light" size="xs">
          {t('groups.detail.lists.open')}
        </Button>
      </Group>
    </Section>
  );
}
