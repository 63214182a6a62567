import { randomUUID } from 'node:crypto';
import { ZRealtimeEvent, type RealtimeEvent } from '@household/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../db/client';
import type { EventBus } from './event-bus';
import { Listeners, type BusLogger } from './listeners';

/** One channel for every event; each process filters by who is connected to it. */
export const EVENTS_CHANNEL = 'household_events';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7_900;
const RECONNECT_BASE_MS = 500;
const RECONNECT_MAX_MS = 30_000;

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
  let client: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let hasListened = false;

  function onNotification(message: pg.Notification) {
    if (message.channel !== EVENTS_CHANNEL || !message.payload) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message.payload) as Envelope;
    } catch {
      logger.warn({ payload: message.payload.slice(0, 200) }, 'unreadable realtime notification');
      return;
    }
    if (envelope.origin === origin) return;
    const parsed = ZRealtimeEvent.safeParse(envelope.event);
    if (!parsed.success) {
      logger.warn({ issues: parsed.error.issues }, 'invalid realtime event in a notification');
      return;
    }
    events.emit(parsed.data);
  }

  function scheduleReconnect(reason: unknown) {
    if (closed || reconnectTimer) return;
    // Full jitter: processes that lost the database together do not return together.
    const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
    const delayMs = Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
    attempt += 1;
    logger.warn(
      { err: reason, retryInMs: delayMs },
      'realtime listening connection lost; reconnecting',
    );
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      void connect();
    }, delayMs);
    reconnectTimer.unref();
  }

  async function connect(): Promise<boolean> {
    const next = new pg.Client({
      connectionString: options.connectionString,
      application_name: options.applicationName ?? 'household-realtime',
      keepAlive: true,
    });
    let failed = false;
    const lost = (reason: unknown) => {
      if (failed) return;
      failed = true;
      if (client === next) client = null;
      next.removeAllListeners('notification');
      // An 'error' listener stays, so a late error on the dead client never crashes the process.
      next.end().catch(() => {});
      scheduleReconnect(reason);
    };
    next.on('error', lost);
    next.on('end', () => lost(new Error('connection ended')));
    next.on('notification', onNotification);
    try {
      await next.connect();
      await next.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (error) {
      lost(error);
      return false;
    }
    if (closed) {
      failed = true;
      await next.end().catch(() => {});
      return false;
    }
    client = next;
    attempt = 0;
    if (hasListened) {
      logger.info({}, 'realtime listening connection restored');
      gaps.emit();
    }
    hasListened = true;
    return true;
  }

  // The first attempt is awaited, so a server that starts listens before it serves; if it fails,
  // retries go on in the background and the HTTP API works meanwhile.
  await connect();

  return {
    async publish(event) {
      events.emit(event);
      const payload = JSON.stringify({ origin, event } satisfies Envelope);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
        logger.warn({ entity: event.entity, id: event.id }, 'realtime event too large to notify');
        return;
      }
      try {
        await options.db.execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${payload})`);
      } catch (error) {
        logger.warn({ err: error }, 'realtime event could not reach the other server processes');
      }
    },
    subscribe: (listener) => events.add(listener),
    onGap: (listener) => gaps.add(listener),
    async close() {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      reconnectTimer = null;
      events.clear();
      gaps.clear();
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners('end');
        await current.end().catch(() => {});
      }
    },
  };
}
