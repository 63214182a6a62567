import type { Item, ListDetail } from '@household/contracts';
import { Alert, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApi } from '../../../lib/api-context';
import { useNumericParam } from '../../../lib/route-params';
import { notify } from '../../../lib/toasts';
import { paths } from '../../../lib/paths';
import { categoriesQueryOptions, listQueryOptions } from '../api/queries';
import { useUpdateItem } from '../api/item-mutations';
import { useOffsetTop } from '../components/ItemsView';
import { OfflineNotice } from '../../../components/OfflineNotice';
import { OfflineIndicator } from '../components/OfflineIndicator';
import { ShopRow } from '../components/ShopRow';
import { money } from '../../../lib/money';
import { groupByCategory } from '../grouping';
import { useListsLive } from '../api/live';
import { useOutboxToasts } from '../components/use-outbox-toasts';
import { useWakeLock } from '../wake-lock';
import { PageLoader } from '../../../components/PageLoader';

type Entry =
  | { kind: 'header'; key: string; title: string; count: number }
  | { kind: 'item'; key: string; item: Item };

/**
 * Supermarket mode (spec §2, with an exit button): the list full-screen without the app's
 * navigation, in aisle order, one tap per item, ticked items sinking to "Done", the screen kept on.
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
    <Box mih="100dvh" bg="var(--mantine-color-body)">
      {list.data ? (
        <Shop list={list.data} />
      ) : (
        <Stack p="md">
          <Group justify="flex-end">
            <ExitButton listId={id} />
          </Group>
          {failed ? (
            <Alert color="red" title={t('lists.detail.loadFailed')}>
              <Button mt="sm" variant="light" onClick={() => void list.refetch()}>
                {t('app.retry')}
              </Button>
            </Alert>
          ) : (
            <PageLoader py="xl" />
          )}
        </Stack>
      )}
    </Box>
  );
}

function ExitButton({ listId }: { listId: number }) {
  const { t } = useTranslation();
  return (
    <Button
      component={Link}
      to={paths.list(listId)}
      size="md"
      variant="default"
      leftSection={<IconX size={18} aria-hidden />}
    >
      {t('lists.shop.exit')}
    </Button>
  );
}

function Shop({ list }: { list: ListDetail }) {
  const { t, i18n } = useTranslation();
  const categories = useQuery(categoriesQueryOptions(useApi(), list.group?.id ?? null));
  const updateItem = useUpdateItem(list.id);
  const readOnly = list.status === 'archived';

  const entries = useMemo<Entry[]>(() => {
    const open = list.items.filter((item) => !item.done);
    // The last one ticked comes first under Done, next to where the person's thumb is.
    const done = list.items
      .filter((item) => item.done)
      .sort((a, b) => (b.completed_at ?? '').localeCompare(a.completed_at ?? ''));
    const sections: Entry[] = groupByCategory(open, categories.data ?? []).flatMap(
      ({ category, items }) => [
        {
          kind: 'header' as const,
          key: `category-${category?.id ?? 'none'}`,
          title: category?.name ?? t('lists.noCategory'),
          count: items.length,
        },
        ...items.map((item) => ({ kind: 'item' as const, key: `item-${item.id}`, item })),
      ],
    );
    if (done.length > 0) {
      sections.push({
        kind: 'header',
        key: 'done',
        title: t('lists.shop.done'),
        count: done.length,
      });
      sections.push(
        ...done.map((item) => ({ kind: 'item' as const, key: `item-${item.id}`, item })),
      );
    }
    return sections;
  }, [list.items, categories.data, t]);

  const cartCents = list.items
    .filter((item) => item.done)
    .reduce((sum, item) => sum + (item.price_cents ?? 0), 0);
  const openCount = list.items.filter((item) => !item.done).length;

  const [listRef, offsetTop] = useOffsetTop<HTMLDivElement>(entries.length);
  const virtualizer = useWindowVirtualizer({
    count: entries.length,
    estimateSize: (index) => (entries[index]?.kind === 'header' ? 48 : 61),
    overscan: 12,
    scrollMargin: offsetTop,
    getItemKey: (index) => entries[index]?.key ?? index,
  });

  const tick = (item: Item, priceCents: number | null | undefined) =>
    updateItem.mutate({
      item,
      changes: { done: true, ...(priceCents === undefined ? {} : { price_cents: priceCents }) },
    });
  const undo = (item: Item) => updateItem.mutate({ item, changes: { done: false } });

  const renderEntry = (entry: Entry): ReactNode =>
    entry.kind === 'header' ? (
      <Title order={2} size="h4" pt="md" pb={6} px="sm">
        {entry.title}{' '}
        <Text span c="dimmed" size="md">
          ({entry.count})
        </Text>
      </Title>
    ) : readOnly ? (
      <Text size="lg" px="sm" py="md" data-testid="shop-row" data-done={String(entry.item.done)}>
        {entry.item.name}
      </Text>
    ) : (
      <ShopRow item={entry.item} currency={list.currency} onTick={tick} onUndo={undo} />
    );

  return (
    <>
      <Box
        component="header"
        pos="sticky"
        top={0}
        px="md"
        py="sm"
        bg="var(--mantine-color-body)"
        style={{ zIndex: 10, borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Stack gap={0} miw={0}>
            <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {list.name}
            </Title>
            <Text size="md" role="status" data-testid="shop-total">
              {t('lists.shop.inCart', { amount: money(cartCents, list.currency, i18n.language) })}
              {' · '}
              {t('lists.shop.left', { count: openCount })}
            </Text>
          </Stack>
          <ExitButton listId={list.id} />
        </Group>
        <OfflineIndicator />
      </Box>
      <OfflineNotice />
      <main>
        {readOnly && (
          <Alert m="md" color="gray">
            {t('lists.detail.archivedText')}
          </Alert>
        )}
        {openCount === 0 && list.items.length > 0 && (
          <Text ta="center" size="lg" py="lg" fw={600}>
            {t('lists.shop.allDone')}
          </Text>
        )}
        {list.items.length === 0 && (
          <Text ta="center" c="dimmed" py="lg">
            {t('lists.detail.empty.title')}
          </Text>
        )}
        <div
          ref={listRef}
          style={{ position: 'relative', height: virtualizer.getTotalSize(), width: '100%' }}
        >
          {virtualizer.getVirtualItems().map((virtual) => {
            const entry = entries[virtual.index];
            if (!entry) return null;
            return (
              <div
                key={entry.key}
                data-index={virtual.index}
                ref={virtualizer.measureElement}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  width: '100%',
                  transform: `translateY(${virtual.start - virtualizer.options.scrollMargin}px)`,
                }}
              >
                {renderEntry(entry)}
              </div>
            );
          })}
        </div>
      </main>
    </>
  );
}
