import { normalizeInviteCode } from '@household/contracts';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useApi } from '../../../lib/api-context';
import { formatDate } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toasts';
import { paths } from '../../../lib/paths';
import { joinPreviewQueryOptions } from '../api/queries';
import { useJoinGroup } from '../api/mutations';
import { joinErrorKey } from '../errors';
import { joinedToast } from '../components/joined-toast';
import { PageLoader } from '../../../components/PageLoader';

/** docs/groups.md: the share link `/groups/join/<code>` shows the group and a Join button. */
export function JoinGroupPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const code = normalizeInviteCode(useParams().code ?? '');
  const { user } = useSession();
  const preview = useQuery({
    ...joinPreviewQueryOptions(useApi(), code),
    enabled: code !== '',
  });
  const joinGroup = useJoinGroup();

  const onJoin = () =>
    joinGroup.mutate(code, {
      onSuccess: (result) => {
        notify(joinedToast(t, result));
        void navigate(paths.group(result.group.id));
      },
      onError: (error) => notify({ type: 'error', message: t(joinErrorKey(error)) }),
    });

  let content;
  if (code === '' || preview.isError) {
    // spec §8: an unknown, expired or revoked code and any other failure read the same; only a
    // person removed from the group learns why, and what to do.
    content = (
      <Alert color="red" title={t(joinErrorKey(preview.error))}>
        <Button mt="sm" variant="light" component={Link} to={paths.groups}>
          {t('groups.backToGroups')}
        </Button>
      </Alert>
    );
  } else if (!preview.data) {
    content = <PageLoader py="xl" />;
  } else {
    const group = preview.data;
    content = (
      <Card withBorder padding="lg" component="section" aria-label={group.group_name}>
        <Stack gap="sm">
          <Group gap="sm" wrap="nowrap">
            <IconUsersGroup size={28} aria-hidden />
            <Title order={3} miw={0} style={{ overflowWrap: 'anywhere' }}>
              {group.group_name}
            </Title>
          </Group>
          <Text>{t('groups.card.members', { count: group.member_count })}</Text>
          {group.is_member ? (
            <>
              <Text fw={500}>{t('groups.join.alreadyMember')}</Text>
              <Group>
                <Button component={Link} to={paths.group(group.group_id)}>
                  {t('groups.join.openGroup')}
                </Button>
              </Group>
            </>
          ) : (
            <>
              <Text size="sm" c="dimmed">
                {t('groups.join.validUntil', {
                  date: formatDate(group.expires_at, i18n.language, user?.timezone),
                })}
              </Text>
              <Group>
                <Button onClick={onJoin} loading={joinGroup.isPending}>
                  {t('groups.join.submit')}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Card>
    );
  }

  return (
    <Stack maw={560}>
      <Title order={2}>{t('groups.join.pageTitle')}</Title>
      {content}
    </Stack>
  );
}
