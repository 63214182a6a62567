import type { KeyObject } from 'node:crypto';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Mailer } from './lib/mailer';
import type { LogBuffer } from './lib/logger';
import type { EventBus } from './realtime/event-bus';
import type { SessionRevocations } from './modules/auth/session-revocations';

/** What services need from the outside world, built once in buildApp and passed explicitly. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  logs: LogBuffer;
  /** The access-token key, imported once: importing it per verification cost ~4 % of a read. */
  jwtKey: KeyObject;
  startedAt: Date;
  /** Realtime events to connected clients; publish after the change commits. */
  events: EventBus;
  /** Sessions ended by a logout or a revocation, on every process (docs/multi-process.md). */
  sessions: SessionRevocations;
  /**
   * Announces and sends the notifications a committed change recorded (modules/notifications);
   * every realtime publish does it too, so only a change that publishes nothing calls it.
   */
  flushNotifications?: () => Promise<void>;
}
