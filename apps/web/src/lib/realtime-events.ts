import type { RealtimeEvent } from '@household/contracts';

// Apart from the connection (realtime.ts), which parses messages with zod and loads only once
// someone is signed in: features subscribe here without putting zod in the first page's code.

export type RealtimeListener = (event: RealtimeEvent) => void;
export type ResyncListener = () => void;
export type ConnectedListener = () => void;

/** Who hears the events, resync and connected signals of the realtime connection. */
export function createRealtimeEmitter() {
  const eventListeners = new Set<RealtimeListener>();
  const resyncListeners = new Set<ResyncListener>();
  const connectedListeners = new Set<ConnectedListener>();
  const each = <T extends unknown[]>(listeners: Set<(...args: T) => void>, ...args: T) => {
    for (const listener of listeners) {
      try {
        listener(...args);
      } catch (error) {
        // One feature's broken listener must not keep the event from the others.
        console.error(error);
      }
    }
  };
  return {
    subscribe(listener: RealtimeListener): () => void {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },
    onResync(listener: ResyncListener): () => void {
      resyncListeners.add(listener);
      return () => resyncListeners.delete(listener);
    },
    onConnected(listener: ConnectedListener): () => void {
      connectedListeners.add(listener);
      return () => connectedListeners.delete(listener);
    },
    emitEvent: (event: RealtimeEvent) => each(eventListeners, event),
    emitResync: () => each(resyncListeners),
    emitConnected: () => each(connectedListeners),
  };
}
export type RealtimeEmitter = ReturnType<typeof createRealtimeEmitter>;

/** The app's one emitter: what `subscribeRealtime` and `onRealtimeResync` listen to. */
export const realtimeEmitter = createRealtimeEmitter();

/**
 * Calls `listener` with every change the server reports (docs/realtime.md): features patch or
 * invalidate their cached queries. Returns the unsubscribe function.
 */
export function subscribeRealtime(listener: RealtimeListener): () => void {
  return realtimeEmitter.subscribe(listener);
}

/**
 * Calls `listener` when the connection is back after a break: changes made meanwhile were not
 * reported, so features invalidate (refetch) what they show.
 */
export function onRealtimeResync(listener: ResyncListener): () => void {
  return realtimeEmitter.onResync(listener);
}

/**
 * Calls `listener` whenever a connection is ready, the first of the tab included: what was read
 * before it may have missed an event. For small reads only (the bell's count); whole pages resync
 * after a break alone (`onRealtimeResync`), not on every page load.
 */
export function onRealtimeConnected(listener: ConnectedListener): () => void {
  return realtimeEmitter.onConnected(listener);
}
