import type { ListDetail } from '@household/contracts';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/api-context';
import { useNumericParam } from '../../../lib/route-params';
import { notify } from '../../../lib/toasts';
import { categoriesQueryOptions, listQueryOptions, walkingOrderQueryOptions } from '../api/queries';
import { OfflineNotice } from '../../../components/OfflineNotice';
import { ShopExitButton } from '../components/ShopExitButton';
import { ShopHeader } from '../components/ShopHeader';
import { ShopItems } from '../components/ShopItems';
import { ShopOrderControl, type ShopOrder } from '../components/ShopOrderControl';
import { useShopEntries } from '../components/use-shop-entries';
import { useListsLive } from '../api/live';
import { useOutboxToasts } from '../components/use-outbox-toasts';
import { useWakeLock } from '../wake-lock';
import { useDeviceChoice } from '../view-state';
import { PageLoader } from '../../../components/PageLoader';
import { Alert } from '../../../components/plain/Alert';
import { Button } from '../../../components/plain/Button';
import classes from '../components/shop.module.css';

/**
 * Supermarket mode (spec §2, with an exit button): the list full-screen without the app's
 * navigation, in the order the household walks the shop (issue 25) or in aisle order, one tap per
 * item, ticked items sinking to "Done", the screen kept on.
 */
export function ShopPage() {
  const { t } = useTranslation();
  const id = useNumericParam('id');
  useListsLive();
  useOutboxToasts();
  useWakeLock();
  const list = useQuery(listQueryOptions(useApi(), id));
  const failed = list.isError && !list.data;

  useEffect(() => {
    if (failed)
      notify({ id: `list-load-${id}`, type: 'error', message: t('lists.detail.loadFailed') });
  }, [failed, id, t]);

  return (
    <div className={classes.page}>
      {list.data ? (
        <Shop list={list.data} />
      ) : (
        <div className={classes.pending}>
          <div className={classes.end}>
            <ShopExitButton listId={id} />
          </div>
          {failed ? (
            <Alert colour="red" title={t('lists.detail.loadFailed')}>
              <Button variant="light" onClick={() => void list.refetch()}>
                {t('app.retry')}
              </Button>
            </Alert>
          ) : (
            <PageLoader py="xl" />
          )}
        </div>
      )}
    </div>
  );
}

function Shop({ list }: { list: ListDetail }) {
  const { t } = useTranslation();
  const api = useApi();
  const categories = useQuery(categoriesQueryOptions(api, list.group?.id ?? null));
  // Without an answer (offline, or nothing learned yet) the list's own order holds; the rows are
  // shown at once and not held back for it.
  const walking = useQuery(walkingOrderQueryOptions(api, list.id, list.shop));
  const learned = walking.data && walking.data.trips > 0 ? walking.data : null;
  const [choice, setChoice] = useDeviceChoice<ShopOrder>('shop:order', 'learned');
  const readOnly = list.status === 'archived';
  // A tick moves its row under Done in a render of its own that may yield to the browser; the
  // tap's frame draws only the ticked row (ShopItems shows each row's newest item).
  const sortedItems = useDeferredValue(list.items);
  const entries = useShopEntries(
    sortedItems,
    categories.data,
    choice === 'manual' ? null : learned,
  );

  const cartCents = list.items
    .filter((item) => item.done)
    .reduce((sum, item) => sum + (item.price_cents ?? 0), 0);
  const openCount = list.items.filter((item) => !item.done).length;

  return (
    <>
      <ShopHeader list={list} cartCents={cartCents} openCount={openCount} />
      <OfflineNotice />
      <main>
        {learned && (
          <ShopOrderControl
            order={learned}
            value={choice === 'manual' ? 'manual' : 'learned'}
            onChange={setChoice}
          />
        )}
        {readOnly && (
          <Alert colour="gray" className={classes.archived}>
            {t('lists.detail.archivedText')}
          </Alert>
        )}
        {openCount === 0 && list.items.length > 0 && (
          <p className={classes.allDone}>{t('lists.shop.allDone')}</p>
        )}
        {list.items.length === 0 && (
          <p className={classes.empty}>{t('lists.detail.empty.title')}</p>
        )}
        <ShopItems
          listId={list.id}
          currency={list.currency}
          entries={entries}
          items={list.items}
          readOnly={readOnly}
          above={`${learned !== null}:${openCount === 0}`}
        />
      </main>
    </>
  );
}
