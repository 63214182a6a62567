import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { ZServerMessage, type RealtimeEvent, type ServerMessage } from '@household/contracts';
import WebSocket from 'ws';
import { buildApp, type App } from '../../src/app';
import { openDatabase, type Database } from '../../src/db/client';
import { createEventBus } from '../../src/realtime/create-event-bus';
import type { EventBus } from '../../src/realtime/event-bus';
import type { RealtimeOptions } from '../../src/modules/realtime/realtime.routes';
import { testConfig } from './test-config';
import type { Config } from '../../src/config';

const quietLogger = { info: () => {}, warn: () => {} };

export interface TestServer {
  app: App;
  config: Config;
  database: Database;
  events: EventBus;
  /** ws://127.0.0.1:<port>/api/v1/ws */
  wsUrl: string;
  close(): Promise<void>;
}

/** One server process: its own database handle and event bus, listening on a free port. */
export async function startServer(options: {
  databaseUrl: string | null;
  jwtSecret: string;
  realtime?: RealtimeOptions;
  env?: Record<string, string>;
}): Promise<TestServer> {
  const { config, dataDir } = testConfig(
    { LOG_LEVEL: 'warn', JWT_SECRET: options.jwtSecret, ...options.env },
    'household-rt-',
  );
  const database = await openDatabase({
    databaseUrl: options.databaseUrl,
    dataDir: null,
    poolSize: 4,
  });
  await database.migrate();
  const events = await createEventBus({
    engine: database.engine,
    databaseUrl: options.databaseUrl,
    db: database.db,
    logger: quietLogger,
  });
  const app = await buildApp({
    config,
    database,
    events,
    logToStdout: false,
    realtime: options.realtime,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    config,
    database,
    events,
    wsUrl: `ws://127.0.0.1:${port}/api/v1/ws`,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A realtime client as the web app is one, recording what the server says. */
export class TestClient {
  readonly received: ServerMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: (() => void)[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.received.push(ZServerMessage.parse(JSON.parse(String(data))));
      this.wake();
    });
    this.closed = new Promise((resolve) => {
      socket.on('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
        this.wake();
      });
    });
  }

  static async connect(url: string): Promise<TestClient> {
    const socket = new WebSocket(url);
    const client = new TestClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return client;
  }

  /** Connects and authenticates; resolves once the server said `ready`. */
  static async ready(url: string, token: string): Promise<TestClient> {
    const client = await TestClient.connect(url);
    await client.auth(token);
    return client;
  }

  send(message: unknown): void {
    this.socket.send(JSON.stringify(message));
  }

  async auth(token: string): Promise<number> {
    const before = this.count('ready');
    this.send({ type: 'auth', token });
    await this.waitFor(() => this.count('ready') > before, 'ready');
    const ready = this.received.filter((message) => message.type === 'ready').at(-1)!;
    return ready.user_id;
  }

  events(): RealtimeEvent[] {
    return this.received.flatMap((message) => (message.type === 'event' ? [message.event] : []));
  }

  /** Waits for an event that matches, and returns it. */
  async event(matches: (event: RealtimeEvent) => boolean, timeoutMs = 3000) {
    await this.waitFor(() => this.events().some(matches), 'event', timeoutMs);
    return this.events().find(matches)!;
  }

  async closeCode(timeoutMs = 3000): Promise<number> {
    const timeout = new Promise<never>((_resolve, reject) =>
      setTimeout(() => reject(new Error('the server did not close the connection')), timeoutMs),
    );
    return (await Promise.race([this.closed, timeout])).code;
  }

  close(): void {
    this.socket.terminate();
  }

  private count(type: ServerMessage['type']): number {
    return this.received.filter((message) => message.type === type).length;
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }

  private async waitFor(condition: () => boolean, what: string, timeoutMs = 3000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (this.socket.readyState === WebSocket.CLOSED) {
        throw new Error(`connection closed while waiting for ${what}`);
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}

/** A list event as the lists service will publish it. */
export function listEvent(target: { group_id?: number; user_id?: number }, id = 1): RealtimeEvent {
  return {
    entity: 'list',
    id,
    action: 'updated',
    list_id: id,
    group_id: target.group_id ?? null,
    user_id: target.user_id ?? null,
    version: 2,
    actor: null,
  };
}
