import type { ListDetail } from '@household/contracts';
import { Group, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { money } from '../../../lib/money';

/** Above a list's items: the switch that groups them by category, and their counts and total. */
export function ListItemsSummary({
  list,
  grouped,
  onGroupedChange,
}: {
  list: ListDetail;
  grouped: boolean;
  onGroupedChange: (grouped: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Group justify="space-between" gap="sm">
      <Switch
        label={t('lists.detail.groupByCategory')}
        checked={grouped}
        onChange={(event) => onGroupedChange(event.currentTarget.checked)}
      />
      <Text size="sm" c="dimmed">
        {t('lists.card.items', { count: list.item_count })}
        {' · '}
        {t('lists.card.done', { count: list.done_count })}
        {' · '}
        {t('lists.card.total', { amount: money(list.total_cents, list.currency, i18n.language) })}
      </Text>
    </Group>
  );
}
