import type { Item } from '@household/contracts';
import { Button, Group, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconArrowBackUp, IconCircle, IconCircleCheckFilled } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { money } from '../../../lib/money';
import { parseOptionalMoneyInput } from '../../../lib/money';
import { quantityText } from '../format';

/**
 * A row of supermarket mode: at least 56 px high, one tap ticks it off. Memoised: a tick changes
 * one item, and the other rows on screen keep theirs (the cache keeps unchanged items as they
 * were), so they are not drawn again.
 */
export const ShopRow = memo(function ShopRow({
  item,
  currency,
  onTick,
  onUndo,
}: {
  item: Item;
  currency: string;
  /** With the price typed on the row, if any; skipping it is the same single tap. */
  onTick: (item: Item, priceCents: number | null | undefined) => void;
  onUndo: (item: Item) => void;
}) {
  const { t, i18n } = useTranslation();
  const [price, setPrice] = useState('');
  const showQuantity = item.quantity !== 1 || item.unit !== null;
  const quantity = showQuantity ? quantityText(item.quantity, item.unit, i18n.language) : null;
  const parsed = parseOptionalMoneyInput(price, currency, i18n.language);
  const isPriceInvalid = parsed !== null && Number.isNaN(parsed);

  const tick = () => {
    if (isPriceInvalid) return;
    onTick(item, parsed === null ? undefined : parsed);
  };

  const label = (
    <Group gap="sm" wrap="nowrap" miw={0}>
      {item.done ? (
        <IconCircleCheckFilled size={28} color="var(--mantine-color-brand-filled)" aria-hidden />
      ) : (
        <IconCircle size={28} aria-hidden />
      )}
      {/* The name before the quantity, as the tick's accessible name says them (WCAG 2.5.3). */}
      <Text
        size="lg"
        td={item.done ? 'line-through' : undefined}
        c={item.done ? 'dimmed' : undefined}
        miw={0}
        style={{ overflowWrap: 'anywhere' }}
      >
        {item.name}
        {quantity !== null && (
          // The space outside the bold part: axe reads each element's text trimmed.
          <>
            {' '}
            <Text span fw={700} inherit style={{ whiteSpace: 'nowrap' }}>
              {quantity}
            </Text>
          </>
        )}
      </Text>
    </Group>
  );

  return (
    <Group
      data-testid="shop-row"
      data-done={item.done ? 'true' : 'false'}
      wrap="nowrap"
      gap="xs"
      px="sm"
      mih={60}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      {item.done ? (
        <>
          <Group style={{ flex: 1 }} mih={56} miw={0} wrap="nowrap">
            {label}
          </Group>
          {item.price_cents !== null && (
            <Text size="md" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {money(item.price_cents, currency, i18n.language)}
            </Text>
          )}
          <Button
            variant="light"
            size="md"
            leftSection={<IconArrowBackUp size={18} aria-hidden />}
            aria-label={t('lists.shop.undo', { name: item.name })}
            onClick={() => onUndo(item)}
          >
            {t('lists.shop.undoShort')}
          </Button>
        </>
      ) : (
        <>
          <UnstyledButton
            onClick={tick}
            aria-label={
              quantity === null
                ? t('lists.shop.tick', { name: item.name })
                : t('lists.shop.tickQuantity', { name: item.name, quantity })
            }
            mih={56}
            miw={0}
            style={{ flex: 1, display: 'flex', alignItems: 'center' }}
          >
            {label}
          </UnstyledButton>
          <TextInput
            size="md"
            w={104}
            inputMode="decimal"
            aria-label={t('lists.shop.priceFor', { name: item.name })}
            placeholder={
              item.price_cents === null
                ? t('lists.shop.pricePlaceholder')
                : money(item.price_cents, currency, i18n.language)
            }
            value={price}
            error={isPriceInvalid}
            onChange={(event) => setPrice(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                tick();
              }
            }}
          />
        </>
      )}
    </Group>
  );
});
