import type { Chore } from '@household/contracts';
import type { CalendarDate, ChoreTab } from '@household/domain';
import { Alert, Button, Stack } from '@mantine/core';
import { IconChecklist, IconPlus } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { LoadWhenOpened } from '../../../components/LoadWhenOpened';
import { PageLoader } from '../../../components/PageLoader';
import { PageTitle } from '../../../components/PageTitle';
import type { TranslationKey } from '../../../lib/i18n';
import { useOptionalNumericParam } from '../../../lib/route-params';
import { useSession } from '../../../lib/session';
import { type ChoreScope } from '../api/keys';
import { todayForUser } from '../components/chore-format';
import { AssignedChoresTimeline } from '../components/AssignedChoresTimeline';
import { ChoreHistorySection } from '../components/ChoreHistorySection';
import type { ChoreActions } from '../components/ChoreCard';
import { ChoreTabs } from '../components/ChoreTabs';
import { SwapRequestsSection } from '../components/SwapRequestsSection';
import { ChoreToolbar, type ChoreView } from '../components/ChoreToolbar';
import { useChoreStatus } from '../components/use-chore-status';
import { choreLoadErrorKey } from '../errors';
import { useChoresLive } from '../live';
import { useChoreDialogs } from './use-chore-dialogs';
import { useScopedChores } from './use-scoped-chores';

// The calendar (FullCalendar) and the dialogs load when first asked for: the list needs none.
const ChoreCalendar = lazy(() =>
  import('../components/ChoreCalendar').then((m) => ({ default: m.ChoreCalendar })),
);
const ChoreFormModal = lazy(() =>
  import('../components/ChoreFormModal').then((m) => ({ default: m.ChoreFormModal })),
);
const AwayPeriodsSection = lazy(() =>
  import('../components/AwayPeriodsSection').then((m) => ({ default: m.AwayPeriodsSection })),
);
const ShortcutsModal = lazy(() =>
  import('../components/ShortcutsModal').then((m) => ({ default: m.ShortcutsModal })),
);

/**
 * spec §2: /chores (all my chores, or only my personal ones: the "Personal chores page", or one
 * group's) and /groups/{groupId}/chores, in a list by due date or a calendar.
 */
export function ChoresPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const routeGroupId = useOptionalNumericParam('groupId');
  useChoresLive();
  // spec §2: the chores page keeps no state when left; every visit starts afresh.
  const [chosenScope, setChosenScope] = useState<ChoreScope>({ kind: 'all' });
  const [view, setView] = useState<ChoreView>('list');
  const [tab, setTab] = useState<ChoreTab>('all_pending');

  const scope: ChoreScope =
    routeGroupId === null ? chosenScope : { kind: 'group', groupId: routeGroupId };
  const { chores, groups, loadFailedKey } = useScopedChores(scope);
  const today = todayForUser(user?.timezone);
  const status = useChoreStatus();
  const dialogs = useChoreDialogs({
    scope,
    onToggleView: () => setView((current) => (current === 'list' ? 'calendar' : 'list')),
  });

  const groupName =
    groups.data?.find(({ id }) => id === routeGroupId)?.name ??
    chores.data?.find(({ group_id }) => group_id === routeGroupId)?.group_name ??
    `#${routeGroupId}`;
  const title =
    routeGroupId !== null
      ? t('chores.groupTitle', { name: groupName })
      : scope.kind === 'personal'
        ? t('chores.personalTitle')
        : t('chores.title');
  const onEdit = (chore: Chore) => dialogs.setFormTarget({ chore });

  return (
    <Stack>
      <PageTitle>{title}</PageTitle>
      <ChoreToolbar
        scope={routeGroupId === null ? chosenScope : undefined}
        groups={groups.data ?? []}
        onScopeChange={setChosenScope}
        view={view}
        onViewChange={setView}
        onNew={dialogs.openNew}
        onShortcuts={() => dialogs.setShortcutsOpen(true)}
      />
      <SwapRequestsSection groupId={routeGroupId ?? undefined} />
      {routeGroupId === null && <AssignedChoresTimeline />}
      <ChoresContent
        chores={chores}
        view={view}
        today={today}
        tab={tab}
        onTabChange={setTab}
        actions={{ ...status, onEdit }}
        loadFailedKey={loadFailedKey}
        onNew={dialogs.openNew}
      />
      {routeGroupId !== null && (
        <Suspense fallback={<PageLoader size="sm" py="md" />}>
          <AwayPeriodsSection groupId={routeGroupId} />
        </Suspense>
      )}
      {routeGroupId !== null && <ChoreHistorySection groupId={routeGroupId} />}
      <LoadWhenOpened opened={dialogs.formTarget !== null}>
        {(opened) => (
          <ChoreFormModal
            opened={opened}
            target={dialogs.formTarget}
            today={today}
            onClose={() => dialogs.setFormTarget(null)}
          />
        )}
      </LoadWhenOpened>
      <LoadWhenOpened opened={dialogs.shortcutsOpen}>
        {(opened) => (
          <ShortcutsModal opened={opened} onClose={() => dialogs.setShortcutsOpen(false)} />
        )}
      </LoadWhenOpened>
    </Stack>
  );
}

/** The chores in the chosen view; none yet, still loading, or why they failed to load. */
function ChoresContent({
  chores,
  view,
  today,
  tab,
  onTabChange,
  actions,
  loadFailedKey,
  onNew,
}: {
  chores: UseQueryResult<Chore[]>;
  view: ChoreView;
  today: CalendarDate;
  tab: ChoreTab;
  onTabChange: (tab: ChoreTab) => void;
  actions: ChoreActions;
  loadFailedKey: TranslationKey;
  onNew: () => void;
}) {
  const { t } = useTranslation();
  if (chores.data && chores.data.length === 0) {
    return (
      <EmptyState
        icon={IconChecklist}
        title={t('chores.empty.title')}
        text={t('chores.empty.text')}
      >
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onNew}>
          {t('chores.new')}
        </Button>
      </EmptyState>
    );
  }
  if (chores.data && view === 'list') {
    return (
      <ChoreTabs
        chores={chores.data}
        today={today}
        tab={tab}
        onTabChange={onTabChange}
        actions={actions}
      />
    );
  }
  if (chores.data) {
    return (
      <Suspense fallback={<PageLoader py="xl" />}>
        <ChoreCalendar chores={chores.data} today={today} onOpen={actions.onEdit} />
      </Suspense>
    );
  }
  if (chores.isError) {
    return (
      <Alert color="red" title={t(choreLoadErrorKey(chores.error, loadFailedKey))}>
        <Button
          mt="sm"
          variant="light"
          onClick={() => void chores.refetch()}
          loading={chores.isFetching}
        >
          {t('app.retry')}
        </Button>
      </Alert>
    );
  }
  return <PageLoader py="xl" />;
}
