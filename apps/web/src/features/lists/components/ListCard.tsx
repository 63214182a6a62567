import type { List } from '@household/contracts';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArchiveOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { money } from '../../../lib/money';
import { ListKindBadge, ListStatusBadge } from './ListBadges';

/** A list on the lists page: its name, counts, total, group or personal, status. */
export function ListCard({
  list,
  onUnarchive,
  unarchiving,
}: {
  list: List;
  onUnarchive?: () => void;
  unarchiving?: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Card
      withBorder
      padding="lg"
      component="article"
      aria-label={list.name}
      data-testid="list-card"
      miw={0}
    >
      <Stack gap="xs" h="100%">
        <Title order={3} size="h4" miw={0} style={{ overflowWrap: 'anywhere' }}>
          <Anchor component={Link} to={paths.list(list.id)} inherit>
            {list.name}
          </Anchor>
        </Title>
        <Group gap="xs">
          <ListKindBadge list={list} />
          <ListStatusBadge status={list.status} />
        </Group>
        {list.description && (
          <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {list.description}
          </Text>
        )}
        <Group gap="md" mt="auto" pt="xs" justify="space-between">
          <Text size="sm">
            {t('lists.card.items', { count: list.item_count })}
            {' · '}
            {t('lists.card.done', { count: list.done_count })}
          </Text>
          <Text size="sm" fw={600}>
            {t('lists.card.total', {
              amount: money(list.total_cents, list.currency, i18n.language),
            })}
          </Text>
        </Group>
        {onUnarchive && (
          <Group>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconArchiveOff size={14} aria-hidden />}
              onClick={onUnarchive}
              loading={unarchiving}
            >
              {t('lists.actions.unarchive')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
