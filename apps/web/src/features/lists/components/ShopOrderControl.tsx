import type { WalkingOrder } from '@household/contracts';
import { Group, SegmentedControl, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The orders supermarket mode can show: learned from the trips, or the list's own. */
export type ShopOrder = 'learned' | 'manual';

/**
 * Issue 25: the switch between the walking order learned from the household's trips and the
 * person's own order, with what the learned one comes from.
 */
export function ShopOrderControl({
  order,
  value,
  onChange,
}: {
  order: WalkingOrder;
  value: ShopOrder;
  onChange: (value: ShopOrder) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group px="md" pt="sm" gap="sm" justify="space-between">
      <SegmentedControl
        aria-label={t('lists.shop.order.label')}
        value={value}
        onChange={(next) => onChange(next === 'manual' ? 'manual' : 'learned')}
        data={[
          { value: 'learned', label: t('lists.shop.order.learned') },
          { value: 'manual', label: t('lists.shop.order.manual') },
        ]}
      />
      <Text size="sm" c="dimmed" data-testid="shop-learned-from">
        {order.shop
          ? t('lists.shop.order.learnedFrom', { count: order.trips, shop: order.shop })
          : t('lists.shop.order.learnedFromAnyShop', { count: order.trips })}
      </Text>
    </Group>
  );
}
