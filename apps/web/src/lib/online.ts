import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

// A browser that cannot tell (no `onLine`) is taken to be online.
const isOnline = () => navigator.onLine !== false;

/** Whether the browser believes it has a network connection; updates when it changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline);
}
