import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, jsonResponse, problemResponse } from '../../../../test/fake-api';
import { renderApp, testUser } from '../../../../test/render-app';
import { readCallbackTokens } from './AuthCallbackPage';

describe('auth callback (spec §2)', () => {
  it('reads the tokens from the query or the hash', () => {
    expect(readCallbackTokens('?token=a&refresh_token=r', '')).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
    });
    expect(readCallbackTokens('', '#access_token=a')).toEqual({
      accessToken: 'a',
      refreshToken: null,
    });
  });

  it('says No token provided without a token', async () => {
    renderApp('/auth/callback');
    expect(await screen.findAllByText('No token provided')).not.toHaveLength(0);
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('keeps the tokens once the user is known and goes to the redirect', async () => {
    const server = createFakeApi({ accessToken: 'a' });
    server.protectedRoute('GET', '/users/me', () => jsonResponse(testUser()));
    const { router } = renderApp(
      '/auth/callback?redirect=%2Fexpenses#access_token=a&refresh_token=r',
      server,
    );

    expect(await screen.findByRole('heading', { name: 'Expenses' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/expenses');
    expect(window.localStorage.getItem('token')).toBe('a');
    expect(window.localStorage.getItem('refreshToken')).toBe('r');
  });

  it('says Authentication failed when the token does not fetch the user', async () => {
    const server = createFakeApi();
    server.route('GET', '/users/me', () => problemResponse(401, 'unauthenticated'));
    renderApp('/auth/callback?token=bad', server);

    expect(await screen.findAllByText('Authentication failed')).not.toHaveLength(0);
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('shows Redirecting while it checks the token', async () => {
    const server = createFakeApi();
    server.route('GET', '/users/me', () => new Promise<Response>(() => undefined));
    renderApp('/auth/callback?token=slow', server);
    expect(await screen.findByText('Redirecting')).toBeInTheDocument();
  });
});
