import type { Chore } from '@household/contracts';
import type { ChoreTab } from '@household/domain';
import { Alert, Button, Stack } from '@mantine/core';
import { IconChecklist, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { LoadWhenOpened } from '../../../components/LoadWhenOpened';
import { PageLoader } from '../../../components/PageLoader';
import { PageTitle } from '../../../components/PageTitle';
import { useApi } from '../../../lib/api-context';
import type { TranslationKey } from '../../../lib/i18n';
import { useOptionalNumericParam } from '../../../lib/route-params';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toasts';
import { choresQueryOptions } from '../api/queries';
import { myGroupsQueryOptions } from '../../../lib/shared-queries';
import { type ChoreScope } from '../api/keys';
import { todayForUser } from '../components/chore-format';
import type { ChoreFormTarget } from '../components/ChoreFormModal';
import { AssignedChoresTimeline } from '../components/AssignedChoresTimeline';
import { ChoreHistorySection } from '../components/ChoreHistorySection';
import { ChoreTabs } from '../components/ChoreTabs';
import { ChoreToolbar, type ChoreView } from '../components/ChoreToolbar';
import { useChoreShortcuts } from '../components/use-chore-shortcuts';
import { useChoreStatus } from '../components/use-chore-status';
import { choreLoadErrorKey } from '../errors';
import { useChoresLive } from '../live';

// The calendar (FullCalendar) and the dialogs load when first asked for: the list needs none.
const ChoreCalendar = lazy(() =>
  import('../components/ChoreCalendar').then((m) => ({ default: m.ChoreCalendar })),
);
const ChoreFormModal = lazy(() =>
  import('../components/ChoreFormModal').then((m) => ({ default: m.ChoreFormModal })),
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
  const api = useApi();
  const { user } = useSession();
  const routeGroupId = useOptionalNumericParam('groupId');
  useChoresLive();
  // spec §2: the chores page keeps no state when left; every visit starts afresh.
  const [chosenScope, setChosenScope] = useState<ChoreScope>({ kind: 'all' });
  const [view, setView] = useState<ChoreView>('list');
  const [tab, setTab] = useState<ChoreTab>('all_pending');
  const [formTarget, setFormTarget] = useState<ChoreFormTarget | null>(null);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);

  const scope: ChoreScope =
    routeGroupId === null ? chosenScope : { kind: 'group', groupId: routeGroupId };
  const chores = useQuery(choresQueryOptions(api, scope));
  const groups = useQuery(myGroupsQueryOptions(api));
  const today = todayForUser(user?.timezone);
  const status = useChoreStatus();

  const loadFailedKey: TranslationKey =
    scope.kind === 'personal' ? 'chores.personalLoadFailed' : 'chores.loadFailed';
  const failed = (chores.isError && !chores.data) || (groups.isError && !groups.data);
  const failure = chores.error ?? groups.error;
  useEffect(() => {
    // spec §8; chores already on screen stay when only a background refresh fails.
    if (failed) {
      notify({
        id: 'chores-load',
        type: 'error',
        message: t(choreLoadErrorKey(failure, loadFailedKey)),
      });
    }
  }, [failed, failure, loadFailedKey, t]);

  const openNew = () =>
    setFormTarget({
      defaults:
        scope.kind === 'group'
          ? { type: 'group', groupId: scope.groupId }
          : { type: 'personal', groupId: null },
    });
  const toggleView = () => setView((current) => (current === 'list' ? 'calendar' : 'list'));
  const dialogOpen = formTarget !== null || shortcutsOpen;
  useChoreShortcuts({
    onNewChore: () => !dialogOpen && openNew(),
    onToggleView: () => !dialogOpen && toggleView(),
    // `?` closes the shortcuts as it opened them, but does not stack them on the chore form.
    onToggleShortcuts: () => formTarget === null && setShortcutsOpen((open) => !open),
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
  const actions = { ...status, onEdit: (chore: Chore) => setFormTarget({ chore }) };

  let content;
  if (chores.data && chores.data.length === 0) {
    content = (
      <EmptyState
        icon={IconChecklist}
        title={t('chores.empty.title')}
        text={t('chores.empty.text')}
      >
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={openNew}>
          {t('chores.new')}
        </Button>
      </EmptyState>
    );
  } else if (chores.data && view === 'list') {
    content = (
      <ChoreTabs
        chores={chores.data}
        today={today}
        tab={tab}
        onTabChange={setTab}
        actions={actions}
      />
    );
  } else if (chores.data) {
    content = (
      <Suspense fallback={<PageLoader py="xl" />}>
        <ChoreCalendar
          chores={chores.data}
          today={today}
          onOpen={(chore) => setFormTarget({ chore })}
        />
      </Suspense>
    );
  } else if (chores.isError) {
    content = (
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
  } else {
    content = <PageLoader py="xl" />;
  }

  return (
    <Stack>
      <PageTitle>{title}</PageTitle>
      <ChoreToolbar
        scope={routeGroupId === null ? chosenScope : undefined}
        groups={groups.data ?? []}
        onScopeChange={setChosenScope}
        view={view}
        onViewChange={setView}
        onNew={openNew}
        onShortcuts={() => setShortcutsOpen(true)}
      />
      {routeGroupId === null && <AssignedChoresTimeline />}
      {content}
      {routeGroupId !== null && <ChoreHistorySection groupId={routeGroupId} />}
      <LoadWhenOpened opened={formTarget !== null}>
        {(opened) => (
          <ChoreFormModal
            opened={opened}
            target={formTarget}
            today={today}
            onClose={() => setFormTarget(null)}
          />
        )}
      </LoadWhenOpened>
      <LoadWhenOpened opened={shortcutsOpen}>
        {(opened) => <ShortcutsModal opened={opened} onClose={() => setShortcutsOpen(false)} />}
      </LoadWhenOpened>
    </Stack>
  );
}
