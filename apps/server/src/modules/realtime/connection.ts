import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppContext } from '../../context';
import type { Subscriber, SubscriberRegistry } from '../../realtime/registry';

/** A client that cannot keep up is dropped rather than buffered without end; it resyncs on return. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** WebSocket close codes besides WS_CLOSE_UNAUTHENTICATED (RFC 6455 §7.4.1). */
export const CLOSE_POLICY_VIOLATION = 1008;
export const CLOSE_INTERNAL_ERROR = 1011;
export const CLOSE_TRY_AGAIN_LATER = 1013;

/** One WebSocket client; authenticated once its first auth message held. */
export class Connection implements Subscriber {
  userId = 0;
  sessionId: string | null = null;
  issuedAtMs = 0;
  isAlive = true;
  expiryTimer: NodeJS.Timeout | null = null;
  /** Messages are handled one after another: a re-auth never overtakes the first auth. */
  queue: Promise<void> = Promise.resolve();

  constructor(readonly socket: WebSocket) {}

  get isAuthenticated(): boolean {
    return this.userId !== 0;
  }

  send(data: string): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.socket.terminate();
      return;
    }
    this.socket.send(data);
  }

  close(code: number, reason: string): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.close(code, reason);
  }
}

/** What the parts of one process's WebSocket route share. */
export interface RealtimeHub {
  ctx: AppContext;
  /** Authenticated connections, by user and by group, for delivery. */
  registry: SubscriberRegistry<Connection>;
  /** Every open connection, authenticated or not yet. */
  openConnections: Set<Connection>;
  /** Set when the server begins to close: new connections are turned away. */
  closing: boolean;
  log: FastifyBaseLogger;
}
