import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, jsonResponse, problemResponse } from '../../../test/fake-api';
import { renderApp, signInAs, testUser } from '../../../test/render-app';

function navigation(name = 'Main navigation') {
  return screen.getByRole('navigation', { name });
}

describe('main layout', () => {
  it('links to Lists, Groups, Chores, Expenses and Account', async () => {
    const server = createFakeApi();
    signInAs(server);
    renderApp('/lists', server);
    await screen.findByRole('heading', { name: 'My Lists' });
    const links = within(navigation()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Lists', '/lists'],
      ['Groups', '/groups'],
      ['Chores', '/chores'],
      ['Expenses', '/expenses'],
      ['Account', '/account'],
    ]);
  });

  it.each([
    ['the name', testUser(), 'Ann Example'],
    ['User ID and the id without a name', testUser({ name: null }), 'User ID 5'],
    ['Guest for a guest', testUser({ is_guest: true, name: null, email: null }), 'Guest'],
  ])('shows %s', async (_, user, text) => {
    const server = createFakeApi();
    signInAs(server, user);
    renderApp('/lists', server);
    const mainNavigation = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(await within(mainNavigation).findByText(text)).toBeInTheDocument();
  });

  it('applies the theme saved in the preferences on a device without its own choice', async () => {
    const server = createFakeApi();
    signInAs(server);
    server.protectedRoute('GET', '/users/settings', () =>
      jsonResponse({
        notifications: { email_notifications: true, list_updates: true, group_activities: true },
        preferences: { language: 'en', theme: 'dark', currency: 'EUR' },
      }),
    );
    renderApp('/lists', server);
    await waitFor(() =>
      expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark'),
    );
  });

  it('keeps the theme chosen on this device over the saved one', async () => {
    window.localStorage.setItem('theme', 'light');
    const server = createFakeApi();
    signInAs(server);
    renderApp('/lists', server);
    await screen.findByRole('heading', { name: 'My Lists' });
    expect(server.callsTo('/users/settings')).toHaveLength(0);
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light');
  });

  it('logs out: revokes the session, clears the tokens and goes to the login page', async () => {
    const server = createFakeApi();
    signInAs(server);
    server.protectedRoute('POST', '/auth/jwt/logout', () => new Response(null, { status: 204 }));
    const { router } = renderApp('/groups', server);

    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.search).toBe('');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('refreshToken')).toBeNull();
    expect(await server.callsTo('/auth/jwt/logout')[0]!.json()).toEqual({
      refresh_token: 'refresh-1',
    });
  });

  it('logs the next user in right after a logout, on the same page', async () => {
    const server = createFakeApi();
    signInAs(server);
    server.protectedRoute('POST', '/auth/jwt/logout', () => new Response(null, { status: 204 }));
    server.route('POST', '/auth/jwt/login', () =>
      jsonResponse({
        access_token: server.state.accessToken,
        refresh_token: server.state.refreshToken,
        token_type: 'bearer',
        expires_in: 900,
      }),
    );
    const { router } = renderApp('/groups', server);
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(window.localStorage.getItem('token')).toBeNull());

    await userEvent.type(await screen.findByLabelText('Email'), 'bob@example.org');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'My Lists' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/lists');
  });

  it('logs out on this device even when the server cannot be reached', async () => {
    const server = createFakeApi();
    signInAs(server);
    server.route('POST', '/auth/jwt/logout', () => problemResponse(500, 'internal_error'));
    const { router } = renderApp('/groups', server);

    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('switches the language, remembers it and saves it to the profile', async () => {
    const server = createFakeApi();
    signInAs(server);
    server.protectedRoute('PATCH', '/users/me', () => jsonResponse(testUser({ locale: 'de' })));
    renderApp('/lists', server);
    await screen.findByRole('heading', { name: 'My Lists' });

    await userEvent.selectOptions(within(navigation()).getByLabelText('Language'), 'de');

    expect(await screen.findByRole('heading', { name: 'Meine Listen' })).toBeInTheDocument();
    expect(
      within(navigation('Hauptnavigation')).getByRole('link', { name: 'Gruppen' }),
    ).toBeInTheDocument();
    expect(window.localStorage.getItem('locale')).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    await waitFor(() =>
      expect(server.callsTo('/users/me').some((r) => r.method === 'PATCH')).toBe(true),
    );
    const patch = server.callsTo('/users/me').find((r) => r.method === 'PATCH')!;
    expect(await patch.json()).toEqual({ locale: 'de' });
  });

  it('shows a signed-in user the language saved in their profile', async () => {
    const server = createFakeApi();
    signInAs(server, testUser({ locale: 'fr' }));
    renderApp('/lists', server);
    expect(await screen.findByRole('heading', { name: 'Mes listes' })).toBeInTheDocument();
  });

  it('switches the theme and saves it to the preferences', async () => {
    const server = createFakeApi();
    signInAs(server);
    server.protectedRoute('PUT', '/users/preferences', (request) =>
      request.clone().json().then(jsonResponse),
    );
    renderApp('/lists', server);
    await screen.findByRole('heading', { name: 'My Lists' });

    await userEvent.selectOptions(within(navigation()).getByLabelText('Theme'), 'dark');

    await waitFor(() =>
      expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark'),
    );
    expect(window.localStorage.getItem('theme')).toBe('dark');
    await waitFor(() => expect(server.callsTo('/users/preferences')).toHaveLength(1));
    expect(await server.callsTo('/users/preferences')[0]!.json()).toEqual({ theme: 'dark' });
  });

  describe('while the device is offline', () => {
    let online = true;
    const setOnline = (value: boolean) =>
      act(() => {
        online = value;
        window.dispatchEvent(new Event(value ? 'online' : 'offline'));
      });
    afterEach(() => {
      // Back to jsdom's own getter on the prototype.
      delete (window.navigator as { onLine?: boolean }).onLine;
    });

    it('says so on every page, and stops when the connection returns', async () => {
      Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
      const server = createFakeApi();
      signInAs(server);
      const { router } = renderApp('/lists', server);
      await screen.findByRole('heading', { name: 'My Lists' });
      expect(screen.queryByText('You are offline')).not.toBeInTheDocument();

      setOnline(false);
      const notice = screen.getByRole('status', { name: 'You are offline' });
      expect(notice).toHaveTextContent('other changes need a connection');
      await act(() => router.navigate('/account'));
      expect(screen.getByRole('status', { name: 'You are offline' })).toBeInTheDocument();

      setOnline(true);
      expect(screen.queryByRole('status', { name: 'You are offline' })).not.toBeInTheDocument();
    });
  });
});
