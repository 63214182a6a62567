import { useEffect, useRef, type ReactNode } from 'react';
import { useApi, useTokenStore } from './api-context';
import {
  onRealtimeConnected,
  onRealtimeResync,
  subscribeRealtime,
  type ConnectedListener,
  type RealtimeListener,
  type ResyncListener,
} from './realtime-events';

/**
 * Holds the tab's realtime connection while someone is signed in (the client follows the token
 * store). Its code loads with the first sign-in: a signed-out page has no connection to hold.
 * Page tests render the whole app without a server, so there it stays off unless asked.
 */
export function RealtimeProvider({
  children,
  enabled = import.meta.env.MODE !== 'test',
}: {
  children: ReactNode;
  enabled?: boolean;
}) {
  const api = useApi();
  const tokens = useTokenStore();
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    let stopClient: (() => void) | null = null;
    const startOnSignIn = () => {
      if (tokens.getAccessToken() === null) return;
      stopWatching();
      void import('./realtime').then(({ createRealtimeClient, realtimeUrl }) => {
        if (cancelled) return;
        const client = createRealtimeClient({
          url: realtimeUrl(api.baseUrl, window.location.origin),
          tokens,
          renewAccessToken: api.renewAccessToken,
        });
        client.start();
        stopClient = () => client.stop();
      });
    };
    const stopWatching = tokens.subscribe(startOnSignIn);
    startOnSignIn();
    return () => {
      cancelled = true;
      stopWatching();
      stopClient?.();
    };
  }, [api, tokens, enabled]);
  return children;
}

/**
 * Subscribes once while the component is mounted and calls the latest `listener` each time: a
 * listener written inline is new on every render, and resubscribing for each would be churn.
 */
function useLatestListener<A extends unknown[]>(
  subscribe: (listener: (...args: A) => void) => () => void,
  listener: (...args: A) => void,
): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => subscribe((...args) => latest.current(...args)), [subscribe]);
}

/** Calls the latest `listener` with every realtime event while the component is mounted. */
export function useRealtimeEvents(listener: RealtimeListener): void {
  useLatestListener(subscribeRealtime, listener);
}

/** Calls the latest `listener` when the connection is back after a break (refetch what you show). */
export function useRealtimeResync(listener: ResyncListener): void {
  useLatestListener(onRealtimeResync, listener);
}

/** Calls the latest `listener` whenever a connection is ready, the tab's first included. */
export function useRealtimeConnected(listener: ConnectedListener): void {
  useLatestListener(onRealtimeConnected, listener);
}
