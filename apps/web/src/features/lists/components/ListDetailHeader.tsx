import type { ListDetail } from '@household/contracts';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconBuildingStore, IconCalculator, IconShoppingCart } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApi } from '../../../lib/api-context';
import { paths } from '../../../lib/paths';
import { walkingOrderQueryOptions } from '../api/queries';
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
  const api = useApi();
  const queryClient = useQueryClient();
  // Asked for as the person reaches for supermarket mode, so it opens in the learned order at once.
  const prefetchOrder = () =>
    void queryClient.prefetchQuery(walkingOrderQueryOptions(api, list.id, list.shop));
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
      {list.shop && (
        <Group gap={6} wrap="nowrap" data-testid="list-shop">
          <IconBuildingStore size={16} aria-hidden />
          <Text style={{ overflowWrap: 'anywhere' }}>
            {t('lists.detail.atShop', { shop: list.shop })}
          </Text>
        </Group>
      )}
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
          onPointerEnter={prefetchOrder}
          onPointerDown={prefetchOrder}
          onFocus={prefetchOrder}
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
