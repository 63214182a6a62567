import type { ListDetail } from '@household/contracts';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalculator, IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { ListActionsMenu } from './ListActionsMenu';
import { ListKindBadge, ListStatusBadge } from './ListBadges';
import { OfflineIndicator } from './OfflineIndicator';

/** The top of a list's page: its name and badges, description, supermarket mode, costs, actions. */
export function ListDetailHeader({
  list,
  onOpenCosts,
}: {
  list: ListDetail;
  onOpenCosts: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Title order={2} miw={0} style={{ overflowWrap: 'anywhere' }}>
          {list.name}
        </Title>
        <Group gap="xs">
          <ListKindBadge list={list} />
          <ListStatusBadge status={list.status} />
        </Group>
      </Group>
      {list.description && (
        <Text c="dimmed" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
          {list.description}
        </Text>
      )}
      <Group gap="xs">
        <Button
          component={Link}
          to={paths.listShop(list.id)}
          leftSection={<IconShoppingCart size={16} aria-hidden />}
        >
          {t('lists.shop.open')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconCalculator size={16} aria-hidden />}
          onClick={onOpenCosts}
        >
          {t('lists.costs.button')}
        </Button>
        <ListActionsMenu list={list} />
        <OfflineIndicator />
      </Group>
    </Stack>
  );
}
