import type { Item, ListDetail } from '@household/contracts';
import { Alert, Button, Group, Stack, Switch, Text, Title } from '@mantine/core';
import {
  IconArchiveOff,
  IconBasket,
  IconCalculator,
  IconCamera,
  IconShoppingCart,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { useApi } from '../../lib/api-context';
import { useNumericParam } from '../../lib/route-params';
import { notify } from '../../lib/toasts';
import { paths } from '../../lib/paths';
import { categoriesQueryOptions, listQueryOptions } from '../../features/lists/api/queries';
import {
  useDeleteItem,
  useReorderItems,
  useUpdateItem,
} from '../../features/lists/api/item-mutations';
import { useListTransition } from '../../features/lists/api/list-mutations';
import { ConfirmModal } from '../../components/ConfirmModal';
import { LoadWhenOpened } from '../../components/LoadWhenOpened';
import type { ItemActions } from '../../features/lists/components/ItemRow';
import { ItemsView } from '../../features/lists/components/ItemsView';
import { ListActionsMenu } from '../../features/lists/components/ListActionsMenu';
import { ListKindBadge, ListStatusBadge } from '../../features/lists/components/ListBadges';
import { OfflineIndicator } from '../../features/lists/components/OfflineIndicator';
import { QuickAddItem } from '../../features/lists/components/QuickAddItem';
import { money } from '../../lib/money';
import { useListsLive } from '../../features/lists/api/live';
import { useOutboxToasts } from '../../features/lists/components/use-outbox-toasts';
import { useScrollMemory, useViewState } from '../../features/lists/view-state';
import { PageLoader } from '../../components/PageLoader';
import { ListExpensesSection } from '../../features/expenses/components/ListExpensesSection';

// Dialogs load when first opened (their forms and number inputs are not needed to show the list).
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
const PhotoImportModal = lazy(() =>
  import('../../features/lists/photo-import/PhotoImportModal').then((m) => ({
    default: m.PhotoImportModal,
  })),
);
const ExpenseFormModal = lazy(() =>
  import('../../features/expenses/components/ExpenseFormModal').then((m) => ({
    default: m.ExpenseFormModal,
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
  const hasData = list.data !== undefined;
  const failed = list.isError;

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

  if (list.data) return <ListDetailView list={list.data} />;
  if (list.isPending) {
    return <PageLoader py="xl" />;
  }
  return (
    <Alert color="red" title={t('lists.detail.loadFailed')}>
      <Group mt="sm" gap="xs">
        <Button variant="light" onClick={() => void list.refetch()} loading={list.isFetching}>
          {t('app.retry')}
        </Button>
        <Button variant="default" component={Link} to={paths.lists}>
          {t('lists.backToLists')}
        </Button>
      </Group>
    </Alert>
  );
}

function ListDetailView({ list }: { list: ListDetail }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const categories = useQuery(categoriesQueryOptions(api, list.group?.id ?? null));
  const [grouped, setGrouped] = useViewState(`list:${list.id}:grouped`, false);
  useScrollMemory(`list:${list.id}`, true);
  const updateItem = useUpdateItem(list.id);
  const deleteItem = useDeleteItem(list.id);
  const reorder = useReorderItems(list.id);
  const transition = useListTransition();
  const [togglingId, setTogglingId] = useState<number | null>(null);
  const [editing, setEditing] = useState<Item | null>(null);
  const [costsOpen, setCostsOpen] = useState(false);
  const [photoOpen, setPhotoOpen] = useState(false);
  // "Split this shop" after a receipt: the photo dialog closes first, then the expense form opens.
  const [receiptToSplit, setReceiptToSplit] = useState<number[] | null>(null);
  const [splitting, setSplitting] = useState<number[] | null>(null);
  const readOnly = list.status === 'archived';
  const toggling = list.items.find((item) => item.id === togglingId) ?? null;

  const updated = (outcome: { status: string }) => {
    if (outcome.status === 'sent') notify({ type: 'success', message: t('lists.item.updated') });
  };
  const actions: ItemActions = {
    onToggle: (item) => setTogglingId(item.id),
    onEdit: setEditing,
    onDelete: (item) =>
      deleteItem.mutate(item, {
        onSuccess: (outcome) => {
          if (outcome.status === 'sent')
            notify({ type: 'success', message: t('lists.item.deleted') });
        },
      }),
    onPrice: (item, priceCents) =>
      updateItem.mutate(
        { item, changes: { price_cents: priceCents }, failureKey: 'lists.item.priceFailed' },
        { onSuccess: updated },
      ),
  };

  const confirmToggle = () => {
    if (toggling) {
      updateItem.mutate(
        { item: toggling, changes: { done: !toggling.done } },
        { onSuccess: updated },
      );
    }
    setTogglingId(null);
  };

  const unarchive = () =>
    transition.mutate(
      { id: list.id, transition: 'unarchive' },
      {
        onSuccess: () => notify({ type: 'success', message: t('lists.actions.unarchived') }),
        onError: () => notify({ type: 'error', message: t('lists.actions.failed') }),
      },
    );

  return (
    <Stack>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="sm">
          <Title order={2} miw={0} style={{ overflowWrap: 'anywhere' }}>
            {list.name}
          </Title>
          <Group gap="xs">
            <ListKindBadge list={list} />
            <ListStatusBadge status={list.status} />
          </Group>
        </Group>
        {list.description && (
          <Text c="dimmed" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {list.description}
          </Text>
        )}
        <Group gap="xs">
          <Button
            component={Link}
            to={paths.listShop(list.id)}
            leftSection={<IconShoppingCart size={16} aria-hidden />}
          >
            {t('lists.shop.open')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconCalculator size={16} aria-hidden />}
            onClick={() => setCostsOpen(true)}
          >
            {t('lists.costs.button')}
          </Button>
          <ListActionsMenu list={list} />
          <OfflineIndicator />
        </Group>
      </Stack>

      {readOnly ? (
        <Alert color="gray" title={t('lists.detail.archivedTitle')}>
          <Text size="sm">{t('lists.detail.archivedText')}</Text>
          <Button
            mt="sm"
            size="xs"
            variant="light"
            leftSection={<IconArchiveOff size={14} aria-hidden />}
            onClick={unarchive}
            loading={transition.isPending}
          >
            {t('lists.actions.unarchive')}
          </Button>
        </Alert>
      ) : (
        <Stack gap="xs">
          <QuickAddItem listId={list.id} currency={list.currency} />
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconCamera size={16} aria-hidden />}
              onClick={() => setPhotoOpen(true)}
            >
              {t('lists.photoImport.button')}
            </Button>
          </Group>
        </Stack>
      )}

      <Group justify="space-between" gap="sm">
        <Switch
          label={t('lists.detail.groupByCategory')}
          checked={grouped}
          onChange={(event) => setGrouped(event.currentTarget.checked)}
        />
        <Text size="sm" c="dimmed">
          {t('lists.card.items', { count: list.item_count })}
          {' · '}
          {t('lists.card.done', { count: list.done_count })}
          {' · '}
          {t('lists.card.total', { amount: money(list.total_cents, list.currency, i18n.language) })}
        </Text>
      </Group>

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
          actions={actions}
          onReorder={(itemIds) =>
            reorder.mutate(itemIds, {
              onError: () => notify({ type: 'error', message: t('lists.reorder.failed') }),
            })
          }
        />
      )}

      <Suspense fallback={null}>
        <PhotoImportHistory listId={list.id} />
      </Suspense>

      <ListExpensesSection list={list} />

      <ConfirmModal
        opened={toggling !== null}
        title={t('lists.item.toggleTitle')}
        text={
          toggling
            ? t(toggling.done ? 'lists.item.confirmIncomplete' : 'lists.item.confirmComplete', {
                item: toggling.name,
              })
            : ''
        }
        confirmLabel={t('lists.item.confirm')}
        color={null}
        onConfirm={confirmToggle}
        onClose={() => setTogglingId(null)}
      />
      <LoadWhenOpened opened={editing !== null}>
        {(opened) => (
          <EditItemModal
            item={opened ? editing : null}
            categories={categories.data ?? []}
            currency={list.currency}
            // The version the person saw goes with the change: a concurrent edit answers 409.
            onSave={(item, changes) => updateItem.mutate({ item, changes }, { onSuccess: updated })}
            onClose={() => setEditing(null)}
          />
        )}
      </LoadWhenOpened>
      <LoadWhenOpened opened={costsOpen}>
        {(opened) => (
          <CostSummaryModal listId={list.id} opened={opened} onClose={() => setCostsOpen(false)} />
        )}
      </LoadWhenOpened>
      <LoadWhenOpened opened={photoOpen}>
        {(opened) => (
          <PhotoImportModal
            list={list}
            opened={opened}
            onClose={() => setPhotoOpen(false)}
            onSplitShop={(itemIds) => {
              setReceiptToSplit(itemIds);
              setPhotoOpen(false);
            }}
            onExited={() => {
              setSplitting(receiptToSplit);
              setReceiptToSplit(null);
            }}
          />
        )}
      </LoadWhenOpened>
      <LoadWhenOpened opened={splitting !== null}>
        {(opened) => (
          <ExpenseFormModal
            opened={opened}
            target={
              splitting && list.group ? { groupId: list.group.id, list, itemIds: splitting } : null
            }
            onClose={() => setSplitting(null)}
          />
        )}
      </LoadWhenOpened>
    </Stack>
  );
}
