import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, jsonResponse } from '../../test/fake-api';
import { renderApp, signInAs } from '../../test/render-app';

const pathOf = (router: ReturnType<typeof renderApp>['router']) => {
  const { pathname, search, hash } = router.state.location;
  return `${pathname}${search}${hash}`;
};

describe('route guard (spec §2)', () => {
  it('sends a visitor without a token to the login page with the full original path', async () => {
    const { router } = renderApp('/groups/5/chores?view=calendar#today');

    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    const redirect = new URLSearchParams(router.state.location.search).get('redirect');
    expect(redirect).toBe('/groups/5/chores?view=calendar#today');
  });

  it('sends a visitor of / to the login page with / as the redirect, like every other path', async () => {
    const { router } = renderApp('/');
    await screen.findByRole('button', { name: 'Login' });
    expect(pathOf(router)).toBe('/auth/login?redirect=%2F');
  });

  it('never signs a visitor in from tokens in a URL: /auth/callback is no page', async () => {
    const server = createFakeApi();
    // A crafted link with someone else's tokens (login CSRF): the app must not take them.
    server.protectedRoute('GET', '/users/me', () => jsonResponse({ id: 666, name: 'Mallory' }));
    const { router, tokens } = renderApp(
      '/auth/callback?access_token=stolen-access&refresh_token=stolen-refresh',
      server,
    );

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/callback');
    expect(tokens.getAccessToken()).toBeNull();
    expect(tokens.getRefreshToken()).toBeNull();
    expect(server.callsTo('/users/me')).toHaveLength(0);
  });

  it('sends a signed-in user who opens /auth/login to /, which shows My Lists', async () => {
    const server = createFakeApi();
    signInAs(server);
    const { router } = renderApp('/auth/login', server);

    expect(await screen.findByRole('heading', { name: 'My Lists' })).toBeInTheDocument();
    expect(pathOf(router)).toBe('/lists');
  });

  it.each(['/auth/signup'])('sends a signed-in user away from %s', async (path) => {
    const server = createFakeApi();
    signInAs(server);
    const { router } = renderApp(path, server);
    await screen.findByRole('heading', { name: 'My Lists' });
    expect(pathOf(router)).toBe('/lists');
  });

  it('sends a signed-in user on the login page on to a same-site redirect', async () => {
    const server = createFakeApi();
    signInAs(server);
    const { router } = renderApp('/auth/login?redirect=%2Fgroups%3Ftab%3D2', server);
    await screen.findByRole('heading', { name: 'Groups' });
    expect(pathOf(router)).toBe('/groups?tab=2');
  });

  it.each(['//evil.example', 'https://evil.example/x', '/\\evil.example'])(
    'ignores the redirect %s, which leaves the site',
    async (redirect) => {
      const server = createFakeApi();
      signInAs(server);
      const { router } = renderApp(`/auth/login?redirect=${encodeURIComponent(redirect)}`, server);
      await screen.findByRole('heading', { name: 'My Lists' });
      expect(pathOf(router)).toBe('/lists');
    },
  );

  it('keeps password reset and email verification reachable when signed in', async () => {
    const server = createFakeApi();
    signInAs(server);
    const { router } = renderApp('/auth/forgot-password', server);
    expect(await screen.findByRole('button', { name: 'Send reset link' })).toBeInTheDocument();
    expect(pathOf(router)).toBe('/auth/forgot-password');
  });

  it('returns to the original path after logging in', async () => {
    const server = createFakeApi();
    server.route('POST', '/auth/jwt/login', () =>
      jsonResponse({
        access_token: server.state.accessToken,
        refresh_token: server.state.refreshToken,
        token_type: 'bearer',
        expires_in: 900,
      }),
    );
    signInAs(server);
    window.localStorage.clear();
    const { router } = renderApp('/groups/7/lists', server);
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Email'), 'ann@example.org');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'Lists for 7' })).toBeInTheDocument();
    expect(pathOf(router)).toBe('/groups/7/lists');
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    const login = server.callsTo('/auth/jwt/login')[0]!;
    expect(await login.text()).toBe('username=ann%40example.org&password=secret-password');
  });

  it('shows the 404 page with a Go Home link for an unknown path', async () => {
    const server = createFakeApi();
    signInAs(server);
    renderApp('/no/such/page', server);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  });

  it('treats a route id that is not a number as an unknown path', async () => {
    const server = createFakeApi();
    signInAs(server);
    renderApp('/lists/abc', server);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('redirects / to /lists for a signed-in user', async () => {
    const server = createFakeApi();
    signInAs(server);
    const { router } = renderApp('/', server);
    await waitFor(() => expect(router.state.location.pathname).toBe('/lists'));
  });
});
