import { PROBLEM_CONTENT_TYPE, type ErrorCode } from '@household/contracts';
import { vi } from 'vitest';
import { apiBaseUrl, createApiClient } from '../src/lib/api-client';
import { createTokenStore } from '../src/lib/token-store';

/** A problem+json answer, as the server sends it. */
export function problemResponse(status: number, code: ErrorCode, headers: HeadersInit = {}) {
  return new Response(
    JSON.stringify({ type: 'about:blank', title: code, status, code, detail: `${code} detail` }),
    { status, headers: { 'Content-Type': PROBLEM_CONTENT_TYPE, ...headers } },
  );
}

export function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

type Handler = (request: Request) => Response | Promise<Response>;

/**
 * A stand-in for the API server's session rules: one valid access token at a time, refresh
 * tokens rotated on use, 401 for anything else. Routes are matched by method and path.
 */
export function createFakeApi({
  accessToken = 'access-1',
  refreshToken = 'refresh-1',
  refreshFails = false,
}: { accessToken?: string; refreshToken?: string; refreshFails?: boolean } = {}) {
  const state = { accessToken, refreshToken, generation: 1 };
  const routes = new Map<string, Handler>();
  const requests: Request[] = [];

  const isAuthorized = (request: Request) =>
    request.headers.get('Authorization') === `Bearer ${state.accessToken}`;

  routes.set('POST /api/v1/auth/jwt/refresh', async (request) => {
    const body = (await request.json()) as { refresh_token?: string };
    if (refreshFails || body.refresh_token !== state.refreshToken) {
      return problemResponse(401, 'invalid_token');
    }
    state.generation += 1;
    state.accessToken = `access-${state.generation}`;
    state.refreshToken = `refresh-${state.generation}`;
    return jsonResponse({
      access_token: state.accessToken,
      refresh_token: state.refreshToken,
      token_type: 'bearer',
      expires_in: 900,
    });
  });

  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(new URL(String(input), 'http://localhost'), init);
    requests.push(request.clone());
    const { pathname } = new URL(request.url);
    const handler = routes.get(`${request.method} ${pathname}`);
    if (!handler) return problemResponse(404, 'not_found');
    return handler(request);
  });

  return {
    fetch: fetch as unknown as typeof globalThis.fetch,
    requests,
    state,
    /** Answers only a caller with the current access token, like every protected route. */
    protectedRoute(method: string, path: string, handler: Handler) {
      routes.set(`${method} /api/v1${path}`, (request) =>
        isAuthorized(request) ? handler(request) : problemResponse(401, 'unauthenticated'),
      );
    },
    route(method: string, path: string, handler: Handler) {
      routes.set(`${method} /api/v1${path}`, handler);
    },
    callsTo(path: string) {
      return requests.filter((request) => new URL(request.url).pathname === `/api/v1${path}`);
    },
  };
}

/** An API client wired to a fake server the way the app wires it to the real one. */
export function connectClient(server: ReturnType<typeof createFakeApi>) {
  const tokens = createTokenStore();
  const onUnauthenticated = vi.fn();
  const api = createApiClient({
    baseUrl: apiBaseUrl(''),
    tokens,
    onUnauthenticated,
    fetch: server.fetch,
  });
  return { tokens, onUnauthenticated, api };
}
