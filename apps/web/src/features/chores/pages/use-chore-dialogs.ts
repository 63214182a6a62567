import { useState } from 'react';
import type { ChoreScope } from '../api/keys';
import type { ChoreFormTarget } from '../components/ChoreFormModal';
import { useChoreShortcuts } from '../components/use-chore-shortcuts';

/**
 * The chores page's dialogs (the chore form and the shortcuts) and the keys that open them: one
 * dialog at a time, and no list/calendar switch behind an open one.
 */
export function useChoreDialogs({
  scope,
  onToggleView,
}: {
  scope: ChoreScope;
  onToggleView: () => void;
}) {
  const [formTarget, setFormTarget] = useState<ChoreFormTarget | null>(null);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);

  const openNew = () =>
    setFormTarget({
      defaults:
        scope.kind === 'group'
          ? { type: 'group', groupId: scope.groupId }
          : { type: 'personal', groupId: null },
    });
  const dialogOpen = formTarget !== null || shortcutsOpen;
  useChoreShortcuts({
    onNewChore: () => !dialogOpen && openNew(),
    onToggleView: () => !dialogOpen && onToggleView(),
    // `?` closes the shortcuts as it opened them, but does not stack them on the chore form.
    onToggleShortcuts: () => formTarget === null && setShortcutsOpen((open) => !open),
  });

  return { formTarget, setFormTarget, shortcutsOpen, setShortcutsOpen, openNew };
}
