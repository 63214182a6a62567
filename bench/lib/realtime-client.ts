/**
 * A realtime client that behaves as the web app's (docs/realtime.md, "What the web app does"): it
 * authenticates with its first message, and on any close it did not ask for reconnects after 1 s,
 * doubling to 30 s, each delay drawn between half and all of it, through the balancer (so a dead
 * process is passed over). It records when each event arrived and on which process, and each
 * outage: when the connection closed and when it was ready again, where.
 */
import WebSocket from 'ws';
import type { Balancer, Upstream } from './balancer';
import { API, sleep } from './server';

const RECONNECT_BASE_MS = 1000;
const RECONNECT_MAX_MS = 30_000;
const READY_TIMEOUT_MS = 10_000;

export interface Arrival {
  at: number;
  /** The process this client was connected to when the event arrived. */
  upstream: number;
}

export interface Outage {
  from: number;
  closeCode: number;
  closedAt: number;
  /** When the client was ready again, and where; null: it never was. */
  readyAt: number | null;
  to: number | null;
  /** How long the attempt that succeeded took, from opening the connection to `ready`. */
  connectMs: number | null;
  /** Connection attempts it took (a refused one that moved on to the next process counts). */
  attempts: number;
}

type Attempt = 'ready' | 'refused' | 'failed';

/** `entity:id:action`, e.g. `item:42:updated`: what the soak matches its writes against. */
export const eventKey = (entity: string, id: number, action: string) => `${entity}:${id}:${action}`;

export class RealtimeClient {
  readonly arrivals = new Map<string, Arrival[]>();
  readonly outages: Outage[] = [];
  private socket: WebSocket | null = null;
  private stopped = false;
  private retryDelayMs = RECONNECT_BASE_MS;

  constructor(
    private readonly balancer: Balancer,
    private readonly token: string,
  ) {}

  /** The first connection, to a given process; throws if it is not ready. */
  async start(upstream: Upstream): Promise<void> {
    const outcome = await this.attempt(upstream);
    if (outcome !== 'ready')
      throw new Error(`realtime client not ready on process ${upstream.index}`);
  }

  stop(): void {
    this.stopped = true;
    this.socket?.close(1000);
  }

  private attempt(upstream: Upstream): Promise<Attempt> {
    const socket = new WebSocket(`ws://127.0.0.1:${upstream.port}${API}/ws`);
    let ready = false;
    let errorCode: string | undefined;
    return new Promise((resolve) => {
      const timer = setTimeout(() => socket.terminate(), READY_TIMEOUT_MS);
      socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token: this.token })));
      socket.on('error', (error: NodeJS.ErrnoException) => (errorCode = error.code));
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as {
          type: string;
          event?: { entity: string; id: number; action: string };
        };
        if (message.type === 'ready' && !ready) {
          ready = true;
          clearTimeout(timer);
          this.socket = socket;
          this.retryDelayMs = RECONNECT_BASE_MS;
          resolve('ready');
        } else if (message.event && ready) {
          const key = eventKey(message.event.entity, message.event.id, message.event.action);
          const arrival = { at: performance.now(), upstream: upstream.index };
          const list = this.arrivals.get(key);
          if (list) list.push(arrival);
          else this.arrivals.set(key, [arrival]);
        }
      });
      socket.on('close', (code) => {
        clearTimeout(timer);
        if (!ready) {
          resolve(errorCode === 'ECONNREFUSED' ? 'refused' : 'failed');
          return;
        }
        if (this.stopped) return;
        const outage: Outage = {
          from: upstream.index,
          closeCode: code,
          closedAt: performance.now(),
          readyAt: null,
          to: null,
          connectMs: null,
          attempts: 0,
        };
        this.outages.push(outage);
        void this.reconnect(outage);
      });
    });
  }

  private async reconnect(outage: Outage): Promise<void> {
    while (!this.stopped) {
      await sleep(this.retryDelayMs / 2 + Math.random() * (this.retryDelayMs / 2));
      this.retryDelayMs = Math.min(RECONNECT_MAX_MS, this.retryDelayMs * 2);
      for (const upstream of this.balancer.order()) {
        if (this.stopped) return;
        outage.attempts += 1;
        const attemptedAt = performance.now();
        const outcome = await this.attempt(upstream);
        if (outcome === 'ready') {
          outage.readyAt = performance.now();
          outage.connectMs = outage.readyAt - attemptedAt;
          outage.to = upstream.index;
          return;
        }
        if (outcome === 'failed') break;
        this.balancer.passOver(upstream);
      }
    }
  }
}
