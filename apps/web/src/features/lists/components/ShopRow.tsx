import type { Item } from '@household/contracts';
import { IconArrowBackUp, IconCircle, IconCircleCheckFilled } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { money } from '../../../lib/money';
import { parseOptionalMoneyInput } from '../../../lib/money';
import { quantityText } from '../format';
import { FOCUS_RING } from '../../../components/plain/Button';
import plainClasses from '../../../components/plain/plain.module.css';
import { TextButton } from './RowButtons';
import classes from './rows.module.css';

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
    <span className={classes.tickLabel}>
      {item.done ? (
        <IconCircleCheckFilled size={28} className={classes.tickedIcon} aria-hidden />
      ) : (
        <IconCircle size={28} className={classes.tickIcon} aria-hidden />
      )}
      {/* The name before the quantity, as the tick's accessible name says them (WCAG 2.5.3). */}
      <span className={`${classes.shopName} ${item.done ? classes.done : ''}`}>
        {item.name}
        {quantity !== null && (
          // The space outside the bold part: axe reads each element's text trimmed.
          <>
            {' '}
            <span className={classes.shopQuantity}>{quantity}</span>
          </>
        )}
      </span>
    </span>
  );

  return (
    <div
      className={classes.shopRow}
      data-testid="shop-row"
      data-done={item.done ? 'true' : 'false'}
    >
      {item.done ? (
        <>
          <div className={classes.tickArea}>{label}</div>
          {item.price_cents !== null && (
            <p className={classes.shopPrice}>{money(item.price_cents, currency, i18n.language)}</p>
          )}
          <TextButton
            tint="brand"
            large
            aria-label={t('lists.shop.undo', { name: item.name })}
            onClick={() => onUndo(item)}
          >
            <IconArrowBackUp size={18} aria-hidden />
            {t('lists.shop.undoShort')}
          </TextButton>
        </>
      ) : (
        <>
          <button
            type="button"
            className={`${classes.tickArea} ${classes.tick} ${FOCUS_RING}`}
            onClick={tick}
            aria-label={
              quantity === null
                ? t('lists.shop.tick', { name: item.name })
                : t('lists.shop.tickQuantity', { name: item.name, quantity })
            }
          >
            {label}
          </button>
          <input
            className={`${plainClasses.input} ${classes.shopPriceInput}`}
            inputMode="decimal"
            aria-label={t('lists.shop.priceFor', { name: item.name })}
            aria-invalid={isPriceInvalid || undefined}
            placeholder={
              item.price_cents === null
                ? t('lists.shop.pricePlaceholder')
                : money(item.price_cents, currency, i18n.language)
            }
            value={price}
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
    </div>
  );
});
