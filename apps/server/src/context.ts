import type { KeyObject } from 'node:crypto';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { AfterAnswer } from './lib/after-answer';
import type { Mailer } from './lib/mailer';
import type { LogBuffer } from './lib/logger';
import type { EventBus } from './realtime/event-bus';

/**
 * Access tokens carry their session (`sid`, the refresh-token family). They are checked without a
 * database round trip, so a logout would otherwise leave them valid until they expire. Each process
 * keeps the sessions ended within the last access-token lifetime and refuses their tokens
 * (docs/multi-process.md): filled from the database at start, told by a `session` event on the
 * event bus when any process ends one, and reloaded every few seconds in case an event was missed.
 */
export interface SessionRevocations {
  isRevoked(sessionId: string): boolean;
  /**
   * Call after the revocation committed. The sessions named, and those the database holds as
   * ended for the user (a password change ends all the others without naming them), end in this
   * process before it resolves; every other process reads them when it hears of it.
   */
  announce(userId: number, sessionIds?: readonly string[]): Promise<void>;
  /** Told of sessions newly known to have ended, e.g. to close their realtime connections. */
  onRevoked(listener: (sessionIds: readonly string[]) => void): () => void;
  close(): void;
}

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
  /** "Now" for rules that depend on the date (a recurring bill's today); tests set the time. */
  clock: () => Date;
  /** Work started once the answer is sent, so its cost does not show in the answer's time. */
  afterAnswer: AfterAnswer;
  /** Realtime events to connected clients; publish after the change commits. */
  events: EventBus;
  /** Sessions ended by a logout or a revocation, on every process (docs/multi-process.md). */
  sessions: SessionRevocations;
  /**
   * Announces and sends the notifications a committed change recorded (modules/notifications);
   * every realtime publish does it too, so only a change that publishes nothing calls it.
   */
  flushNotifications?: () => Promise<void>;
  /**
   * Tells an account's owner that unknown browsers keep failing to sign in to it (a
   * `sign_in_attempts` notification), sent at once. Wired to the notifications module in app.ts,
   * so sign-in does not depend on it.
   */
  noticeSignInAttempts?: (userId: number, failures: number) => Promise<void>;
}
