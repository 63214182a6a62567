import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { money } from '../../../lib/money';
import { parseOptionalMoneyInput } from '../../../lib/money';
import { priceInputValue } from '../format';
import plainClasses from '../../../components/plain/plain.module.css';
import { TextButton } from './RowButtons';
import classes from './rows.module.css';

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
  const errorId = useId();

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
      <div className={classes.priceField}>
        <input
          className={`${plainClasses.input} ${plainClasses.small}`}
          inputMode="decimal"
          aria-label={t('lists.item.priceOf', { name })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          value={value}
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
        {error && (
          <div id={errorId} className={plainClasses.error}>
            {error}
          </div>
        )}
      </div>
    );
  }
  const price = priceCents === null ? null : money(priceCents, currency, i18n.language);
  return (
    <TextButton
      tint={price === null ? 'gray' : 'brand'}
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
    </TextButton>
  );
}
