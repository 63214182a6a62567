import websocket from '@fastify/websocket';
import { WS_AUTH_TIMEOUT_MS, WS_CLOSE_UNAUTHENTICATED } from '@household/contracts';
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppContext } from '../../context';
import { problem, sendProblem } from '../../http/problem';
import { SubscriberRegistry } from '../../realtime/registry';
import { startAuthTimeout } from './auth-handshake';
import { handleClientMessage, MAX_MESSAGE_BYTES } from './client-messages';
import { CLOSE_TRY_AGAIN_LATER, Connection, type RealtimeHub } from './connection';
import { deliverEvent } from './group-subscriptions';
import { DEFAULT_PING_INTERVAL_MS, startHeartbeat } from './heartbeat';

export const WS_PATH = '/ws';

export interface RealtimeOptions {
  /** How long a new connection may take to send its first `auth` message. */
  authTimeoutMs?: number;
  /** Ping interval; a connection that did not answer the previous ping is dropped. */
  pingIntervalMs?: number;
}

/** `GET /api/v1/ws`: the realtime connection (docs/realtime.md). */
export function realtimeRoutes(ctx: AppContext, options: RealtimeOptions = {}): FastifyPluginAsync {
  const authTimeoutMs = options.authTimeoutMs ?? WS_AUTH_TIMEOUT_MS;
  const pingIntervalMs = options.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS;

  return async (app) => {
    await app.register(websocket, {
      options: { maxPayload: MAX_MESSAGE_BYTES },
      errorHandler: closeAfterSocketError,
    });
    const hub: RealtimeHub = {
      ctx,
      registry: new SubscriberRegistry<Connection>(),
      openConnections: new Set<Connection>(),
      closing: false,
      log: app.log,
    };

    const unsubscribe = ctx.events.subscribe((event) => deliverEvent(hub, event));
    // A logout on any process closes that session's connections here too.
    const stopRevocationWatch = ctx.sessions.onRevoked((sessionIds) =>
      closeRevokedSessions(hub, sessionIds),
    );
    // Events may have been lost: every client reconnects and refetches what it shows.
    const stopGapWatch = ctx.events.onGap(() => {
      for (const connection of hub.openConnections) {
        connection.close(CLOSE_TRY_AGAIN_LATER, 'events were missed');
      }
    });
    const stopHeartbeat = startHeartbeat(hub, pingIntervalMs);
    app.addHook('preClose', async () => {
      hub.closing = true;
      stopHeartbeat();
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
      wsHandler: (socket, request) =>
        acceptConnection(hub, { socket, requestLog: request.log, authTimeoutMs }),
    });
  };
}

/** A new socket: it has `authTimeoutMs` to authenticate; its messages, pongs and close are wired. */
function acceptConnection(
  hub: RealtimeHub,
  options: { socket: WebSocket; requestLog: FastifyBaseLogger; authTimeoutMs: number },
): void {
  const { socket, requestLog } = options;
  if (hub.closing) {
    socket.close(CLOSE_TRY_AGAIN_LATER, 'server shutting down');
    return;
  }
  const connection = new Connection(socket);
  hub.openConnections.add(connection);
  const authTimer = startAuthTimeout(connection, options.authTimeoutMs);
  socket.on('message', (raw, isBinary) => handleClientMessage(hub, connection, raw, isBinary));
  socket.on('pong', () => {
    connection.isAlive = true;
  });
  socket.on('close', () => {
    clearTimeout(authTimer);
    if (connection.expiryTimer) clearTimeout(connection.expiryTimer);
    hub.registry.remove(connection);
    hub.openConnections.delete(connection);
  });
  socket.on('error', (error) => requestLog.debug({ err: error }, 'realtime socket error'));
}

/**
 * The plugin logs every socket error at error level. A frame the client got wrong (too big, bad
 * UTF-8: ws codes WS_ERR_*) is bad input, not a fault of the server: info. Anything else is ours.
 */
function closeAfterSocketError(error: Error, socket: WebSocket, request: FastifyRequest): void {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (code.startsWith('WS_ERR_')) {
    request.log.info({ reason: code }, 'realtime client sent an invalid frame; connection closed');
  } else {
    request.log.error({ err: error }, 'realtime connection failed');
  }
  socket.terminate();
}

/** Closes the connections of sessions that ended, on this process or another. */
function closeRevokedSessions(hub: RealtimeHub, sessionIds: Iterable<string>): void {
  const ended = new Set(sessionIds);
  for (const connection of hub.openConnections) {
    if (connection.sessionId && ended.has(connection.sessionId)) {
      connection.close(WS_CLOSE_UNAUTHENTICATED, 'session ended');
    }
  }
}
