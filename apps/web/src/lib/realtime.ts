import { WS_CLOSE_UNAUTHENTICATED } from '@household/contracts';
import { createRealtimeConnection, type WebSocketConstructor } from './realtime-connection';
import { realtimeEmitter, type RealtimeEmitter } from './realtime-events';
import { createReconnectTimer } from './realtime-reconnect';
import type { TokenStore } from './token-store';

export { RECONNECT_BASE_MS, RECONNECT_MAX_MS, reconnectDelayMs } from './realtime-reconnect';

/** `${api host or this page's origin}/api/v1/ws`, with http(s) turned into ws(s). */
export function realtimeUrl(apiBaseUrl: string, pageOrigin: string): string {
  const url = new URL(`${apiBaseUrl.replace(/\/+$/, '')}/ws`, pageOrigin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

export interface RealtimeClientOptions {
  url: string;
  tokens: TokenStore;
  /**
   * Renews the access token after the server refused `staleToken` (the api client's refresh, one
   * at a time across tabs); resolves to the new token, or null once the session has ended.
   */
  renewAccessToken: (staleToken: string | null) => Promise<string | null>;
  emitter?: RealtimeEmitter;
  WebSocket?: WebSocketConstructor;
  random?: () => number;
}

/**
 * One WebSocket per tab while someone is signed in: authenticates with the stored access token,
 * re-authenticates when the token changes, reconnects with backoff, and after a reconnect asks the
 * features to resync. `start` follows the token store: signing out closes the connection.
 */
export function createRealtimeClient(options: RealtimeClientOptions) {
  const { tokens } = options;
  const reconnect = createReconnectTimer(options.random ?? Math.random);
  const connection = createRealtimeConnection({
    url: options.url,
    Socket: options.WebSocket ?? (globalThis.WebSocket as WebSocketConstructor | undefined),
    tokens,
    emitter: options.emitter ?? realtimeEmitter,
    onReady: () => reconnect.reset(),
    onClosed,
  });

  let running = false;
  /** While a refused token is being renewed, the renewal decides when to reconnect. */
  let isRenewing = false;
  let stopTokenWatch: (() => void) | null = null;

  function connect() {
    if (!running || !tokens.getAccessToken()) return;
    connection.open();
  }

  function onClosed(event: CloseEvent, sentToken: string | null) {
    if (!running) return;
    if (event.code !== WS_CLOSE_UNAUTHENTICATED) {
      scheduleReconnect();
      return;
    }
    isRenewing = true;
    // Reconnect after the backoff either way: a refresh that failed for the network keeps the
    // session, and a server that keeps refusing fresh tokens is not asked ever faster.
    const renewed = () => {
      isRenewing = false;
      scheduleReconnect();
    };
    options.renewAccessToken(sentToken).then(renewed, renewed);
  }

  function scheduleReconnect() {
    if (!running || reconnect.isWaiting || connection.hasSocket || isRenewing) return;
    if (!tokens.getAccessToken()) return;
    reconnect.schedule(connect);
  }

  function disconnect() {
    reconnect.cancel();
    connection.close();
  }

  function onTokenChange() {
    const token = tokens.getAccessToken();
    if (!token) {
      // Signed out: the next person on this device starts without a resync of the last one's data.
      disconnect();
      reconnect.reset();
      connection.forgetReadiness();
      return;
    }
    if (connection.isOpen) {
      if (token !== connection.sentToken) connection.authenticate(token);
      return;
    }
    if (!connection.hasSocket && !reconnect.isWaiting && !isRenewing) connect();
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
      return connection.isReady;
    },
  };
}
export type RealtimeClient = ReturnType<typeof createRealtimeClient>;
