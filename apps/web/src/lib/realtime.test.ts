import { WS_CLOSE_UNAUTHENTICATED, type RealtimeEvent } from '@household/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createRealtimeClient,
  realtimeUrl,
  reconnectDelayMs,
  type RealtimeClient,
} from './realtime';
import { createRealtimeEmitter } from './realtime-events';
import { createTokenStore, type TokenStore } from './token-store';

/** A stand-in for the browser's WebSocket that the test drives by hand. */
class FakeSocket {
  static instances: FakeSocket[] = [];
  static get last(): FakeSocket {
    return FakeSocket.instances.at(-1)!;
  }

  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }

  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }

  // What the server does:
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  say(message: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
  ready(userId = 5) {
    this.say({ type: 'ready', user_id: userId });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
}

const event = (id: number): RealtimeEvent => ({
  entity: 'item',
  id,
  action: 'created',
  list_id: 3,
  group_id: 9,
  user_id: null,
  version: 1,
  actor: 6,
});

describe('realtime client', () => {
  let tokens: TokenStore;
  let client: RealtimeClient;
  let emitter: ReturnType<typeof createRealtimeEmitter>;
  let renewAccessToken: ReturnType<typeof vi.fn<(stale: string | null) => Promise<string | null>>>;

  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
    tokens = createTokenStore();
    tokens.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' });
    emitter = createRealtimeEmitter();
    renewAccessToken = vi.fn(async () => {
      tokens.setTokens({ access_token: 'access-2', refresh_token: 'refresh-2' });
      return 'access-2';
    });
    client = createRealtimeClient({
      url: 'ws://localhost:3000/api/v1/ws',
      tokens,
      renewAccessToken,
      emitter,
      WebSocket: FakeSocket,
      // The longest delay of each backoff step, so the test knows when the retry comes.
      random: () => 1,
    });
  });

  afterEach(() => {
    client.stop();
    vi.useRealTimers();
  });

  it('authenticates with the stored access token as soon as the socket opens', () => {
    client.start();
    expect(FakeSocket.instances).toHaveLength(1);
    expect(FakeSocket.last.url).toBe('ws://localhost:3000/api/v1/ws');
    FakeSocket.last.open();
    expect(FakeSocket.last.sent).toEqual([{ type: 'auth', token: 'access-1' }]);
  });

  it('hands every event to the listeners', () => {
    const heard: number[] = [];
    emitter.subscribe((e) => heard.push(e.id));
    client.start();
    FakeSocket.last.open();
    FakeSocket.last.ready();
    FakeSocket.last.say({ type: 'event', event: event(1) });
    FakeSocket.last.say({ type: 'event', event: event(2) });
    FakeSocket.last.say({ type: 'nonsense' });
    expect(heard).toEqual([1, 2]);
  });

  it('re-authenticates on the open connection when the token is refreshed', () => {
    client.start();
    FakeSocket.last.open();
    FakeSocket.last.ready();
    tokens.setTokens({ access_token: 'access-2', refresh_token: 'refresh-2' });
    expect(FakeSocket.instances).toHaveLength(1);
    expect(FakeSocket.last.sent).toEqual([
      { type: 'auth', token: 'access-1' },
      { type: 'auth', token: 'access-2' },
    ]);
  });

  it('reconnects after 1 s, then 2 s, 4 s ... up to 30 s, and starts again after ready', () => {
    client.start();
    const delays: number[] = [];
    for (let i = 0; i < 7; i++) {
      const before = FakeSocket.instances.length;
      FakeSocket.last.drop();
      const started = Date.now();
      while (FakeSocket.instances.length === before) vi.advanceTimersByTime(100);
      delays.push(Date.now() - started);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);

    FakeSocket.last.open();
    FakeSocket.last.ready();
    FakeSocket.last.drop();
    vi.advanceTimersByTime(999);
    const count = FakeSocket.instances.length;
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(count + 1);
  });

  it('draws each delay between half and all of its step', () => {
    expect(reconnectDelayMs(0, () => 0)).toBe(500);
    expect(reconnectDelayMs(3, () => 0.5)).toBe(6000);
    expect(reconnectDelayMs(20, () => 1)).toBe(30_000);
  });

  it('asks features to resync when ready after a reconnect, not on the first connection', () => {
    const resyncs = vi.fn();
    emitter.onResync(resyncs);
    client.start();
    FakeSocket.last.open();
    FakeSocket.last.ready();
    expect(resyncs).not.toHaveBeenCalled();
    // A re-auth on the same connection is no break.
    tokens.setTokens({ access_token: 'access-2', refresh_token: 'refresh-2' });
    FakeSocket.last.ready();
    expect(resyncs).not.toHaveBeenCalled();

    FakeSocket.last.drop();
    vi.advanceTimersByTime(1000);
    FakeSocket.last.open();
    expect(resyncs).not.toHaveBeenCalled();
    FakeSocket.last.ready();
    expect(resyncs).toHaveBeenCalledTimes(1);
  });

  it('tells when each connection is ready, the first included, but not on a re-auth', () => {
    const connected = vi.fn();
    emitter.onConnected(connected);
    client.start();
    FakeSocket.last.open();
    expect(connected).not.toHaveBeenCalled();
    FakeSocket.last.ready();
    expect(connected).toHaveBeenCalledTimes(1);
    tokens.setTokens({ access_token: 'access-2', refresh_token: 'refresh-2' });
    FakeSocket.last.ready();
    expect(connected).toHaveBeenCalledTimes(1);

    FakeSocket.last.drop();
    vi.advanceTimersByTime(1000);
    FakeSocket.last.open();
    FakeSocket.last.ready();
    expect(connected).toHaveBeenCalledTimes(2);
  });

  it('refreshes the token after a 4401 close and reconnects with the new one', async () => {
    client.start();
    FakeSocket.last.open();
    FakeSocket.last.drop(WS_CLOSE_UNAUTHENTICATED);
    await vi.waitFor(() => expect(renewAccessToken).toHaveBeenCalledWith('access-1'));
    expect(FakeSocket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.last.open();
    expect(FakeSocket.last.sent).toEqual([{ type: 'auth', token: 'access-2' }]);
  });

  it('closes when the user signs out and connects again at the next sign-in', () => {
    client.start();
    FakeSocket.last.open();
    FakeSocket.last.ready();
    const first = FakeSocket.last;
    tokens.clear();
    expect(first.closedWith).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);

    tokens.setTokens({ access_token: 'access-9', refresh_token: 'refresh-9' });
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.last.open();
    expect(FakeSocket.last.sent).toEqual([{ type: 'auth', token: 'access-9' }]);
  });

  it('does not connect without a token, nor after stop', () => {
    tokens.clear();
    client.start();
    expect(FakeSocket.instances).toHaveLength(0);
    client.stop();
    tokens.setTokens({ access_token: 'access-3', refresh_token: 'refresh-3' });
    expect(FakeSocket.instances).toHaveLength(0);
  });
});

describe('realtimeUrl', () => {
  it('turns the API base into a WebSocket address on the same or the configured host', () => {
    expect(realtimeUrl('/api/v1', 'http://localhost:3000')).toBe('ws://localhost:3000/api/v1/ws');
    expect(realtimeUrl('https://api.example.org/api/v1', 'http://localhost:5173')).toBe(
      'wss://api.example.org/api/v1/ws',
    );
  });
});
