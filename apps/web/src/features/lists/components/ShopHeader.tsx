import type { ListDetail } from '@household/contracts';
import { useTranslation } from 'react-i18next';
import { money } from '../../../lib/money';
import { OfflineIndicator } from './OfflineIndicator';
import { ShopExitButton } from './ShopExitButton';
import classes from './shop.module.css';

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
    <header className={classes.header}>
      <div className={classes.headerLine}>
        <div className={classes.headerText}>
          <h1 className={classes.listName}>{list.name}</h1>
          <p className={classes.total} role="status" data-testid="shop-total">
            {t('lists.shop.inCart', { amount: money(cartCents, list.currency, i18n.language) })}
            {' · '}
            {t('lists.shop.left', { count: openCount })}
          </p>
        </div>
        <ShopExitButton listId={list.id} />
      </div>
      <OfflineIndicator />
    </header>
  );
}
