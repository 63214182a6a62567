import { useSyncExternalStore } from 'react';

/**
 * Reads the server turned away because it was busy (503 with `Retry-After`, docs/decisions.md
 * "Load and faults") and that the API client is about to send again. While any waits, a page that
 * is still loading says that it is retrying instead of only "Loading…".
 */
let waitingReads = 0;
const listeners = new Set<() => void>();

function changed(by: number) {
  waitingReads += by;
  for (const listener of listeners) listener();
}

/** Counts one read as waiting to be sent again; call the returned function once it has been. */
export function markRetryingRead(): () => void {
  changed(1);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    changed(-1);
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isRetrying = () => waitingReads > 0;

/** Whether a read is waiting to be sent again to a busy server; updates when that changes. */
export function useRetryingBusyServer(): boolean {
  return useSyncExternalStore(subscribe, isRetrying);
}
