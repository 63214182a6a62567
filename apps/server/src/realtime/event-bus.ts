import type { RealtimeEvent } from '@household/contracts';
import { Listeners, type BusLogger } from './listeners';

export type { BusLogger } from './listeners';

/**
 * Carries realtime events from the service that committed a change to every WebSocket connection
 * that may see it, in this process or (PostgreSQL) in any other process on the same database.
 */
export interface EventBus {
  /** Call after the change's transaction has committed; never throws into the caller. */
  publish(event: RealtimeEvent): Promise<void>;
  subscribe(listener: (event: RealtimeEvent) => void): () => void;
  /**
   * Called when events may have been lost (the PostgreSQL listening connection dropped and came
   * back): connections should start afresh, so that their clients refetch what they show.
   */
  onGap(listener: () => void): () => void;
  close(): Promise<void>;
}

/** One process (PGlite): events stay in memory. */
export function createLocalEventBus(logger?: BusLogger): EventBus {
  const events = new Listeners<[RealtimeEvent]>(logger);
  const gaps = new Listeners<[]>(logger);
  return {
    async publish(event) {
      events.emit(event);
    },
    subscribe: (listener) => events.add(listener),
    onGap: (listener) => gaps.add(listener),
    async close() {
      events.clear();
      gaps.clear();
    },
  };
}
