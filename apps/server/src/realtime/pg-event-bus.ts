import { randomUUID } from 'node:crypto';
import { ZRealtimeEvent, type RealtimeEvent } from '@household/contracts';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../db/client';
import type { EventBus } from './event-bus';
import { Listeners, type BusLogger } from './listeners';
import { PgListeningConnection } from './pg-listening-connection';

/** One channel for every event; each process filters by who is connected to it. */
export const EVENTS_CHANNEL = 'household_events';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7_900;

/** What travels through NOTIFY: the event and the process that published it. */
interface Envelope {
  origin: string;
  event: RealtimeEvent;
}

export interface PgEventBusOptions {
  connectionString: string;
  /** The app's pool sends the NOTIFY, so publishing does not wait for the listening connection. */
  db: Db;
  logger: BusLogger;
  /** Names the listening connection in pg_stat_activity. */
  applicationName?: string;
}

/**
 * Events across server processes on one PostgreSQL database. A dedicated connection LISTENs on one
 * channel; publishing delivers to this process's listeners at once and NOTIFYs the others, which
 * skip their own notifications (they saw the event already). If the listening connection drops, it
 * reconnects with backoff and reports a gap: events sent meanwhile did not reach this process.
 */
export async function createPgEventBus(options: PgEventBusOptions): Promise<EventBus> {
  const { logger } = options;
  const origin = randomUUID();
  const events = new Listeners<[RealtimeEvent]>(logger);
  const gaps = new Listeners<[]>(logger);
  const listening = new PgListeningConnection({
    connectionString: options.connectionString,
    applicationName: options.applicationName,
    channel: EVENTS_CHANNEL,
    logger,
    onNotification: (message) => {
      const event = readNotification(message, { origin, logger });
      if (event) events.emit(event);
    },
    onRestored: () => gaps.emit(),
  });

  // The first attempt is awaited, so a server that starts listens before it serves; if it fails,
  // retries go on in the background and the HTTP API works meanwhile.
  await listening.connect();

  return {
    async publish(event) {
      events.emit(event);
      await notifyOtherProcesses(event, { origin, db: options.db, logger });
    },
    subscribe: (listener) => events.add(listener),
    onGap: (listener) => gaps.add(listener),
    async close() {
      events.clear();
      gaps.clear();
      await listening.close();
    },
  };
}

/** The event another process notified; null for this process's own and for unreadable ones. */
function readNotification(
  message: pg.Notification,
  { origin, logger }: { origin: string; logger: BusLogger },
): RealtimeEvent | null {
  if (message.channel !== EVENTS_CHANNEL || !message.payload) return null;
  let envelope: Envelope;
  try {
    envelope = JSON.parse(message.payload) as Envelope;
  } catch {
    logger.warn({ payload: message.payload.slice(0, 200) }, 'unreadable realtime notification');
    return null;
  }
  if (envelope.origin === origin) return null;
  const parsed = ZRealtimeEvent.safeParse(envelope.event);
  if (!parsed.success) {
    logger.warn({ issues: parsed.error.issues }, 'invalid realtime event in a notification');
    return null;
  }
  return parsed.data;
}

/** NOTIFYs the event through the app's pool; a failure is logged, never thrown at the publisher. */
async function notifyOtherProcesses(
  event: RealtimeEvent,
  { origin, db, logger }: { origin: string; db: Db; logger: BusLogger },
): Promise<void> {
  const payload = JSON.stringify({ origin, event } satisfies Envelope);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
    logger.warn({ entity: event.entity, id: event.id }, 'realtime event too large to notify');
    return;
  }
  try {
    await db.execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${payload})`);
  } catch (error) {
    logger.warn({ err: error }, 'realtime event could not reach the other server processes');
  }
}
