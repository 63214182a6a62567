import type { ListDetail } from '@household/contracts';
import { IconBasket, IconCamera } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { LoadWhenNear } from '../../components/LoadWhenNear';
import { MantineIsland } from '../../components/MantineIsland';
import { Alert } from '../../components/plain/Alert';
import { Button, ButtonLink } from '../../components/plain/Button';
import { useApi } from '../../lib/api-context';
import { useRevealApp } from '../../lib/first-paint';
import { useListSnapshot } from '../../lib/list-snapshot';
import { useNumericParam } from '../../lib/route-params';
import { notify } from '../../lib/toasts';
import { paths } from '../../lib/paths';
import { categoriesQueryOptions, listQueryOptions } from '../../features/lists/api/queries';
import { useReorderItems } from '../../features/lists/api/item-mutations';
import { LoadWhenOpened } from '../../components/LoadWhenOpened';
import { ArchivedListNotice } from '../../features/lists/components/ArchivedListNotice';
import { ItemsView } from '../../features/lists/components/ItemsView';
import { ListDetailHeader } from '../../features/lists/components/ListDetailHeader';
import { ListItemsSummary } from '../../features/lists/components/ListItemsSummary';
import { QuickAddItem } from '../../features/lists/components/QuickAddItem';
import { useItemActions } from '../../features/lists/components/use-item-actions';
import { useListsLive } from '../../features/lists/api/live';
import { useOutboxToasts } from '../../features/lists/components/use-outbox-toasts';
import { useScrollMemory, useViewState } from '../../features/lists/view-state';
import { PageLoader } from '../../components/PageLoader';
import classes from '../../features/lists/components/list-page.module.css';
import { ListPhotoImportDialogs } from './ListPhotoImportDialogs';

/*
 * The page draws without Mantine (issue 25: a phone's first paint of the list loads none of it).
 * The parts drawn with Mantine load with it when needed, each a Mantine island
 * (components/MantineIsland.tsx): the dialogs when first opened; the photo imports and the
 * expenses, under the items, once scrolled near.
 */
const ConfirmModal = lazy(() =>
  import('../../components/ConfirmModal').then((m) => ({ default: m.ConfirmModal })),
);
const ListExpensesSection = lazy(() =>
  import('../../features/expenses/components/ListExpensesSection').then((m) => ({
    default: m.ListExpensesSection,
  })),
);
const EditItemModal = lazy(() =>
  import('../../features/lists/components/EditItemModal').then((m) => ({
    default: m.EditItemModal,
  })),
);
const CostSummaryModal = lazy(() =>
  import('../../features/lists/components/CostSummaryModal').then((m) => ({
    default: m.CostSummaryModal,
  })),
);
// A small section, but only lists that had photos read show it: its code comes on its own.
const PhotoImportHistory = lazy(() =>
  import('../../features/lists/photo-import/PhotoImportHistory').then((m) => ({
    default: m.PhotoImportHistory,
  })),
);

/** spec §2 List detail. */
export function ListDetailPage() {
  const { t } = useTranslation();
  const id = useNumericParam('id');
  useListsLive();
  useOutboxToasts();
  const list = useQuery(listQueryOptions(useApi(), id));
  const shown = useFirstDrawInSlices(list.data);
  const hasData = list.data !== undefined;
  const failed = list.isError;
  const loading = !shown && (list.isPending || list.data !== undefined);
  // The list, or the alert that it could not be read, takes the place of index.html's outline.
  useRevealApp(!loading);

  useEffect(() => {
    if (!failed) return;
    // spec §8: the first load fails as a whole; a later refresh fails while the items show.
    notify(
      hasData
        ? {
            id: `list-items-${id}`,
            type: 'error',
            message: t('lists.detail.itemsFailed', { message: list.error?.message ?? '' }),
          }
        : { id: `list-load-${id}`, type: 'error', message: t('lists.detail.loadFailed') },
    );
  }, [failed, hasData, id, list.error, t]);

  if (shown) return <ListDetailView list={shown} />;
  if (loading) return <PageLoader py="xl" />;
  return (
    <Alert colour="red" title={t('lists.detail.loadFailed')}>
      <div className={classes.row}>
        <Button variant="light" onClick={() => void list.refetch()} loading={list.isFetching}>
          {t('app.retry')}
        </Button>
        <ButtonLink variant="default" to={paths.lists}>
          {t('lists.backToLists')}
        </ButtonLink>
      </div>
    </Alert>
  );
}

