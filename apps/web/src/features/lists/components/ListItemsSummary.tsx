import type { ListDetail } from '@household/contracts';
import { useTranslation } from 'react-i18next';
import plain from '../../../components/plain/plain.module.css';
import { Switch } from '../../../components/plain/Switch';
import { money } from '../../../lib/money';
import classes from './list-page.module.css';

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
    <div className={classes.summary}>
      <Switch
        label={t('lists.detail.groupByCategory')}
        checked={grouped}
        onChange={onGroupedChange}
      />
      <p className={`${plain.text} ${plain.dimmed}`}>
        {t('lists.card.items', { count: list.item_count })}
        {' · '}
        {t('lists.card.done', { count: list.done_count })}
        {' · '}
        {t('lists.card.total', { amount: money(list.total_cents, list.currency, i18n.language) })}
      </p>
    </div>
  );
}
