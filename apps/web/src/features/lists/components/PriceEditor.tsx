import { Button, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { money } from '../../../lib/money';
import { parseOptionalMoneyInput } from '../../../lib/money';
import { priceInputValue } from '../format';

/** The price of an item, changed in place: Enter or leaving the field saves, Escape cancels. */
export function PriceEditor({
  name,
  priceCents,
  currency,
  disabled,
  onSave,
}: {
  name: string;
  priceCents: number | null;
  currency: string;
  disabled?: boolean;
  onSave: (priceCents: number | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const start = () => {
    setValue(priceInputValue(priceCents, currency));
    setError(null);
    setEditing(true);
  };
  const commit = () => {
    const cents = parseOptionalMoneyInput(value, currency, i18n.language);
    if (cents !== null && Number.isNaN(cents)) {
      setError(t('lists.item.priceInvalid'));
      return;
    }
    setEditing(false);
    if (cents !== priceCents) onSave(cents);
  };

  if (editing) {
    return (
      <TextInput
        size="xs"
        w={96}
        inputMode="decimal"
        aria-label={t('lists.item.priceOf', { name })}
        value={value}
        error={error}
        autoFocus
        onChange={(event) => setValue(event.currentTarget.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            setEditing(false);
          }
        }}
      />
    );
  }
  const price = priceCents === null ? null : money(priceCents, currency, i18n.language);
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      color={price === null ? 'gray' : undefined}
      disabled={disabled}
      // The name starts with what the button shows (WCAG 2.5.3), so "click €2.00" works by voice.
      aria-label={
        price === null
          ? t('lists.item.addPriceFor', { name })
          : t('lists.item.editPrice', { name, price })
      }
      onClick={start}
    >
      {price ?? t('lists.item.addPrice')}
    </Button>
  );
}
