import { ZServerMessage, type ClientMessage, type ServerMessage } from '@household/contracts';
import type { RealtimeEmitter } from './realtime-events';
import type { TokenStore } from './token-store';

export type WebSocketLike = Pick<WebSocket, 'readyState' | 'send' | 'close'> & {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
};

export type WebSocketConstructor = new (url: string) => WebSocketLike;

const OPEN = 1;

/** A message from the server, or null for one that is not JSON or not in the contract. */
function parseServerMessage(data: unknown): ServerMessage | null {
  try {
    const parsed = ZServerMessage.safeParse(JSON.parse(String(data)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface RealtimeConnectionOptions {
  url: string;
  /** Missing where the platform has no WebSocket: then no connection opens. */
  Socket: WebSocketConstructor | undefined;
  tokens: TokenStore;
  emitter: RealtimeEmitter;
  /** A connection became ready: the reconnect backoff starts over. */
  onReady: () => void;
  /** The current socket closed; `sentToken` is the token it last sent. */
  onClosed: (event: CloseEvent, sentToken: string | null) => void;
}

/**
 * The socket of the realtime client, one at a time: it authenticates, passes the server's events
 * on, tells when a connection is ready, and asks for a resync when one is ready again after one
 * was before. When to connect is the client's decision.
 */
export function createRealtimeConnection({
  url,
  Socket,
  tokens,
  emitter,
  onReady,
  onClosed,
}: RealtimeConnectionOptions) {
  let socket: WebSocketLike | null = null;
  /** The token the current connection last sent. */
  let sentToken: string | null = null;
  let isReady = false;
  /** Set once any connection was ready: the next ready is a reconnect, which resyncs. */
  let wasEverReady = false;

  function authenticate(token: string) {
    if (!socket || socket.readyState !== OPEN) return;
    sentToken = token;
    socket.send(JSON.stringify({ type: 'auth', token } satisfies ClientMessage));
  }

  function onServerMessage(message: ServerMessage) {
    if (message.type !== 'ready') {
      emitter.emitEvent(message.event);
      return;
    }
    onReady();
    const isNewConnection = !isReady;
    const isReconnect = isNewConnection && wasEverReady;
    isReady = true;
    wasEverReady = true;
    if (isReconnect) emitter.emitResync();
    if (isNewConnection) emitter.emitConnected();
  }

  function open() {
    if (!Socket) return;
    const current = new Socket(url);
    socket = current;
    isReady = false;
    sentToken = null;
    current.onopen = () => {
      const latest = tokens.getAccessToken();
      if (latest) authenticate(latest);
      else current.close();
    };
    current.onmessage = (event) => {
      if (socket !== current) return;
      const message = parseServerMessage(event.data);
      if (message) onServerMessage(message);
    };
    current.onerror = () => {
      // A close event always follows; reconnecting happens there.
    };
    current.onclose = (event) => {
      if (socket !== current) return;
      socket = null;
      isReady = false;
      onClosed(event, sentToken);
    };
  }

  function close() {
    const current = socket;
    socket = null;
    isReady = false;
    sentToken = null;
    if (current && current.readyState <= OPEN) current.close(1000, 'signed out');
  }

  return {
    open,
    close,
    authenticate,
    /** The next ready counts as a first connection again: it asks for no resync. */
    forgetReadiness() {
      wasEverReady = false;
    },
    get hasSocket() {
      return socket !== null;
    },
    get isOpen() {
      return socket !== null && socket.readyState === OPEN;
    },
    get sentToken() {
      return sentToken;
    },
    get isReady() {
      return isReady;
    },
  };
}
