import { Button, Group, NativeSelect, SegmentedControl } from '@mantine/core';
import { IconKeyboard, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ChoreScope } from '../api/keys';
import { CalendarFeedButton } from './CalendarFeedButton';

export type ChoreView = 'list' | 'calendar';

const scopeValue = (scope: ChoreScope) =>
  scope.kind === 'group' ? `group:${scope.groupId}` : scope.kind;

function scopeOf(value: string): ChoreScope {
  if (value.startsWith('group:')) return { kind: 'group', groupId: Number(value.slice(6)) };
  return value === 'personal' ? { kind: 'personal' } : { kind: 'all' };
}

/**
 * The chores page's controls: whose chores (all, personal, one group; /chores only), list or
 * calendar, a new chore, the keyboard shortcuts and my calendar feed.
 */
export function ChoreToolbar({
  scope,
  groups,
  onScopeChange,
  view,
  onViewChange,
  onNew,
  onShortcuts,
}: {
  /** Absent on a group's own chores page, whose scope is that group. */
  scope?: ChoreScope;
  groups: readonly { id: number; name: string }[];
  onScopeChange: (scope: ChoreScope) => void;
  view: ChoreView;
  onViewChange: (view: ChoreView) => void;
  onNew: () => void;
  onShortcuts: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <Group align="flex-end" gap="sm">
        {scope && (
          <NativeSelect
            label={t('chores.scope.label')}
            value={scopeValue(scope)}
            onChange={(event) => onScopeChange(scopeOf(event.currentTarget.value))}
            data={[
              { value: 'all', label: t('chores.scope.all') },
              { value: 'personal', label: t('chores.scope.personal') },
              ...groups.map((group) => ({ value: `group:${group.id}`, label: group.name })),
            ]}
          />
        )}
        <SegmentedControl
          aria-label={t('chores.view.label')}
          value={view}
          onChange={(value) => onViewChange(value as ChoreView)}
          data={[
            { value: 'list', label: t('chores.view.list') },
            { value: 'calendar', label: t('chores.view.calendar') },
          ]}
        />
      </Group>
      <Group gap="xs">
        <CalendarFeedButton />
        <Button
          variant="default"
          leftSection={<IconKeyboard size={16} aria-hidden />}
          onClick={onShortcuts}
        >
          {t('chores.shortcuts.button')}
        </Button>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onNew}>
          {t('chores.new')}
        </Button>
      </Group>
    </Group>
  );
}
