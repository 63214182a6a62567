import { useSyncExternalStore } from 'react';

/**
 * Work the first page does not need to draw waits until that page has drawn: the notification
 * bell's count, the service worker's registration (and its precache download), more rows than the
 * screen shows. "Settled" is: the document loaded, nothing the app watches busy (the router
 * fetching a page's code, the query cache reading), then the browser idle. It happens once per
 * visit and stays; later navigations do not wait again.
 */

/** Something the first page may still be waiting for (main.tsx: the router and the query cache). */
export interface Activity {
  isBusy: () => boolean;
  subscribe: (listener: () => void) => () => void;
}

/** Past this, deferred work starts even if something still reads (a slow or hanging request). */
const BUSY_TIMEOUT_MS = 10_000;
/** requestIdleCallback's deadline: a page that is never idle still settles. */
const IDLE_TIMEOUT_MS = 2_000;
/** Where the browser has no requestIdleCallback (Safari): a short pause instead. */
const NO_IDLE_CALLBACK_DELAY_MS = 100;

let activities: readonly Activity[] = [];
let settled = false;
let settling: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** What to wait for besides the document's load; set once, before the first render. */
export function settleAfter(watched: readonly Activity[]) {
  activities = watched;
}

function loaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

function quiet(): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribes: (() => void)[] = [];
    const done = () => {
      clearTimeout(timer);
      for (const unsubscribe of unsubscribes) unsubscribe();
      resolve();
    };
    const check = () => {
      if (!activities.some((activity) => activity.isBusy())) done();
    };
    const timer = setTimeout(done, BUSY_TIMEOUT_MS);
    for (const activity of activities) unsubscribes.push(activity.subscribe(check));
    check();
  });
}

function idle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    } else {
      setTimeout(resolve, NO_IDLE_CALLBACK_DELAY_MS);
    }
  });
}

async function settle() {
  await loaded();
  // A page's reads start after its code has rendered, so quiet is asked again after the idle
  // moment: the router may have finished while the page's first read had not begun.
  do {
    await quiet();
    await idle();
  } while (activities.some((activity) => activity.isBusy()));
  settled = true;
  for (const listener of listeners) listener();
}

/** Resolves once the first page has settled (see above). */
export function whenPageSettled(): Promise<void> {
  settling ??= settle();
  return settling;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  void whenPageSettled();
  return () => listeners.delete(listener);
}

/** Whether the first page has settled; becomes true once and stays. */
export function usePageSettled(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => settled,
    () => false,
  );
}
