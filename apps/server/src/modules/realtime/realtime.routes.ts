import websocket from '@fastify/websocket';
import {
  WS_AUTH_TIMEOUT_MS,
  WS_CLOSE_UNAUTHENTICATED,
  ZClientMessage,
  type RealtimeEvent,
  type ServerMessage,
} from '@household/contracts';
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppContext } from '../../context';
import { groupMembers, users } from '../../db/schema';
import { authenticateAccessToken } from '../../http/auth';
import { AppError, problem, sendProblem } from '../../http/problem';
import { SubscriberRegistry, type Subscriber } from '../../realtime/registry';

export const WS_PATH = '/ws';

export interface RealtimeOptions {
  /** How long a new connection may take to send its first `auth` message. */
  authTimeoutMs?: number;
  /** Ping interval; a connection that did not answer the previous ping is dropped. */
  pingIntervalMs?: number;
}

const DEFAULT_PING_INTERVAL_MS = 30_000;
/** An auth message is a token (at most 4096 characters) in a small JSON object. */
const MAX_MESSAGE_BYTES = 8 * 1024;
/** A client that cannot keep up is dropped rather than buffered without end; it resyncs on return. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** setTimeout's limit; a token living longer is re-checked then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** WebSocket close codes besides WS_CLOSE_UNAUTHENTICATED (RFC 6455 §7.4.1). */
const CLOSE_POLICY_VIOLATION = 1008;
const CLOSE_INTERNAL_ERROR = 1011;
const CLOSE_TRY_AGAIN_LATER = 1013;

interface Credentials {
  userId: number;
  sessionId: string;
  issuedAtMs: number;
  expiresAtMs: number;
}

/**
 * Checks an access token exactly as the HTTP API does (http/auth.ts): browsers cannot send headers
 * with a WebSocket, so the token arrives in a message. Null when the token does not hold.
 */
async function verifyAccessToken(ctx: AppContext, token: string): Promise<Credentials | null> {
  try {
    const holder = await authenticateAccessToken(ctx, token);
    return {
      userId: holder.user.id,
      sessionId: holder.sessionId,
      issuedAtMs: holder.issuedAt * 1000,
      expiresAtMs: holder.expiresAt * 1000,
    };
  } catch (error) {
    if (error instanceof AppError && error.status === 401) return null;
    throw error;
  }
}

class Connection implements Subscriber {
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

/** `GET /api/v1/ws`: the realtime connection (docs/realtime.md). */
export function realtimeRoutes(ctx: AppContext, options: RealtimeOptions = {}): FastifyPluginAsync {
  const authTimeoutMs = options.authTimeoutMs ?? WS_AUTH_TIMEOUT_MS;
  const pingIntervalMs = options.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS;

  return async (app) => {
    await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });
    const registry = new SubscriberRegistry<Connection>();
    const log = app.log;

    async function loadGroups(userIds: number[]): Promise<Map<number, number[]>> {
      const byUser = new Map<number, number[]>(userIds.map((id) => [id, []]));
      if (userIds.length === 0) return byUser;
      const rows = await ctx.db
        .select({ userId: groupMembers.userId, groupId: groupMembers.groupId })
        .from(groupMembers)
        .where(inArray(groupMembers.userId, userIds));
      for (const row of rows) byUser.get(row.userId)?.push(row.groupId);
      return byUser;
    }

    /**
     * A membership event applies at once (registry.deliver); reading the user's groups again then
     * also catches changes whose events this process missed.
     */
    async function reloadGroups(userId: number): Promise<void> {
      const groups = await loadGroups([userId]);
      registry.setGroups(userId, groups.get(userId) ?? []);
    }

    function onEvent(event: RealtimeEvent): void {
      registry.deliver(event);
      if (event.entity === 'membership' && event.user_id !== null) {
        const userId = event.user_id;
        if (registry.connections(userId).size === 0) return;
        reloadGroups(userId).catch((error: unknown) =>
          log.warn({ err: error, userId }, 'reloading groups for realtime delivery failed'),
        );
      }
    }

    function scheduleExpiry(connection: Connection, expiresAtMs: number): void {
      if (connection.expiryTimer) clearTimeout(connection.expiryTimer);
      const delayMs = Math.min(MAX_TIMER_MS, Math.max(0, expiresAtMs - Date.now()));
      connection.expiryTimer = setTimeout(() => {
        if (Date.now() >= expiresAtMs) {
          connection.close(WS_CLOSE_UNAUTHENTICATED, 'token expired');
        } else {
          scheduleExpiry(connection, expiresAtMs);
        }
      }, delayMs);
      connection.expiryTimer.unref();
    }

    async function authenticate(connection: Connection, token: string): Promise<void> {
      const credentials = await verifyAccessToken(ctx, token);
      if (!credentials) {
        connection.close(WS_CLOSE_UNAUTHENTICATED, 'invalid or expired token');
        return;
      }
      // A connection belongs to one user for its whole life; another user opens another one.
      if (connection.isAuthenticated && credentials.userId !== connection.userId) {
        connection.close(WS_CLOSE_UNAUTHENTICATED, 'token of another user');
        return;
      }
      const groups = await loadGroups([credentials.userId]);
      if (connection.socket.readyState !== connection.socket.OPEN) return;
      connection.userId = credentials.userId;
      connection.sessionId = credentials.sessionId;
      connection.issuedAtMs = credentials.issuedAtMs;
      registry.add(connection, groups.get(credentials.userId) ?? []);
      scheduleExpiry(connection, credentials.expiresAtMs);
      const ready: ServerMessage = { type: 'ready', user_id: credentials.userId };
      connection.send(JSON.stringify(ready));
    }

