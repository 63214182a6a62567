import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * spec §2/§4: while a form holds changes not yet saved, leaving asks first. A link or the back
 * button inside the app is held by the router (the caller asks, then proceeds or stays); closing
 * or reloading the tab gets the browser's own question, the only one a page may ask then.
 */
export function useUnsavedChangesGuard(active: boolean) {
  const blocker = useBlocker(active);
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a return value is set.
      event.returnValue = true;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
  return blocker;
}
