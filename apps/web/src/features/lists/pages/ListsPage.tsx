import type { List } from '@household/contracts';
import { Alert, Button, Group, SimpleGrid, Stack, Tabs, Title } from '@mantine/core';
import { IconArchive, IconShoppingCart } from '@tabler/icons-react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { useApi } from '../../../lib/api-context';
import type { TranslationKey } from '../../../lib/i18n';
import { useOptionalNumericParam } from '../../../lib/route-params';
import { notify } from '../../../lib/toasts';
import { activeListsQueryOptions, archivedListsQueryOptions } from '../api/queries';
import { myGroupsQueryOptions } from '../../../lib/shared-queries';
import { useListTransition } from '../api/list-mutations';
import { CreateListCard } from '../components/CreateListCard';
import { ImportListDialog } from '../components/ImportListDialog';
import { ListCard } from '../components/ListCard';
import { OfflineIndicator } from '../components/OfflineIndicator';
import { useListsLive } from '../api/live';
import { useOutboxToasts } from '../components/use-outbox-toasts';
import { useScrollMemory, useViewState } from '../view-state';
import { PageLoader } from '../../../components/PageLoader';

type Tab = 'active' | 'archived';

/** spec §2: My Lists, or the lists of one group (groups/{groupId}/lists reuses this page). */
export function ListsPage() {
  const { t } = useTranslation();
  const api = useApi();
  const groupId = useOptionalNumericParam('groupId');
  const [search, setSearch] = useSearchParams();
  useListsLive();
  useOutboxToasts();

  const viewKey = `lists:${groupId ?? 'mine'}`;
  const [savedTab, setSavedTab] = useViewState<Tab>(`${viewKey}:tab`, 'active');
  // `?archived=1` (a link to the archive) wins over what the person last looked at.
  const tab: Tab = search.get('archived') === '1' ? 'archived' : savedTab;
  const onTab = (value: string | null) => {
    const next: Tab = value === 'archived' ? 'archived' : 'active';
    setSavedTab(next);
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'archived') params.set('archived', '1');
        else params.delete('archived');
        return params;
      },
      { replace: true },
    );
  };

  const groups = useQuery(myGroupsQueryOptions(api));
  const active = useQuery(activeListsQueryOptions(api, groupId));
  const archived = useQuery({
    ...archivedListsQueryOptions(api, groupId),
    enabled: tab === 'archived',
  });
  useScrollMemory(viewKey, active.data !== undefined);

  const groupName =
    groupId === null
      ? null
      : (groups.data?.find((group) => group.id === groupId)?.name ??
        active.data?.find((list) => list.group?.id === groupId)?.group?.name ??
        String(groupId));

  return (
    <Stack>
      <Group justify="space-between" gap="sm">
        <Title order={2} miw={0} style={{ overflowWrap: 'anywhere' }}>
          {groupName === null ? t('lists.title') : t('lists.groupTitle', { name: groupName })}
        </Title>
        <Group gap="xs">
          <OfflineIndicator />
          <ImportListDialog groups={groups.data ?? []} groupId={groupId} />
        </Group>
      </Group>

      <CreateListCard
        groups={groups.data ?? []}
        groupId={groupId}
        focus={search.get('new') === '1'}
      />

      <Tabs value={tab} onChange={onTab}>
        <Tabs.List>
          <Tabs.Tab value="active" leftSection={<IconShoppingCart size={16} aria-hidden />}>
            {t('lists.tabs.active')}
          </Tabs.Tab>
          <Tabs.Tab value="archived" leftSection={<IconArchive size={16} aria-hidden />}>
            {t('lists.tabs.archived')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="active" pt="md">
          <ListCards
            query={active}
            toastId={`lists-load-${groupId ?? 'mine'}`}
            emptyTitle="lists.empty.title"
            emptyText={groupId === null ? 'lists.empty.text' : 'lists.empty.groupText'}
          />
        </Tabs.Panel>
        <Tabs.Panel value="archived" pt="md">
          {tab === 'archived' && (
            <ListCards
              query={archived}
              toastId={`lists-archived-load-${groupId ?? 'mine'}`}
              emptyTitle="lists.archived.emptyTitle"
              emptyText="lists.archived.emptyText"
              archive
            />
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function ListCards({
  query,
  toastId,
  emptyTitle,
  emptyText,
  archive = false,
}: {
  query: UseQueryResult<List[]>;
  toastId: string;
  emptyTitle: TranslationKey;
  emptyText: TranslationKey;
  archive?: boolean;
}) {
  const { t } = useTranslation();
  const transition = useListTransition();
  const failed = query.isError && !query.data;

  useEffect(() => {
    // spec §8; cached cards stay on screen when only a background refresh fails.
    if (failed) notify({ id: toastId, type: 'error', message: t('lists.loadFailed') });
  }, [failed, toastId, t]);

  const unarchive = (list: List) =>
    transition.mutate(
      { id: list.id, transition: 'unarchive' },
      {
        onSuccess: () => notify({ type: 'success', message: t('lists.actions.unarchived') }),
        onError: () => notify({ type: 'error', message: t('lists.actions.failed') }),
      },
    );

  if (query.data) {
    if (query.data.length === 0) {
      return (
        <EmptyState
          icon={archive ? IconArchive : IconShoppingCart}
          title={t(emptyTitle)}
          text={t(emptyText)}
        />
      );
    }
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {query.data.map((list) => (
          <ListCard
            key={list.id}
            list={list}
            onUnarchive={archive ? () => unarchive(list) : undefined}
            unarchiving={archive && transition.isPending && transition.variables?.id === list.id}
          />
        ))}
      </SimpleGrid>
    );
  }
  if (query.isPending) {
    return <PageLoader py="xl" />;
  }
  return (
    <Alert color="red" title={t('lists.loadFailed')}>
      <Button
        mt="sm"
        variant="light"
        onClick={() => void query.refetch()}
        loading={query.isFetching}
      >
        {t('app.retry')}
      </Button>
    </Alert>
  );
}
