import { useEffect, useRef, useState } from 'react';

/**
 * A plain button that opens a Mantine menu or popover loaded on its first press (a Mantine
 * island): whether it is open, whether its code was asked for, and the button's props. A press on
 * the button while it is open closes it, as a press outside it does: the click that follows the
 * press must not open it again.
 */
export function usePopoverButton() {
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const openAtPress = useRef<boolean | null>(null);
  const buttonProps = {
    'aria-expanded': opened,
    onPointerDown: () => {
      openAtPress.current = opened;
    },
    onClick: () => {
      const wasOpen = openAtPress.current ?? opened;
      openAtPress.current = null;
      setLoaded(true);
      setOpened(!wasOpen);
    },
  };
  return { opened, setOpened, loaded, buttonProps };
}

/**
 * `opened`, from the render after the first on: a Mantine menu, popover or modal notes the focused
 * element (to give focus back when it closes) only when `opened` changes, not when it mounts open.
 */
export function useOpenedAfterMount(opened: boolean): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return opened && mounted;
}
