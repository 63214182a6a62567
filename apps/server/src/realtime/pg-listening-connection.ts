import pg from 'pg';
import type { BusLogger } from './listeners';

const RECONNECT_BASE_MS = 500;
const RECONNECT_MAX_MS = 30_000;

export interface ListeningConnectionOptions {
  connectionString: string;
  /** Names the listening connection in pg_stat_activity. */
  applicationName?: string;
  /** The channel to LISTEN on. */
  channel: string;
  logger: BusLogger;
  onNotification: (message: pg.Notification) => void;
  /** Listening again after a loss: whatever was notified meanwhile did not arrive. */
  onRestored: () => void;
}

/** Full jitter: processes that lost the database together do not return together. */
function reconnectDelayMs(attempt: number): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}

/**
 * A dedicated connection that LISTENs on one channel and, if it drops, reconnects with backoff
 * until closed.
 */
export class PgListeningConnection {
  private client: pg.Client | null = null;
  private closed = false;
  private attempt = 0;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private hasListened = false;

  constructor(private readonly options: ListeningConnectionOptions) {}

  /** One attempt to connect and LISTEN; on failure, retries go on in the background. */
  async connect(): Promise<boolean> {
    const next = new pg.Client({
      connectionString: this.options.connectionString,
      application_name: this.options.applicationName ?? 'household-realtime',
      keepAlive: true,
    });
    const loss = this.watchForLoss(next);
    next.on('notification', this.options.onNotification);
    try {
      await next.connect();
      await next.query(`LISTEN ${this.options.channel}`);
    } catch (error) {
      loss.lose(error);
      return false;
    }
    if (this.closed) {
      loss.dismiss();
      await next.end().catch(() => {});
      return false;
    }
    this.client = next;
    this.attempt = 0;
    if (this.hasListened) {
      this.options.logger.info({}, 'realtime listening connection restored');
      this.options.onRestored();
    }
    this.hasListened = true;
    return true;
  }

  /** Stops listening and retrying. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const current = this.client;
    this.client = null;
    if (current) {
      current.removeAllListeners('end');
      await current.end().catch(() => {});
    }
  }

  /**
   * Watches a new client: its first error or end drops it and schedules the next attempt.
   * `dismiss` stops the watch for a client that is closed on purpose.
   */
  private watchForLoss(next: pg.Client): { lose(reason: unknown): void; dismiss(): void } {
    let failed = false;
    const lose = (reason: unknown) => {
      if (failed) return;
      failed = true;
      if (this.client === next) this.client = null;
      next.removeAllListeners('notification');
      // An 'error' listener stays, so a late error on the dead client never crashes the process.
      next.end().catch(() => {});
      this.scheduleReconnect(reason);
    };
    next.on('error', lose);
    next.on('end', () => lose(new Error('connection ended')));
    return {
      lose,
      dismiss: () => {
        failed = true;
      },
    };
  }

  private scheduleReconnect(reason: unknown): void {
    if (this.closed || this.reconnectTimer) return;
    const delayMs = reconnectDelayMs(this.attempt);
    this.attempt += 1;
    this.options.logger.warn(
      { err: reason, retryInMs: delayMs },
      'realtime listening connection lost; reconnecting',
    );
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.connect();
    }, delayMs);
    this.reconnectTimer.unref();
  }
}
