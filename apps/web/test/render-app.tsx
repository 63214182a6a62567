import type { User } from '@household/contracts';
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { AppRouter } from '../src/app/AppRouter';
import { AppProviders } from '../src/app/providers';
import { routes } from '../src/app/router';
import { createQueryClient } from '../src/lib/query-client';
import { connectClient, createFakeApi, jsonResponse } from './fake-api';

export const testUser = (overrides: Partial<User> = {}): User => ({
  id: 5,
  name: 'Ann Example',
  email: 'ann@example.org',
  is_guest: false,
  is_verified: true,
  avatar_url: null,
  locale: 'en',
  timezone: 'Europe/Berlin',
  created_at: '2025-03-12T10:00:00.000Z',
  ...overrides,
});

/** Signs in as `user` on the fake server: tokens in storage, GET /users/me answers. */
export function signInAs(server: ReturnType<typeof createFakeApi>, user: User = testUser()) {
  window.localStorage.setItem('token', server.state.accessToken);
  window.localStorage.setItem('refreshToken', server.state.refreshToken);
  server.protectedRoute('GET', '/users/me', () => jsonResponse(user));
}

/** The whole app (routes, guard, providers) at `path`, talking to a fake API server. */
export function renderApp(path: string, server = createFakeApi()) {
  const { tokens, onUnauthenticated, api } = connectClient(server);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders api={api} tokens={tokens} queryClient={createQueryClient()}>
      <AppRouter router={router} />
    </AppProviders>,
  );
  return { ...view, router, server, tokens, onUnauthenticated };
}
