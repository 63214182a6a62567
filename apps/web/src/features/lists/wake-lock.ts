import { useEffect } from 'react';

/**
 * Keeps the screen on while supermarket mode is open, where the browser allows it. The browser
 * drops the lock when the page is hidden; it is asked for again when the page shows, and released
 * on leaving.
 */
export function useWakeLock() {
  useEffect(() => {
    if (!('wakeLock' in navigator)) return undefined;
    let sentinel: WakeLockSentinel | null = null;
    let isActive = true;
    const request = async () => {
      if (document.visibilityState !== 'visible') return;
      try {
        const lock = await navigator.wakeLock.request('screen');
        if (isActive) sentinel = lock;
        else void lock.release();
      } catch {
        // Refused (battery saver, no permission): the shop works without it.
      }
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void request();
      else {
        void sentinel?.release();
        sentinel = null;
      }
    };
    void request();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      isActive = false;
      document.removeEventListener('visibilitychange', onVisibility);
      void sentinel?.release();
    };
  }, []);
}