    function onMessage(
      connection: Connection,
      raw: Buffer | ArrayBuffer | Buffer[],
      isBinary: boolean,
    ) {
      let message: unknown = null;
      try {
        message = isBinary ? null : JSON.parse(String(raw));
      } catch {
        message = null;
      }
      const parsed = ZClientMessage.safeParse(message);
      if (!parsed.success) {
        // Before authenticating, anything but an auth message is a missing token.
        connection.close(
          connection.isAuthenticated ? CLOSE_POLICY_VIOLATION : WS_CLOSE_UNAUTHENTICATED,
          'expected {"type":"auth","token":...}',
        );
        return;
      }
      connection.queue = connection.queue
        .then(() => authenticate(connection, parsed.data.token))
        .catch((error: unknown) => {
          log.warn({ err: error }, 'realtime authentication failed');
          connection.close(CLOSE_INTERNAL_ERROR, 'authentication failed; try again');
        });
    }

    function accept(socket: WebSocket, requestLog: FastifyBaseLogger): void {
      if (closing) {
        socket.close(CLOSE_TRY_AGAIN_LATER, 'server shutting down');
        return;
      }
      const connection = new Connection(socket);
      all.add(connection);
      const authTimer = setTimeout(() => {
        if (!connection.isAuthenticated) {
          connection.close(WS_CLOSE_UNAUTHENTICATED, 'no auth message in time');
        }
      }, authTimeoutMs);
      authTimer.unref();
      socket.on('message', (raw, isBinary) => onMessage(connection, raw, isBinary));
      socket.on('pong', () => {
        connection.isAlive = true;
      });
      socket.on('close', () => {
        clearTimeout(authTimer);
        if (connection.expiryTimer) clearTimeout(connection.expiryTimer);
        registry.remove(connection);
        all.delete(connection);
      });
      socket.on('error', (error) => requestLog.debug({ err: error }, 'realtime socket error'));
    }

    /**
     * Every ping interval: drop connections that did not answer the last ping, ping the others, and
     * check once, for all connected users together, that their accounts and tokens still hold and
     * which groups they are in (a safety net for a change whose event this process missed).
     */
    async function sweep(): Promise<void> {
      for (const connection of all) {
        if (!connection.isAlive) {
          connection.socket.terminate();
          continue;
        }
        connection.isAlive = false;
        if (connection.socket.readyState === connection.socket.OPEN) connection.socket.ping();
      }
      const userIds = registry.users();
      if (userIds.length === 0) return;
      const accounts = await ctx.db
        .select({ id: users.id, passwordChangedAt: users.passwordChangedAt })
        .from(users)
        .where(inArray(users.id, userIds));
      const changedAt = new Map(
        accounts.map((row) => [row.id, row.passwordChangedAt?.getTime() ?? 0]),
      );
      for (const userId of userIds) {
        const since = changedAt.get(userId);
        for (const connection of registry.connections(userId)) {
          // Whole seconds, as in the token: a token issued in the second of the change still holds.
          const issuedAtSeconds = Math.floor(connection.issuedAtMs / 1000);
          const ended = connection.sessionId && ctx.sessions.isRevoked(connection.sessionId);
          if (since === undefined || issuedAtSeconds < Math.floor(since / 1000) || ended) {
            connection.close(WS_CLOSE_UNAUTHENTICATED, 'session ended');
          }
        }
      }
      const groups = await loadGroups(userIds);
      for (const [userId, groupIds] of groups) registry.setGroups(userId, groupIds);
    }

    const all = new Set<Connection>();
    let closing = false;
    const unsubscribe = ctx.events.subscribe(onEvent);
    // A logout on any process closes that session's connections here too.
    const stopRevocationWatch = ctx.sessions.onRevoked((sessionIds) => {
      const ended = new Set(sessionIds);
      for (const connection of all) {
        if (connection.sessionId && ended.has(connection.sessionId)) {
          connection.close(WS_CLOSE_UNAUTHENTICATED, 'session ended');
        }
      }
    });
    // Events may have been lost: every client reconnects and refetches what it shows.
    const stopGapWatch = ctx.events.onGap(() => {
      for (const connection of all) connection.close(CLOSE_TRY_AGAIN_LATER, 'events were missed');
    });
    const sweeper = setInterval(() => {
      sweep().catch((error: unknown) => log.warn({ err: error }, 'realtime sweep failed'));
    }, pingIntervalMs);
    sweeper.unref();
    app.addHook('preClose', async () => {
      closing = true;
      clearInterval(sweeper);
      unsubscribe();
      stopRevocationWatch();
      stopGapWatch();
    });

    app.route({
      method: 'GET',
      url: WS_PATH,
      schema: { hide: true },
      // A plain GET (no upgrade) is a client error, answered like every other one.
      handler: (_request, reply) =>
        sendProblem(
          reply.header('upgrade', 'websocket'),
          problem(426, 'validation_failed', { detail: 'Connect with a WebSocket' }),
        ),
      wsHandler: (socket, request) => accept(socket, request.log),
    });
  };
}
