import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApi } from '../../../lib/api-context';
import { paths } from '../../../lib/paths';
import { groupListsQueryOptions } from '../api/queries';
import { Section } from '../../../components/Section';
import { PageLoader } from '../../../components/PageLoader';

/** How many lists the group page shows; the rest are one click away on the group's lists page. */
const SHOWN_LISTS = 8;

/**
 * spec §2 Group detail: the group's lists, each a link, and the way to all of them. A change made
 * on a list (or a realtime event) refreshes it, as it shares the lists' cached answer.
 */
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
