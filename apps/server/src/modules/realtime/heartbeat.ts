import { WS_CLOSE_UNAUTHENTICATED } from '@household/contracts';
import { inArray } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { RealtimeHub } from './connection';
import { loadGroups } from './group-subscriptions';

export const DEFAULT_PING_INTERVAL_MS = 30_000;

/** Drops the connections that did not answer the last ping, and pings the others. */
function pingConnections(hub: RealtimeHub): void {
  for (const connection of hub.openConnections) {
    if (!connection.isAlive) {
      connection.socket.terminate();
      continue;
    }
    connection.isAlive = false;
    if (connection.socket.readyState === connection.socket.OPEN) connection.socket.ping();
  }
}

/** Closes the connections whose account is gone, whose password changed since, or whose session ended. */
async function closeEndedSessions(hub: RealtimeHub, userIds: number[]): Promise<void> {
  const accounts = await hub.ctx.db
    .select({ id: users.id, passwordChangedAt: users.passwordChangedAt })
    .from(users)
    .where(inArray(users.id, userIds));
  const changedAt = new Map(accounts.map((row) => [row.id, row.passwordChangedAt?.getTime() ?? 0]));
  for (const userId of userIds) {
    const since = changedAt.get(userId);
    for (const connection of hub.registry.connections(userId)) {
      // Whole seconds, as in the token: a token issued in the second of the change still holds.
      const issuedAtSeconds = Math.floor(connection.issuedAtMs / 1000);
      const ended = connection.sessionId && hub.ctx.sessions.isRevoked(connection.sessionId);
      if (since === undefined || issuedAtSeconds < Math.floor(since / 1000) || ended) {
        connection.close(WS_CLOSE_UNAUTHENTICATED, 'session ended');
      }
    }
  }
}

/**
 * Every ping interval: drop connections that did not answer the last ping, ping the others, and
 * check once, for all connected users together, that their accounts and tokens still hold and
 * which groups they are in (a safety net for a change whose event this process missed).
 */
async function sweep(hub: RealtimeHub): Promise<void> {
  pingConnections(hub);
  const userIds = hub.registry.users();
  if (userIds.length === 0) return;
  await closeEndedSessions(hub, userIds);
  const groups = await loadGroups(hub.ctx, userIds);
  for (const [userId, groupIds] of groups) hub.registry.setGroups(userId, groupIds);
}

/** Sweeps every `pingIntervalMs`; returns the function that stops it. */
export function startHeartbeat(hub: RealtimeHub, pingIntervalMs: number): () => void {
  const sweeper = setInterval(() => {
    sweep(hub).catch((error: unknown) => hub.log.warn({ err: error }, 'realtime sweep failed'));
  }, pingIntervalMs);
  sweeper.unref();
  return () => clearInterval(sweeper);
}
