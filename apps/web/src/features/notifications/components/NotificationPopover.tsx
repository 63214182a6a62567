import { Popover } from '@mantine/core';
import { lazy, Suspense, useId } from 'react';
import { PageLoader } from '../../../components/PageLoader';
import { useOpenedAfterMount } from '../../../components/popover-button';
import classes from './NotificationBell.module.css';

const NotificationCenter = lazy(() =>
  import('./NotificationCenter').then((m) => ({ default: m.NotificationCenter })),
);

/**
 * The notification centre hanging from the bell (NotificationBell.tsx), which draws the button:
 * the popover's target is a box over it. It mounts closed and opens right after, so the popover
 * notes the focused element (the bell) and gives focus back to it when it closes.
 */
export function NotificationPopover({
  opened,
  onChange,
}: {
  opened: boolean;
  onChange: (opened: boolean) => void;
}) {
  const headingId = useId();
  const shown = useOpenedAfterMount(opened);
  return (
    <Popover
      opened={shown}
      onChange={onChange}
      position="bottom-end"
      shadow="md"
      trapFocus
      returnFocus
      // The header never scrolls away, so the dropdown need not hide with its target.
      hideDetached={false}
    >
      <Popover.Target>
        <span className={classes.target} aria-hidden />
      </Popover.Target>
      <Popover.Dropdown
        aria-labelledby={headingId}
        p={0}
        // As wide as a phone allows: the dropdown never reaches past the screen's edges.
        style={{ width: 'min(24rem, calc(100vw - 1.5rem))' }}
      >
        <Suspense fallback={<PageLoader size="sm" py="md" />}>
          <NotificationCenter headingId={headingId} onNavigate={() => onChange(false)} />
        </Suspense>
      </Popover.Dropdown>
    </Popover>
  );
}
