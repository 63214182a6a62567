import type { WalkingOrder } from '@household/contracts';
import { useTranslation } from 'react-i18next';
import { SegmentedControl } from '../../../components/plain/SegmentedControl';
import classes from './shop.module.css';

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
    <div className={classes.orderBar}>
      <SegmentedControl
        label={t('lists.shop.order.label')}
        value={value}
        onChange={onChange}
        options={[
          { value: 'learned', label: t('lists.shop.order.learned') },
          { value: 'manual', label: t('lists.shop.order.manual') },
        ]}
      />
      <p className={classes.learnedFrom} data-testid="shop-learned-from">
        {order.shop
          ? t('lists.shop.order.learnedFrom', { count: order.trips, shop: order.shop })
          : t('lists.shop.order.learnedFromAnyShop', { count: order.trips })}
      </p>
    </div>
  );
}
