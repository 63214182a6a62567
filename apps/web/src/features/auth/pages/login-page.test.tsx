import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, jsonResponse, problemResponse } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';

const SEND_LINK = 'Email me a sign-in link';
const LINK_SENT =
  'If an account uses this address, we sent it a link. Open it on this device to sign in.';
const tokenPair = { access_token: 'a', refresh_token: 'r', token_type: 'bearer', expires_in: 900 };

describe('login page (spec §2, §5)', () => {
  it('shows the spec texts when submitted empty', async () => {
    renderApp('/auth/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('rejects an email without the right format', async () => {
    renderApp('/auth/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
  });

  it('reaches the show-password toggle by Tab, names it, and shows the password with it', async () => {
    renderApp('/auth/login');
    const user = userEvent.setup();
    const password = await screen.findByLabelText('Password');
    await user.click(password);
    await user.tab();
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.keyboard('{Enter}');
    expect(password).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard(' ');
    expect(password).toHaveAttribute('type', 'password');
  });

  it('offers sign-up, password reset and guest login', async () => {
    renderApp('/auth/login?redirect=%2Fgroups');
    expect(await screen.findByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      '/auth/signup?redirect=%2Fgroups',
    );
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/auth/forgot-password',
    );
    expect(screen.getByRole('button', { name: 'Continue as guest' })).toBeInTheDocument();
  });

  it('says so when the credentials are wrong', async () => {
    const server = createFakeApi();
    server.route('POST', '/auth/jwt/login', () => problemResponse(400, 'invalid_credentials'));
    renderApp('/auth/login', server);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ann@example.org');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(
      await screen.findByText('Login failed. Please check your credentials.'),
    ).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('tells a rate-limited user how many minutes to wait', async () => {
    const server = createFakeApi();
    server.route('POST', '/auth/jwt/login', () =>
      problemResponse(429, 'rate_limited', { 'Retry-After': '130' }),
    );
    renderApp('/auth/login', server);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ann@example.org');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(
      await screen.findByText('Too many attempts, try again in 3 minutes'),
    ).toBeInTheDocument();
  });

  it('offers a mailed sign-in link only once a login is slowed, and sends the typed email', async () => {
    const server = createFakeApi();
    server.route('POST', '/auth/jwt/login', () => problemResponse(400, 'invalid_credentials'));
    server.route('POST', '/auth/unlock-request', () => jsonResponse({ status: 'accepted' }, 202));
    renderApp('/auth/login', server);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ann@example.org');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByText('Login failed. Please check your credentials.');
    expect(screen.queryByRole('button', { name: SEND_LINK })).not.toBeInTheDocument();

    server.route('POST', '/auth/jwt/login', () =>
      problemResponse(429, 'rate_limited', { 'Retry-After': '30' }),
    );
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const offer = await screen.findByRole('status');
    expect(offer).toHaveTextContent(/must wait/);
    await user.click(within(offer).getByRole('button', { name: SEND_LINK }));

    expect(await within(offer).findByText(LINK_SENT)).toBeInTheDocument();
    expect(within(offer).queryByRole('button', { name: SEND_LINK })).not.toBeInTheDocument();
    const [sent] = server.callsTo('/auth/unlock-request');
    expect(await sent!.json()).toEqual({ email: 'ann@example.org' });
  });

  it('says how long to wait when sign-in links were asked for too often', async () => {
    const server = createFakeApi();
    server.route('POST', '/auth/jwt/login', () =>
      problemResponse(429, 'rate_limited', { 'Retry-After': '30' }),
    );
    server.route('POST', '/auth/unlock-request', () =>
      problemResponse(429, 'rate_limited', { 'Retry-After': '300' }),
    );
    renderApp('/auth/login', server);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ann@example.org');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.click(await screen.findByRole('button', { name: SEND_LINK }));

    expect(
      await screen.findByText('Too many attempts, try again in 5 minutes'),
    ).toBeInTheDocument();
    expect(screen.queryByText(LINK_SENT)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: SEND_LINK })).toBeInTheDocument();
  });

  it('signs in as a guest', async () => {
    const server = createFakeApi();
    server.route('POST', '/auth/guest', () => jsonResponse(tokenPair, 201));
    server.route('GET', '/users/me', () => jsonResponse({}));
    const { router } = renderApp('/auth/login', server);
    await userEvent.click(await screen.findByRole('button', { name: 'Continue as guest' }));

    expect(await screen.findByRole('heading', { name: 'My Lists' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/lists');
    expect(window.localStorage.getItem('token')).toBe('a');
    expect(window.localStorage.getItem('refreshToken')).toBe('r');
  });
});
