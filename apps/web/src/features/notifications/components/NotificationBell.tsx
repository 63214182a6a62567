import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { MantineIsland } from '../../../components/MantineIsland';
import { FOCUS_RING } from '../../../components/plain/Button';
import { usePopoverButton } from '../../../components/popover-button';
import { useApi } from '../../../lib/api-context';
import { usePageSettled } from '../../../lib/page-settled';
import { unreadCountQueryOptions } from '../api/queries';
import { useNotificationsLive } from '../live';
import classes from './NotificationBell.module.css';

const loadPopover = () => import('./NotificationPopover');
const NotificationPopover = lazy(() =>
  loadPopover().then((m) => ({ default: m.NotificationPopover })),
);

/** Past this the badge says "99+"; the button's name still gives the exact count. */
const BADGE_MAX = 99;

/**
 * The bell in the header: its badge is the unread count, kept live by the realtime connection.
 * The button is drawn without Mantine (the header is); the notification centre, a Mantine popover,
 * loads the first time it opens (or the pointer comes near). The count is asked for once the page
 * has settled (lib/page-settled.ts): the page's own reads come first, and the bell is drawn
 * meanwhile, so nothing moves when the badge appears.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const { opened, setOpened, loaded, buttonProps } = usePopoverButton();
  const settled = usePageSettled();
  const unread =
    useQuery({ ...unreadCountQueryOptions(useApi()), enabled: settled || opened }).data ?? 0;
  useNotificationsLive();

  const label =
    unread > 0
      ? t('notifications.bell.labelUnread', { count: unread })
      : t('notifications.bell.label');

  return (
    <div className={classes.anchor}>
      <button
        type="button"
        className={`${classes.bell} ${FOCUS_RING}`}
        aria-label={label}
        aria-haspopup="dialog"
        {...buttonProps}
        onPointerEnter={() => void loadPopover()}
      >
        <span className={classes.icon}>
          <IconBell size={22} aria-hidden />
          {unread > 0 && (
            <span className={classes.badge}>{unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}</span>
          )}
        </span>
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <MantineIsland>
            <NotificationPopover opened={opened} onChange={setOpened} />
          </MantineIsland>
        </Suspense>
      )}
    </div>
  );
}
