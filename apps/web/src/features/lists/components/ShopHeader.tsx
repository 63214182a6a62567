import type { ListDetail } from '@household/contracts';
import { Box, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { money } from '../../../lib/money';
import { OfflineIndicator } from './OfflineIndicator';
import { ShopExitButton } from './ShopExitButton';

/** The top of supermarket mode, kept in view: the list's name, what is in the cart and left. */
export function ShopHeader({
  list,
  cartCents,
  openCount,
}: {
  list: ListDetail;
  cartCents: number;
  openCount: number;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Box
      component="header"
      pos="sticky"
      top={0}
      px="md"
      py="sm"
      bg="var(--mantine-color-body)"
      style={{ zIndex: 10, borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={0} miw={0}>
          <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {list.name}
          </Title>
          <Text size="md" role="status" data-testid="shop-total">
            {t('lists.shop.inCart', { amount: money(cartCents, list.currency, i18n.language) })}
            {' · '}
            {t('lists.shop.left', { count: openCount })}
          </Text>
        </Stack>
        <ShopExitButton listId={list.id} />
      </Group>
      <OfflineIndicator />
    </Box>
  );
}
