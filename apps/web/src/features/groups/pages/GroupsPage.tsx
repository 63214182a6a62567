import { Alert, Button, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { useApi } from '../../../lib/api-context';
import { notify } from '../../../lib/toasts';
import { myGroupsQueryOptions } from '../../../lib/shared-queries';
import { CreateGroupDialog } from '../components/CreateGroupDialog';
import { GroupCard } from '../components/GroupCard';
import { JoinGroupForm } from '../components/JoinGroupForm';
import { PendingInvitations } from '../components/PendingInvitations';
import { Section } from '../../../components/Section';
import { loadErrorKey } from '../errors';
import { PageLoader } from '../../../components/PageLoader';

/** spec §2 Groups page: empty state, create-group dialog, join by code, group cards. */
export function GroupsPage() {
  const { t } = useTranslation();
  const groups = useQuery(myGroupsQueryOptions(useApi()));
  const errorKey = groups.isError ? loadErrorKey(groups.error, 'groups.loadFailed') : null;

  useEffect(() => {
    // Cached cards stay on screen when only a background refresh fails; no toast then.
    if (errorKey && !groups.data)
      notify({ id: 'groups-load', type: 'error', message: t(errorKey) });
  }, [errorKey, groups.data, t]);

  const isEmpty = groups.data?.length === 0;
  // One Create group button at a time: the empty state has its own.
  const hasGroups = (groups.data?.length ?? 0) > 0;

  return (
    <Stack>
      <Group justify="space-between" gap="sm">
        <Title order={2}>{t('groups.title')}</Title>
        {hasGroups && <CreateGroupDialog />}
      </Group>

      <PendingInvitations />

      {groups.data ? (
        isEmpty ? (
          <EmptyState
            icon={IconUsersGroup}
            title={t('groups.empty.title')}
            text={t('groups.empty.text')}
          >
            <CreateGroupDialog />
            <Stack w="100%" maw={420} mt="md" gap="xs" ta="left">
              <Title order={4} size="h5">
                {t('groups.join.title')}
              </Title>
              <JoinGroupForm />
            </Stack>
          </EmptyState>
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {groups.data.map((group) => (
                <GroupCard key={group.id} group={group} />
              ))}
            </SimpleGrid>
            <Section title={t('groups.join.title')}>
              <JoinGroupForm />
            </Section>
          </>
        )
      ) : groups.isPending ? (
        <PageLoader py="xl" />
      ) : (
        <Alert color="red" title={errorKey ? t(errorKey) : undefined}>
          <Button
            mt="sm"
            variant="light"
            onClick={() => void groups.refetch()}
            loading={groups.isFetching}
          >
            {t('app.retry')}
          </Button>
        </Alert>
      )}
    </Stack>
  );
}
