import type { GroupSummary } from '@household/contracts';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { RoleBadge } from './RoleBadge';

/** spec §2: a group card with a new-list button (the group's lists page, create card focused). */
export function GroupCard({ group }: { group: GroupSummary }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg" component="article" aria-label={group.name} miw={0}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Title order={3} size="h4" miw={0} style={{ overflowWrap: 'anywhere' }}>
            <Anchor component={Link} to={paths.group(group.id)} inherit>
              {group.name}
            </Anchor>
          </Title>
          <RoleBadge role={group.my_role} />
        </Group>
        {group.description && (
          <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {group.description}
          </Text>
        )}
        <Text size="sm">{t('groups.card.members', { count: group.member_count })}</Text>
        <Group mt="auto" pt="xs" gap="xs">
          <Button
            component={Link}
            to={paths.groupNewList(group.id)}
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
          >
            {t('groups.card.newList')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
