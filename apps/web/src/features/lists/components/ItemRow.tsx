import type { Category, Item } from '@household/contracts';
import { ActionIcon, Badge, Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { isValidElement, memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NAME_RULES, personName } from '../../../lib/people';
import { quantityText } from '../format';
import { isDraftId } from '../api/items-cache';
import { PriceEditor } from './PriceEditor';

export interface ItemActions {
  onToggle: (item: Item) => void;
  onEdit: (item: Item) => void;
  onDelete: (item: Item) => void;
  onPrice: (item: Item, priceCents: number | null) => void;
}

interface ItemRowProps {
  item: Item;
  currency: string;
  category: Category | null;
  readOnly: boolean;
  /** The drag handle, when the list is in manual order. */
  handle?: ReactNode;
  /** Kept the same object from render to render by the list (ItemsView). */
  actions: ItemActions;
}

/**
 * One item: done state, name, quantity and unit, price, who added and who ticked it. Drawn again
 * only when what it shows changed: the list around it renders several times while it loads and
 * measures its rows, and a row is the costliest thing on the page.
 */
export const ItemRow = memo(ItemRowContent, (before, after) =>
  (Object.keys(after) as (keyof ItemRowProps)[]).every((key) =>
    key === 'handle' ? sameElement(before.handle, after.handle) : before[key] === after[key],
  ),
);

/** The same element type, key and props: the handle is made afresh on every render of its row. */
function sameElement(before: ReactNode, after: ReactNode): boolean {
  if (before === after) return true;
  if (!isValidElement(before) || !isValidElement(after)) return false;
  if (before.type !== after.type || before.key !== after.key) return false;
  const [a, b] = [before.props as Record<string, unknown>, after.props as Record<string, unknown>];
  const keys = Object.keys(b);
  return keys.length === Object.keys(a).length && keys.every((key) => a[key] === b[key]);
}

function ItemRowContent({ item, currency, category, readOnly, handle, actions }: ItemRowProps) {
  const { t, i18n } = useTranslation();
  const showQuantity = item.quantity !== 1 || item.unit !== null;
  return (
    <Group
      data-testid="item-row"
      data-done={item.done ? 'true' : 'false'}
      data-pending={isDraftId(item.id) ? 'true' : undefined}
      wrap="nowrap"
      gap="sm"
      py={6}
      px="xs"
      mih={52}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      {handle}
      <Checkbox
        size="md"
        checked={item.done}
        disabled={readOnly}
        aria-label={item.name}
        onChange={() => actions.onToggle(item)}
      />
      <Stack gap={0} miw={0} style={{ flex: 1 }}>
        {/* On a phone the category badge moves under the name rather than squeezing it. */}
        <Group gap={6} wrap="wrap" miw={0} style={{ rowGap: 2 }}>
          {showQuantity && (
            <Text span fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
              {quantityText(item.quantity, item.unit, i18n.language)}
            </Text>
          )}
          <Text
            span
            size="sm"
            td={item.done ? 'line-through' : undefined}
            c={item.done ? 'dimmed' : undefined}
            style={{ overflowWrap: 'break-word', minWidth: 0 }}
          >
            {item.name}
          </Text>
          {category && (
            <Badge size="xs" variant="light" color={category.color} style={{ flexShrink: 0 }}>
              {category.name}
            </Badge>
          )}
        </Group>
        {item.notes && (
          <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {item.notes}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {item.done && item.completed_by !== null
            ? t('lists.item.completedBy', {
                name: personName(t, item.completed_by, NAME_RULES.lists),
              })
            : item.added_by !== null
              ? t('lists.item.addedBy', { name: personName(t, item.added_by, NAME_RULES.lists) })
              : null}
        </Text>
      </Stack>
      <PriceEditor
        name={item.name}
        priceCents={item.price_cents}
        currency={currency}
        disabled={readOnly}
        onSave={(priceCents) => actions.onPrice(item, priceCents)}
      />
      <ActionIcon
        variant="subtle"
        color="gray"
        disabled={readOnly}
        aria-label={t('lists.item.edit', { name: item.name })}
        onClick={() => actions.onEdit(item)}
      >
        <IconPencil size={16} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        disabled={readOnly}
        aria-label={t('lists.item.delete', { name: item.name })}
        onClick={() => actions.onDelete(item)}
      >
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
