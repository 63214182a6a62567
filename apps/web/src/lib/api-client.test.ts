import { ZHealth } from '@household/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectClient, createFakeApi, jsonResponse, problemResponse } from '../../test/fake-api';
import { ApiError, apiBaseUrl, BUSY_READ_RETRIES, buildQuery, createApiClient } from './api-client';
import { useRetryingBusyServer } from './busy-server';
import { act, renderHook } from '@testing-library/react';
import { createTokenStore } from './token-store';

function setup(options: Parameters<typeof createFakeApi>[0] = {}) {
  const server = createFakeApi(options);
  return { server, ...connectClient(server) };
}

function storeTokens(accessToken: string | null, refreshToken: string | null) {
  if (accessToken) window.localStorage.setItem('token', accessToken);
  if (refreshToken) window.localStorage.setItem('refreshToken', refreshToken);
}

describe('api client requests', () => {
  it('sends the stored access token as Bearer, with credentials, under /api/v1', async () => {
    const { server, api } = setup();
    storeTokens('access-1', 'refresh-1');
    server.protectedRoute('GET', '/users/me', () => jsonResponse({ id: 1 }));

    await expect(api.get('/users/me')).resolves.toEqual({ id: 1 });

    const [url, init] = vi.mocked(server.fetch).mock.calls[0]!;
    expect(url).toBe('/api/v1/users/me');
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer access-1');
  });

  it('answers a picture as a Blob, its bytes untouched, when asked to', async () => {
    const { server, api } = setup();
    storeTokens('access-1', 'refresh-1');
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x80, 0x00]);
    server.protectedRoute(
      'GET',
      '/ocr/image/7',
      () => new Response(bytes, { headers: { 'Content-Type': 'image/jpeg' } }),
    );

    const blob = await api.get<Blob>('/ocr/image/7', { blob: true });
    expect(blob.type).toBe('image/jpeg');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
  });

  it('puts the API host from the runtime config in front of /api/v1', () => {
    expect(apiBaseUrl('')).toBe('/api/v1');
    expect(apiBaseUrl('https://api.example.org/')).toBe('https://api.example.org/api/v1');
  });

  it('sends array query parameters as repeated keys and leaves out empty ones', async () => {
    expect(buildQuery({ status: ['open', 'done'], limit: 2, cursor: undefined, q: null })).toBe(
      '?status=open&status=done&limit=2',
    );
    expect(buildQuery({})).toBe('');

    const { server, api } = setup();
    server.route('GET', '/lists', () => jsonResponse([]));
    await api.get('/lists', { query: { id: [1, 2, 3] } });
    expect(server.requests[0]!.url).toBe('http://localhost/api/v1/lists?id=1&id=2&id=3');
  });

  it('sends JSON bodies as JSON, the login as a form and uploads as multipart', async () => {
    const { server, api } = setup();
    server.route('POST', '/auth/register', () => jsonResponse({}, 201));
    server.route('POST', '/auth/jwt/login', () => jsonResponse({}));
    server.route('PUT', '/users/avatar', () => jsonResponse({}));

    await api.post('/auth/register', { json: { name: 'Ann' } });
    await api.post('/auth/jwt/login', { form: { username: 'ann@example.org', password: 'pw' } });
    const formData = new FormData();
    formData.append('file', new Blob(['png'], { type: 'image/png' }), 'a.png');
    await api.put('/users/avatar', { formData });

    const [register, login, avatar] = server.requests;
    expect(register!.headers.get('Content-Type')).toBe('application/json');
    expect(await register!.text()).toBe('{"name":"Ann"}');
    expect(login!.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(await login!.text()).toBe('username=ann%40example.org&password=pw');
    expect(avatar!.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('answers 204 with undefined and validates answers against their contract', async () => {
    const { server, api } = setup();
    server.route('POST', '/auth/jwt/logout', () => new Response(null, { status: 204 }));
    server.route('GET', '/health', () => jsonResponse({ status: 'broken' }));

    await expect(api.post('/auth/jwt/logout')).resolves.toBeUndefined();
    await expect(api.get('/health', { schema: ZHealth })).rejects.toThrow();
  });

  it('validates against a contract picked from the contracts loaded on demand', async () => {
    const { server, api } = setup();
    server.route('GET', '/health', () => jsonResponse({ status: 'ok' }));
    await expect(api.get('/health', { schema: (c) => c.ZHealth })).resolves.toEqual({
      status: 'ok',
    });
    server.route('GET', '/health', () => jsonResponse({ status: 'broken' }));
    await expect(api.get('/health', { schema: (c) => c.ZHealth })).rejects.toThrow();
  });
});

describe('api client errors', () => {
  it('parses a problem+json answer into an ApiError with status, code and problem', async () => {
    const { server, api } = setup();
    server.route('POST', '/auth/register', () => problemResponse(409, 'email_taken'));

    const error = await api.post('/auth/register', { json: {} }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'email_taken',
      message: 'email_taken detail',
      problem: { type: 'about:blank', title: 'email_taken', status: 409, code: 'email_taken' },
    });
  });

  it('keeps the field errors of a validation problem', async () => {
    const { server, api } = setup();
    const errors = [{ path: 'email', code: 'invalid_format', message: 'Invalid email format' }];
    server.route('POST', '/auth/register', () =>
      jsonResponse(
        { type: 'about:blank', title: 'Invalid', status: 422, code: 'validation_failed', errors },
        422,
      ),
    );

    await expect(api.post('/auth/register', { json: {} })).rejects.toMatchObject({
      code: 'validation_failed',
      problem: { errors },
    });
  });

  it('reads Retry-After of a 429 answer', async () => {
    const { server, api } = setup();
    server.route('POST', '/auth/jwt/login', () =>
      problemResponse(429, 'rate_limited', { 'Retry-After': '120' }),
    );

    await expect(api.post('/auth/jwt/login', { form: {} })).rejects.toMatchObject({
      status: 429,
      code: 'rate_limited',
      retryAfterSeconds: 120,
    });
  });

  it('derives a code from the status when the answer is not problem+json', async () => {
    const { server, api } = setup();
    server.route(
      'PUT',
      '/users/avatar',
      () => new Response('<html>too big</html>', { status: 413 }),
    );
    server.route('GET', '/health', () => new Response('Bad gateway', { status: 502 }));

    await expect(api.put('/users/avatar')).rejects.toMatchObject({ code: 'payload_too_large' });
    await expect(api.get('/health')).rejects.toMatchObject({ status: 502, code: 'internal_error' });
  });
});

describe('api client and a busy server (503 with Retry-After)', () => {
  const busy = () => problemResponse(503, 'service_unavailable', { 'Retry-After': '2' });

  beforeEach(() => {
    vi.useFakeTimers();
    // The longest jitter: Retry-After plus half again.
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('sends a refused read again after Retry-After and some jitter, saying meanwhile that it retries', async () => {
    const { server, api } = setup();
    let answers = 0;
    server.route('GET', '/groups/1/expenses', () => (answers++ < 2 ? busy() : jsonResponse([])));
    const retrying = renderHook(() => useRetryingBusyServer());

    const read = api.get('/groups/1/expenses');
    await vi.advanceTimersByTimeAsync(0);
    expect(server.callsTo('/groups/1/expenses')).toHaveLength(1);
    expect(retrying.result.current).toBe(true);
    // Not before Retry-After (2 s), and within its jitter (up to 3 s).
    await vi.advanceTimersByTimeAsync(1999);
    expect(server.callsTo('/groups/1/expenses')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.callsTo('/groups/1/expenses')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(3000);

    await expect(read).resolves.toEqual([]);
    expect(server.callsTo('/groups/1/expenses')).toHaveLength(3);
    await act(async () => {});
    expect(retrying.result.current).toBe(false);
  });

  it(`gives up after ${BUSY_READ_RETRIES} tries more and fails with the 503`, async () => {
    const { server, api } = setup();
    server.route('GET', '/lists', busy);
    const read = api.get('/lists');
    const failed = expect(read).rejects.toMatchObject({
      status: 503,
      code: 'service_unavailable',
      retryAfterSeconds: 2,
    });
    await vi.advanceTimersByTimeAsync(BUSY_READ_RETRIES * 3000);
    await failed;
    expect(server.callsTo('/lists')).toHaveLength(1 + BUSY_READ_RETRIES);
  });

  it('does not send a write again (the outbox resends list changes with their keys)', async () => {
    const { server, api } = setup();
    server.route('POST', '/lists', busy);
    await expect(api.post('/lists', { json: { name: 'Shop' } })).rejects.toMatchObject({
      status: 503,
    });
    expect(server.callsTo('/lists')).toHaveLength(1);
  });

  it('stops waiting when the read is cancelled', async () => {
    const { server, api } = setup();
    server.route('GET', '/lists', busy);
    const abort = new AbortController();
    const read = api.get('/lists', { signal: abort.signal });
    const cancelled = expect(read).rejects.toThrow();
    await vi.advanceTimersByTimeAsync(500);
    abort.abort();
    await cancelled;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(server.callsTo('/lists')).toHaveLength(1);
  });
});

describe('api client token refresh (spec §8)', () => {
  beforeEach(() => window.localStorage.clear());

  it('five concurrent requests with an expired token share ONE refresh and all succeed', async () => {
    const { server, api, tokens } = setup({ accessToken: 'access-1' });
    storeTokens('expired', 'refresh-1');
    server.protectedRoute('GET', '/lists', () => jsonResponse({ ok: true }));

    const results = await Promise.all(Array.from({ length: 5 }, () => api.get('/lists')));

    expect(results).toEqual(Array(5).fill({ ok: true }));
    expect(server.callsTo('/auth/jwt/refresh')).toHaveLength(1);
    const withNewToken = server
      .callsTo('/lists')
      .filter((request) => request.headers.get('Authorization') === 'Bearer access-2');
    expect(withNewToken).toHaveLength(5);
    expect(tokens.getAccessToken()).toBe('access-2');
    expect(tokens.getRefreshToken()).toBe('refresh-2');
  });

  it('a request whose 401 arrives after another refresh retries with the new token', async () => {
    const { server, api } = setup();
    storeTokens('expired', 'refresh-1');
    let releaseSlow: () => void = () => undefined;
    const slowAnswered = new Promise<void>((resolve) => (releaseSlow = resolve));
    server.protectedRoute('GET', '/fast', () => jsonResponse('fast'));
    server.route('GET', '/slow', async (request) => {
      const authorized =
        request.headers.get('Authorization') === `Bearer ${server.state.accessToken}`;
      if (authorized) return jsonResponse('slow');
      await slowAnswered;
      return problemResponse(401, 'unauthenticated');
    });

    const slow = api.get('/slow');
    await expect(api.get('/fast')).resolves.toBe('fast');
    releaseSlow();

    await expect(slow).resolves.toBe('slow');
    expect(server.callsTo('/auth/jwt/refresh')).toHaveLength(1);
  });

  it('two tabs whose token expired together refresh once and both carry on', async () => {
    const server = createFakeApi();
    storeTokens('expired', 'refresh-1');
    server.protectedRoute('GET', '/lists', () => jsonResponse('ok'));
    // One browser: one lock and one local storage, each tab with its own client and token store.
    let queue = Promise.resolve();
    const browserLock = <T>(task: () => Promise<T>) => {
      const run = queue.then(task);
      queue = run.then(
        () => undefined,
        () => undefined,
      );
      return run;
    };
    const tab = () =>
      createApiClient({
        baseUrl: apiBaseUrl(''),
        tokens: createTokenStore(window.localStorage),
        onUnauthenticated: vi.fn(),
        fetch: server.fetch,
        lock: browserLock,
      });

    await expect(Promise.all([tab().get('/lists'), tab().get('/lists')])).resolves.toEqual([
      'ok',
      'ok',
    ]);
    expect(server.callsTo('/auth/jwt/refresh')).toHaveLength(1);
    expect(window.localStorage.getItem('refreshToken')).toBe('refresh-2');
  });

  it('a failed refresh clears both tokens and goes to the login page', async () => {
    const { server, api, tokens, onUnauthenticated } = setup({ refreshFails: true });
    storeTokens('expired', 'refresh-1');
    server.protectedRoute('GET', '/lists', () => jsonResponse([]));

    await expect(api.get('/lists')).rejects.toMatchObject({ status: 401 });

    expect(server.callsTo('/auth/jwt/refresh')).toHaveLength(1);
    expect(tokens.getAccessToken()).toBeNull();
    expect(tokens.getRefreshToken()).toBeNull();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('refreshToken')).toBeNull();
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it('without a refresh token it clears the tokens and goes to login without refreshing', async () => {
    const { server, api, tokens, onUnauthenticated } = setup();
    storeTokens('expired', null);
    server.protectedRoute('GET', '/lists', () => jsonResponse([]));

    await expect(api.get('/lists')).rejects.toMatchObject({ status: 401 });

    expect(server.callsTo('/auth/jwt/refresh')).toHaveLength(0);
    expect(tokens.getAccessToken()).toBeNull();
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it('a request retried after a refresh that gets 401 again does not refresh a second time', async () => {
    const { server, api, onUnauthenticated } = setup();
    storeTokens('expired', 'refresh-1');
    server.route('GET', '/lists', () => problemResponse(401, 'unauthenticated'));

    await expect(api.get('/lists')).rejects.toMatchObject({ status: 401 });

    expect(server.callsTo('/auth/jwt/refresh')).toHaveLength(1);
    expect(server.callsTo('/lists')).toHaveLength(2);
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });

  it.each(['/auth/jwt/login', '/auth/register', '/auth/guest', '/auth/jwt/refresh'])(
    'never refreshes on the auth endpoint %s',
    async (path) => {
      const { server, api, tokens, onUnauthenticated } = setup();
      storeTokens('access-1', 'refresh-1');
      server.route('POST', path, () => problemResponse(401, 'invalid_credentials'));

      await expect(api.post(path, { json: {} })).rejects.toMatchObject({ status: 401 });

      expect(server.callsTo('/auth/jwt/refresh')).toHaveLength(
        path === '/auth/jwt/refresh' ? 1 : 0,
      );
      expect(tokens.getAccessToken()).toBe('access-1');
      expect(onUnauthenticated).not.toHaveBeenCalled();
    },
  );

  it('refreshes on 403 only when the caller asks for it', async () => {
    const { server, api } = setup();
    storeTokens('expired', 'refresh-1');
    server.route('GET', '/users/me', (request) =>
      request.headers.get('Authorization') === `Bearer ${server.state.accessToken}`
        ? jsonResponse({ id: 1 })
        : problemResponse(403, 'forbidden'),
    );

    await expect(api.get('/users/me')).rejects.toMatchObject({ status: 403 });
    expect(server.callsTo('/auth/jwt/refresh')).toHaveLength(0);

    await expect(api.get('/users/me', { refreshOn: [401, 403] })).resolves.toEqual({ id: 1 });
    expect(server.callsTo('/auth/jwt/refresh')).toHaveLength(1);
  });

  it('an explicit access token is used as given and never refreshed', async () => {
    const { server, api, tokens } = setup();
    storeTokens('access-1', 'refresh-1');
    server.protectedRoute('GET', '/users/me', () => jsonResponse({ id: 1 }));

    await expect(api.get('/users/me', { accessToken: 'from-callback' })).rejects.toMatchObject({
      status: 401,
    });

    expect(server.requests[0]!.headers.get('Authorization')).toBe('Bearer from-callback');
    expect(server.callsTo('/auth/jwt/refresh')).toHaveLength(0);
    expect(tokens.getAccessToken()).toBe('access-1');
  });

  it('a network failure during the refresh keeps the session', async () => {
    const { server, api, tokens, onUnauthenticated } = setup();
    storeTokens('expired', 'refresh-1');
    server.protectedRoute('GET', '/lists', () => jsonResponse([]));
    server.route('POST', '/auth/jwt/refresh', () => Promise.reject(new TypeError('offline')));

    await expect(api.get('/lists')).rejects.toThrow('offline');

    expect(tokens.getRefreshToken()).toBe('refresh-1');
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });

  it('a refresh answered by a proxy without its server (502) keeps the session', async () => {
    const { server, api, tokens, onUnauthenticated } = setup();
    storeTokens('expired', 'refresh-1');
    server.protectedRoute('GET', '/lists', () => jsonResponse([]));
    server.route('POST', '/auth/jwt/refresh', () => new Response('Bad Gateway', { status: 502 }));

    await expect(api.get('/lists')).rejects.toMatchObject({ status: 502 });

    expect(tokens.getAccessToken()).toBe('expired');
    expect(tokens.getRefreshToken()).toBe('refresh-1');
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });
});
