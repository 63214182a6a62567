import type { ListDetail } from '@household/contracts';
import { IconBuildingStore, IconCalculator, IconShoppingCart } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../../components/plain/Button';
import { useApi } from '../../../lib/api-context';
import { paths } from '../../../lib/paths';
import { walkingOrderQueryOptions } from '../api/queries';
import classes from './header.module.css';
import { ListActionsMenu } from './ListActionsMenu';
import { ListKindBadge, ListStatusBadge } from './ListBadges';
import { OfflineIndicator } from './OfflineIndicator';

/**
 * The top of a list's page: its name and badges, description, supermarket mode, costs, actions.
 * Drawn without Mantine, as the rest of the page's first paint (issue 25).
 */
export function ListDetailHeader({
  list,
  onOpenCosts,
}: {
  list: ListDetail;
  onOpenCosts: () => void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  // Asked for as the person reaches for supermarket mode, so it opens in the learned order at once.
  const prefetchOrder = () =>
    void queryClient.prefetchQuery(walkingOrderQueryOptions(api, list.id, list.shop));
  return (
    <div className={classes.header}>
      <div className={classes.titleRow}>
        <h2 className={classes.title}>{list.name}</h2>
        <div className={classes.row}>
          <ListKindBadge list={list} />
          <ListStatusBadge status={list.status} />
        </div>
      </div>
      {list.shop && (
        <div className={classes.shop} data-testid="list-shop">
          <IconBuildingStore size={16} aria-hidden style={{ flex: 'none' }} />
          <p className={classes.text}>{t('lists.detail.atShop', { shop: list.shop })}</p>
        </div>
      )}
      {list.description && (
        <p className={`${classes.text} ${classes.description}`}>{list.description}</p>
      )}
      <div className={classes.row}>
        <ButtonLink
          to={paths.listShop(list.id)}
          leftSection={<IconShoppingCart size={16} aria-hidden />}
          onPointerEnter={prefetchOrder}
          onPointerDown={prefetchOrder}
          onFocus={prefetchOrder}
        >
          {t('lists.shop.open')}
        </ButtonLink>
        <Button
          variant="default"
          leftSection={<IconCalculator size={16} aria-hidden />}
          onClick={onOpenCosts}
        >
          {t('lists.costs.button')}
        </Button>
        <ListActionsMenu list={list} />
        <OfflineIndicator />
      </div>
    </div>
  );
}