/**
 * The list as it arrives, drawn the first time in a render React may split between frames (a
 * deferred value renders as a transition): drawing a list for the first time is the page's largest
 * piece of work, and in one piece it kept a phone busy for half a second. From then on every
 * change (a tick, a price) is drawn at once, as before.
 */
function useFirstDrawInSlices(data: ListDetail | undefined): ListDetail | undefined {
  const deferred = useDeferredValue(data);
  const [drawn, setDrawn] = useState(false);
  if (deferred !== undefined && !drawn) setDrawn(true);
  return drawn ? data : deferred;
}

function ListDetailView({ list }: { list: ListDetail }) {
  const { t } = useTranslation();
  const categories = useQuery(categoriesQueryOptions(useApi(), list.group?.id ?? null));
  const [grouped, setGrouped] = useViewState(`list:${list.id}:grouped`, false);
  useListSnapshot(list, grouped);
  useScrollMemory(`list:${list.id}`, true);
  const reorder = useReorderItems(list.id);
  const items = useItemActions(list.id, list.items);
  const [costsOpen, setCostsOpen] = useState(false);
  const [photoOpen, setPhotoOpen] = useState(false);
  const readOnly = list.status === 'archived';
  const { toggling } = items;

  return (
    <div className={classes.stack}>
      <ListDetailHeader list={list} onOpenCosts={() => setCostsOpen(true)} />

      {readOnly ? (
        <ArchivedListNotice listId={list.id} />
      ) : (
        <div className={classes.entry}>
          <QuickAddItem listId={list.id} currency={list.currency} />
          <div className={classes.row}>
            <Button
              variant="default"
              leftSection={<IconCamera size={16} aria-hidden />}
              onClick={() => setPhotoOpen(true)}
            >
              {t('lists.photoImport.button')}
            </Button>
          </div>
        </div>
      )}

      <ListItemsSummary list={list} grouped={grouped} onGroupedChange={setGrouped} />

      {list.items.length === 0 ? (
        <EmptyState
          icon={IconBasket}
          title={t('lists.detail.empty.title')}
          text={t('lists.detail.empty.text')}
        />
      ) : (
        <ItemsView
          items={list.items}
          categories={categories.data ?? []}
          currency={list.currency}
          grouped={grouped}
          readOnly={readOnly}
          actions={items.actions}
          onReorder={(itemIds) =>
            reorder.mutate(itemIds, {
              onError: () => notify({ type: 'error', message: t('lists.reorder.failed') }),
            })
          }
        />
      )}

      <LoadWhenNear placeholder={<PageLoader size="sm" py="md" />}>
        <Suspense fallback={<PageLoader size="sm" py="md" />}>
          <MantineIsland>
            <PhotoImportHistory listId={list.id} />
            <ListExpensesSection list={list} />
          </MantineIsland>
        </Suspense>
      </LoadWhenNear>

      <LoadWhenOpened opened={toggling !== null}>
        {(opened) => (
          <MantineIsland>
            <ConfirmModal
              opened={opened}
              title={t('lists.item.toggleTitle')}
              text={
                toggling
                  ? t(
                      toggling.done ? 'lists.item.confirmIncomplete' : 'lists.item.confirmComplete',
                      {
                        item: toggling.name,
                      },
                    )
                  : ''
              }
              confirmLabel={t('lists.item.confirm')}
              color={null}
              onConfirm={items.confirmToggle}
              onClose={items.cancelToggle}
            />
          </MantineIsland>
        )}
      </LoadWhenOpened>
      <LoadWhenOpened opened={items.editing !== null}>
        {(opened) => (
          <MantineIsland>
            <EditItemModal
              item={opened ? items.editing : null}
              categories={categories.data ?? []}
              currency={list.currency}
              onSave={items.saveEdit}
              onClose={items.closeEdit}
            />
          </MantineIsland>
        )}
      </LoadWhenOpened>
      <LoadWhenOpened opened={costsOpen}>
        {(opened) => (
          <MantineIsland>
            <CostSummaryModal
              listId={list.id}
              opened={opened}
              onClose={() => setCostsOpen(false)}
            />
          </MantineIsland>
        )}
      </LoadWhenOpened>
      <ListPhotoImportDialogs list={list} opened={photoOpen} onClose={() => setPhotoOpen(false)} />
    </div>
  );
}
