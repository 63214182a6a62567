import type { Group } from '@household/contracts';
import { Alert, Badge, Button, Group as Row, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDoorExit, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../lib/api-client';
import { useApi } from '../../lib/api-context';
import { useNumericParam } from '../../lib/route-params';
import { useSession } from '../../lib/session';
import { notify } from '../../lib/toasts';
import { paths } from '../../lib/paths';
import { groupQueryOptions } from '../../lib/shared-queries';
import { useDeleteGroup, useLeaveGroup } from '../../features/groups/api/mutations';
import { ActivitySection } from '../../features/groups/components/ActivitySection';
import { ConfirmModal } from '../../components/ConfirmModal';
import { EditGroupDialog } from '../../features/groups/components/EditGroupDialog';
import { GroupListsSection } from '../../features/lists/components/GroupListsSection';
import { GroupSettingsDialog } from '../../features/groups/components/GroupSettingsDialog';
import { InviteByEmailSection } from '../../features/groups/components/InviteByEmailSection';
import { InviteCodeSection } from '../../features/groups/components/InviteCodeSection';
import { MembersSection } from '../../features/groups/components/MembersSection';
import { UnitsSection } from '../../features/groups/components/UnitsSection';
import { RoleBadge } from '../../features/groups/components/RoleBadge';
import { actionErrorKey, loadErrorKey } from '../../features/groups/errors';
import { PageLoader } from '../../components/PageLoader';
import { RecentExpensesSection } from '../../features/expenses/components/RecentExpensesSection';
import { UpcomingChoresSection } from '../../features/chores/components/UpcomingChoresSection';

/** spec §2 Group detail: members, invites, lists, chores, expenses and the activity log. */
export function GroupDetailPage() {
  const { t } = useTranslation();
  const id = useNumericParam('id');
  const group = useQuery(groupQueryOptions(useApi(), id));
  const { user } = useSession();
  const errorKey = group.isError ? loadErrorKey(group.error, 'groups.detail.notFound') : null;

  useEffect(() => {
    if (errorKey && !group.data) {
      notify({ id: `group-load-${id}`, type: 'error', message: t(errorKey) });
    }
  }, [errorKey, group.data, id, t]);

  if (group.data) {
    return <GroupDetail group={group.data} myId={user?.id} timeZone={user?.timezone} />;
  }
  if (group.isPending) {
    return <PageLoader py="xl" />;
  }
  return (
    <Alert color="red" title={t('groups.detail.notFound')}>
      <Button mt="sm" variant="light" component={Link} to={paths.groups}>
        {t('groups.backToGroups')}
      </Button>
    </Alert>
  );
}

function GroupDetail({
  group,
  myId,
  timeZone,
}: {
  group: Group;
  myId: number | undefined;
  timeZone?: string;
}) {
  const can = (permission: Group['my_permissions'][number]) =>
    group.my_permissions.includes(permission);

  return (
    <Stack>
      <Stack gap={4}>
        <Row justify="space-between" align="flex-start" gap="sm">
          <Title order={2} miw={0} style={{ overflowWrap: 'anywhere' }}>
            {group.name}
          </Title>
          <Row gap="xs">
            <RoleBadge role={group.my_role} />
            <Badge variant="outline" color="gray">
              {group.currency}
            </Badge>
          </Row>
        </Row>
        {group.description && (
          <Text c="dimmed" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {group.description}
          </Text>
        )}
        <Row gap="xs" mt="xs">
          {can('edit_group') && <EditGroupDialog group={group} />}
          {can('edit_group') && <GroupSettingsDialog groupId={group.id} />}
          <LeaveGroupButton groupId={group.id} />
          {can('delete_group') && <DeleteGroupButton group={group} />}
        </Row>
      </Stack>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Stack miw={0}>
          <MembersSection group={group} myId={myId} />
          <UnitsSection group={group} />
          {can('manage_invites') && <InviteCodeSection group={group} timeZone={timeZone} />}
          {can('manage_invites') && <InviteByEmailSection group={group} myId={myId} />}
        </Stack>
        <Stack miw={0}>
          <GroupListsSection groupId={group.id} />
          <UpcomingChoresSection group={group} />
          <RecentExpensesSection groupId={group.id} />
          {can('view_activity') && <ActivitySection groupId={group.id} timeZone={timeZone} />}
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}

/** docs/groups.md: anyone may leave, except the last owner (409 last_owner). */
function LeaveGroupButton({ groupId }: { groupId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leave = useLeaveGroup(groupId);
  const [opened, setOpened] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onConfirm = () =>
    leave.mutate(undefined, {
      onSuccess: () => {
        notify({ type: 'success', message: t('groups.leave.success') });
        void navigate(paths.groups);
      },
      onError: (cause) => {
        const message = isApiError(cause, 'last_owner')
          ? t('groups.leave.lastOwner')
          : t(actionErrorKey(cause, 'groups.leave.failed'));
        setError(message);
        notify({ type: 'error', message });
      },
    });

  return (
    <>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconDoorExit size={14} aria-hidden />}
        onClick={() => {
          setError(null);
          setOpened(true);
        }}
      >
        {t('groups.leave.button')}
      </Button>
      <ConfirmModal
        opened={opened}
        title={t('groups.leave.title')}
        text={t('groups.leave.text')}
        confirmLabel={t('groups.leave.confirm')}
        loading={leave.isPending}
        error={error}
        onConfirm={onConfirm}
        onClose={() => setOpened(false)}
      />
    </>
  );
}

function DeleteGroupButton({ group }: { group: Group }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const deleteGroup = useDeleteGroup(group.id);
  const [opened, setOpened] = useState(false);

  const onConfirm = () =>
    deleteGroup.mutate(undefined, {
      onSuccess: () => {
        notify({ type: 'success', message: t('groups.delete.success') });
        void navigate(paths.groups);
      },
      onError: (cause) => {
        notify({ type: 'error', message: t(actionErrorKey(cause, 'groups.delete.failed')) });
        setOpened(false);
      },
    });

  return (
    <>
      <Button
        variant="light"
        color="red"
        size="xs"
        leftSection={<IconTrash size={14} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {t('groups.delete.button')}
      </Button>
      <ConfirmModal
        opened={opened}
        title={t('groups.delete.title')}
        text={t('groups.delete.text', { name: group.name })}
        confirmLabel={t('groups.delete.confirm')}
        loading={deleteGroup.isPending}
        onConfirm={onConfirm}
        onClose={() => setOpened(false)}
      />
    </>
  );
}
