import { ActionIcon, Indicator, Popover } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/PageLoader';
import { useApi } from '../../../lib/api-context';
import { usePageSettled } from '../../../lib/page-settled';
import { unreadCountQueryOptions } from '../api/queries';
import { useNotificationsLive } from '../live';

const loadCenter = () => import('./NotificationCenter');
const NotificationCenter = lazy(() =>
  loadCenter().then((m) => ({ default: m.NotificationCenter })),
);

/** Past this the badge says "99+"; the button's name still gives the exact count. */
const BADGE_MAX = 99;

/**
 * The bell in the header: its badge is the unread count, kept live by the realtime connection;
 * the notification centre's code loads the first time it opens (or the pointer comes near).
 * The count is asked for once the page has settled (lib/page-settled.ts): the page's own reads
 * come first, and the bell is drawn meanwhile, so nothing moves when the badge appears.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const headingId = useId();
  const settled = usePageSettled();
  const unread =
    useQuery({ ...unreadCountQueryOptions(useApi()), enabled: settled || opened }).data ?? 0;
  useNotificationsLive();

  const label =
    unread > 0
      ? t('notifications.bell.labelUnread', { count: unread })
      : t('notifications.bell.label');

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      shadow="md"
      trapFocus
      returnFocus
      // The header never scrolls away, so the dropdown need not hide with its target.
      hideDetached={false}
    >
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={label}
          onClick={() => setOpened((isOpen) => !isOpen)}
          onPointerEnter={() => void loadCenter()}
        >
          <Indicator
            label={unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
            disabled={unread === 0}
            color="red"
            size={16}
            offset={2}
          >
            <IconBell size={22} aria-hidden />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown
        aria-labelledby={headingId}
        p={0}
        // As wide as a phone allows: the dropdown never reaches past the screen's edges.
        style={{ width: 'min(24rem, calc(100vw - 1.5rem))' }}
      >
        <Suspense fallback={<PageLoader size="sm" py="md" />}>
          <NotificationCenter headingId={headingId} onNavigate={() => setOpened(false)} />
        </Suspense>
      </Popover.Dropdown>
    </Popover>
  );
}
