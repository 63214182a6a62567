import { WS_CLOSE_UNAUTHENTICATED, type ServerMessage } from '@household/contracts';
import type { AppContext } from '../../context';
import { authenticateAccessToken } from '../../http/auth';
import { AppError } from '../../http/problem';
import type { Connection, RealtimeHub } from './connection';
import { loadGroups } from './group-subscriptions';

/** setTimeout's limit; a token living longer is re-checked then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

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

/** A new connection that sends no auth message in time is closed. */
export function startAuthTimeout(connection: Connection, authTimeoutMs: number): NodeJS.Timeout {
  const authTimer = setTimeout(() => {
    if (!connection.isAuthenticated) {
      connection.close(WS_CLOSE_UNAUTHENTICATED, 'no auth message in time');
    }
  }, authTimeoutMs);
  authTimer.unref();
  return authTimer;
}

/** Closes the connection when its token expires, unless a re-auth moved the expiry on. */
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

/**
 * An auth message, first or renewed: on a valid token the connection joins the registry with its
 * user's groups and hears `ready`; otherwise it is closed.
 */
export async function authenticate(
  hub: RealtimeHub,
  connection: Connection,
  token: string,
): Promise<void> {
  const credentials = await verifyAccessToken(hub.ctx, token);
  if (!credentials) {
    connection.close(WS_CLOSE_UNAUTHENTICATED, 'invalid or expired token');
    return;
  }
  // A connection belongs to one user for its whole life; another user opens another one.
  if (connection.isAuthenticated && credentials.userId !== connection.userId) {
    connection.close(WS_CLOSE_UNAUTHENTICATED, 'token of another user');
    return;
  }
  const groups = await loadGroups(hub.ctx, [credentials.userId]);
  if (connection.socket.readyState !== connection.socket.OPEN) return;
  connection.userId = credentials.userId;
  connection.sessionId = credentials.sessionId;
  connection.issuedAtMs = credentials.issuedAtMs;
  hub.registry.add(connection, groups.get(credentials.userId) ?? []);
  scheduleExpiry(connection, credentials.expiresAtMs);
  const ready: ServerMessage = { type: 'ready', user_id: credentials.userId };
  connection.send(JSON.stringify(ready));
}
