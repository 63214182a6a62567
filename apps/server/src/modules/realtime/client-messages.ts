import { WS_CLOSE_UNAUTHENTICATED, ZClientMessage } from '@household/contracts';
import { authenticate } from './auth-handshake';
import {
  CLOSE_INTERNAL_ERROR,
  CLOSE_POLICY_VIOLATION,
  type Connection,
  type RealtimeHub,
} from './connection';

/** An auth message is a token (at most 4096 characters) in a small JSON object. */
export const MAX_MESSAGE_BYTES = 8 * 1024;

/**
 * What a client sends: only auth messages (docs/realtime.md). Anything else closes the connection;
 * auth messages are queued so that they are handled in order.
 */
export function handleClientMessage(
  hub: RealtimeHub,
  connection: Connection,
  raw: Buffer | ArrayBuffer | Buffer[],
  isBinary: boolean,
): void {
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
    .then(() => authenticate(hub, connection, parsed.data.token))
    .catch((error: unknown) => {
      hub.log.warn({ err: error }, 'realtime authentication failed');
      connection.close(CLOSE_INTERNAL_ERROR, 'authentication failed; try again');
    });
}
