import type { Chore } from '@household/contracts';
import { ActionIcon, Menu } from '@mantine/core';
import { IconAlarmSnooze, IconDots, IconPlayerSkipForward } from '@tabler/icons-react';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadWhenOpened } from '../../../components/LoadWhenOpened';
import { notify } from '../../../lib/toasts';
import { useSnoozeChore } from '../api/mutations';

const SkipChoreModal = lazy(() =>
  import('./SkipChoreModal').then((m) => ({ default: m.SkipChoreModal })),
);

/** A chore card's menu of what else can happen to its turn: skip it (recurring) or snooze it. */
export function ChoreTurnMenu({ chore }: { chore: Chore }) {
  const { t } = useTranslation();
  const snooze = useSnoozeChore();
  const [skipping, setSkipping] = useState(false);
  const recurring = chore.frequency !== 'one_time';

  const snoozeBy = (days: 1 | 7) =>
    snooze.mutate(
      { chore, days },
      {
        onSuccess: () =>
          notify({ type: 'success', message: t('chores.snooze.done', { name: chore.name }) }),
        onError: () => notify({ type: 'error', message: t('chores.snooze.failed') }),
      },
    );

  return (
    <>
      <Menu position="bottom-end" withinPortal hideDetached={false}>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            aria-label={t('chores.turnMenu.label', { name: chore.name })}
            loading={snooze.isPending}
          >
            <IconDots size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {recurring && (
            <Menu.Item
              leftSection={<IconPlayerSkipForward size={14} aria-hidden />}
              onClick={() => setSkipping(true)}
            >
              {t('chores.skip.action')}
            </Menu.Item>
          )}
          <Menu.Item
            leftSection={<IconAlarmSnooze size={14} aria-hidden />}
            onClick={() => snoozeBy(1)}
          >
            {t('chores.snooze.day')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconAlarmSnooze size={14} aria-hidden />}
            onClick={() => snoozeBy(7)}
          >
            {t('chores.snooze.week')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <LoadWhenOpened opened={skipping}>
        {(opened) => (
          <SkipChoreModal opened={opened} chore={chore} onClose={() => setSkipping(false)} />
        )}
      </LoadWhenOpened>
    </>
  );
}
