import { WS_CLOSE_UNAUTHENTICATED, ZServerMessage, type ClientMessage } from '@household/contracts';
import { realtimeEmitter, type RealtimeEmitter } from './realtime-events';
import type { TokenStore } from './token-store';

/** `${api host or this page's origin}/api/v1/ws`, with http(s) turned into ws(s). */
export function realtimeUrl(apiBaseUrl: string, pageOrigin: string): string {
  const url = new URL(`${apiBaseUrl.replace(/\/+$/, '')}/ws`, pageOrigin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/** 1 s doubling to 30 s, each delay drawn between half and all of it so tabs do not return together. */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

type WebSocketLike = Pick<WebSocket, 'readyState' | 'send' | 'close'> & {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
};

export interface RealtimeClientOptions {
  url: string;
  tokens: TokenStore;
  /**
   * Renews the access token after the server refused `staleToken` (the api client's refresh, one
   * at a time across tabs); resolves to the new token, or null once the session has ended.
   */
  renewAccessToken: (staleToken: string | null) => Promise<string | null>;
  emitter?: RealtimeEmitter;
  WebSocket?: new (url: string) => WebSocketLike;
  random?: () => number;
}

const OPEN = 1;

/**
 * One WebSocket per tab while someone is signed in: authenticates with the stored access token,
 * re-authenticates when the token changes, reconnects with backoff, and after a reconnect asks the
 * features to resync. `start` follows the token store: signing out closes the connection.
 */
export function createRealtimeClient(options: RealtimeClientOptions) {
  const { tokens, url } = options;
  const emitter = options.emitter ?? realtimeEmitter;
  const Socket = options.WebSocket ?? (globalThis.WebSocket as RealtimeClientOptions['WebSocket']);
  const random = options.random ?? Math.random;

  let socket: WebSocketLike | null = null;
  /** The token the current connection last sent. */
  let sentToken: string | null = null;
  let isReady = false;
  /** Set once any connection was ready: the next ready is a reconnect, which resyncs. */
  let wasEverReady = false;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let running = false;
  /** While a refused token is being renewed, the renewal decides when to reconnect. */
  let isRenewing = false;
  let stopTokenWatch: (() => void) | null = null;

  function sendAuth(token: string) {
    if (!socket || socket.readyState !== OPEN) return;
    sentToken = token;
    socket.send(JSON.stringify({ type: 'auth', token } satisfies ClientMessage));
  }

  function connect() {
    retryTimer = null;
    const token = tokens.getAccessToken();
    if (!running || !token || !Socket) return;
    const current = new Socket(url);
    socket = current;
    isReady = false;
    sentToken = null;
    current.onopen = () => {
      const latest = tokens.getAccessToken();
      if (latest) sendAuth(latest);
      else current.close();
    };
    current.onmessage = (message) => {
      if (socket !== current) return;
      let parsed;
      try {
        parsed = ZServerMessage.safeParse(JSON.parse(String(message.data)));
      } catch {
        return;
      }
      if (!parsed.success) return;
      const data = parsed.data;
      if (data.type === 'ready') {
        attempt = 0;
        const isReconnect = !isReady && wasEverReady;
        isReady = true;
        wasEverReady = true;
        if (isReconnect) emitter.emitResync();
      } else {
        emitter.emitEvent(data.event);
      }
    };
    current.onerror = () => {
      // A close event always follows; reconnecting happens there.
    };
    current.onclose = (event) => {
      if (socket !== current) return;
      socket = null;
      isReady = false;
      if (!running) return;
      if (event.code === WS_CLOSE_UNAUTHENTICATED) {
        isRenewing = true;
        // Reconnect after the backoff either way: a refresh that failed for the network keeps the
        // session, and a server that keeps refusing fresh tokens is not asked ever faster.
        const renewed = () => {
          isRenewing = false;
          scheduleReconnect();
        };
        options.renewAccessToken(sentToken).then(renewed, renewed);
        return;
      }
      scheduleReconnect();
    };
  }

  function scheduleReconnect() {
    if (!running || retryTimer || socket || isRenewing) return;
    if (!tokens.getAccessToken()) return;
    const delayMs = reconnectDelayMs(attempt, random);
    attempt += 1;
    retryTimer = setTimeout(connect, delayMs);
  }

  function disconnect() {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    const current = socket;
    socket = null;
    isReady = false;
    sentToken = null;
    if (current && current.readyState <= OPEN) current.close(1000, 'signed out');
  }

  function onTokenChange() {
    const token = tokens.getAccessToken();
    if (!token) {
      // Signed out: the next person on this device starts without a resync of the last one's data.
      disconnect();
      attempt = 0;
      wasEverReady = false;
      return;
    }
    if (socket && socket.readyState === OPEN) {
      if (token !== sentToken) sendAuth(token);
      return;
    }
    if (!socket && !retryTimer && !isRenewing) connect();
  }

  return {
    start() {
      if (running) return;
      running = true;
      stopTokenWatch = tokens.subscribe(onTokenChange);
      connect();
    },
    stop() {
      running = false;
      stopTokenWatch?.();
      stopTokenWatch = null;
      disconnect();
    },
    get isReady() {
      return isReady;
    },
  };
}
export type RealtimeClient = ReturnType<typeof createRealtimeClient>;
