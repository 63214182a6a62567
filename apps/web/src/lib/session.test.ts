import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectClient, createFakeApi, jsonResponse, problemResponse } from '../../test/fake-api';
import { renderApp, testUser } from '../../test/render-app';
import { LIST_SNAPSHOT_KEY } from './list-snapshot';
import { fetchCurrentUser } from './session';

function setup() {
  const server = createFakeApi();
  return { server, ...connectClient(server) };
}

describe('fetching the current user at start (spec §8)', () => {
  it('has no user and asks nothing without a stored token', async () => {
    const { server, api, tokens } = setup();
    await expect(fetchCurrentUser(api, tokens)).resolves.toBeNull();
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('fetches the user when a token is stored', async () => {
    const { server, api, tokens } = setup();
    tokens.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' });
    server.protectedRoute('GET', '/users/me', () => jsonResponse(testUser()));
    await expect(fetchCurrentUser(api, tokens)).resolves.toEqual(testUser());
  });

  it.each([401, 403])('starts the refresh logic on %s', async (status) => {
    const { server, api, tokens } = setup();
    tokens.setTokens({ access_token: 'expired', refresh_token: 'refresh-1' });
    server.route('GET', '/users/me', (request) =>
      request.headers.get('Authorization') === `Bearer ${server.state.accessToken}`
        ? jsonResponse(testUser())
        : problemResponse(status, status === 401 ? 'unauthenticated' : 'forbidden'),
    );
    server.state.accessToken = 'access-1';

    await expect(fetchCurrentUser(api, tokens)).resolves.toEqual(testUser());
    expect(server.callsTo('/auth/jwt/refresh')).toHaveLength(1);
    expect(tokens.getAccessToken()).toBe('access-2');
  });

  it('ends the session when the refresh fails', async () => {
    const { server, api, tokens, onUnauthenticated } = setup();
    tokens.setTokens({ access_token: 'expired', refresh_token: 'unknown' });
    server.protectedRoute('GET', '/users/me', () => jsonResponse(testUser()));

    await expect(fetchCurrentUser(api, tokens)).rejects.toMatchObject({ status: 401 });
    expect(tokens.getAccessToken()).toBeNull();
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it('keeps the token on any other error and yields no user', async () => {
    const { server, api, tokens, onUnauthenticated } = setup();
    tokens.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' });
    server.route('GET', '/users/me', () => problemResponse(500, 'internal_error'));

    await expect(fetchCurrentUser(api, tokens)).rejects.toMatchObject({ status: 500 });
    expect(tokens.getAccessToken()).toBe('access-1');
    expect(server.callsTo('/auth/jwt/refresh')).toHaveLength(0);
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });
});

describe('signing out (docs/offline.md)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("empties the service worker's cache of API reads, keyed by URL and not by person", async () => {
    const deleteCache = vi.fn(async () => true);
    vi.stubGlobal('caches', { delete: deleteCache });
    const { tokens } = renderApp('/auth/login');
    tokens.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' });
    expect(deleteCache).not.toHaveBeenCalled();

    tokens.clear();
    await waitFor(() => expect(deleteCache).toHaveBeenCalledWith('api-reads'));
  });

  it("forgets the list the first paint's outline would show (lib/first-paint.ts)", async () => {
    const { tokens } = renderApp('/auth/login');
    tokens.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' });
    const snapshot = { list: 1, name: 'Weekly shop', items: [{ name: 'Milk', done: false }] };
    window.localStorage.setItem(LIST_SNAPSHOT_KEY, JSON.stringify(snapshot));

    tokens.clear();
    await waitFor(() => expect(window.localStorage.getItem(LIST_SNAPSHOT_KEY)).toBeNull());
  });
});
