import { Checkbox, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SplitItemDraft } from '../split-draft';

/** An item-based split: per priced item, who of the participants takes it. */
export function ItemTakers({
  items,
  people,
  format,
  onToggle,
}: {
  items: SplitItemDraft[];
  people: { id: number; name: string }[];
  format: (cents: number) => string;
  onToggle: (index: number, userId: number, checked: boolean) => void;
}) {
  const { t } = useTranslation();
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('expenses.form.noPricedItems')}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('expenses.form.itemsHint')}
      </Text>
      {items.map((item, index) => (
        <Stack
          key={item.itemId ?? `item-${index}`}
          gap={4}
          component="fieldset"
          style={{ border: 0, padding: 0, margin: 0 }}
        >
          <Text component="legend" size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {t('expenses.form.itemLine', {
              name: item.name || t('expenses.form.unnamedItem'),
              price: format(item.priceCents),
            })}
          </Text>
          <Group gap="sm">
            {people.map((person) => (
              <Checkbox
                key={person.id}
                size="xs"
                label={person.name}
                aria-label={t('expenses.form.takesItem', {
                  name: person.name,
                  item: item.name || t('expenses.form.unnamedItem'),
                })}
                checked={item.takers.includes(person.id)}
                onChange={(event) => onToggle(index, person.id, event.currentTarget.checked)}
              />
            ))}
          </Group>
        </Stack>
      ))}
    </Stack>
  );
}
