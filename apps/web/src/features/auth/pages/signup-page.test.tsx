import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, jsonResponse, problemResponse } from '../../../../test/fake-api';
import { renderApp, testUser } from '../../../../test/render-app';

async function fillIn(values: Record<string, string>) {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(values)) {
    await user.type(await screen.findByLabelText(label), value);
  }
  await user.click(screen.getByRole('button', { name: 'Sign up' }));
}

/** The server's answer to a password on its list of the most common ones. */
const tooCommonResponse = () =>
  new Response(
    JSON.stringify({
      type: 'about:blank#validation_failed',
      title: 'Validation failed',
      status: 400,
      code: 'validation_failed',
      errors: [{ path: 'password', code: 'password_too_common', message: 'too common' }],
    }),
    { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
  );

describe('sign-up page (spec §2, §5)', () => {
  it('shows the spec texts when submitted empty', async () => {
    renderApp('/auth/signup');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign up' }));

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
  });

  it('asks for 8 characters and a matching confirmation', async () => {
    renderApp('/auth/signup');
    await fillIn({
      'Full name': 'Ann',
      Email: 'ann@',
      Password: 'short',
      'Confirm password': 'other',
    });
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
  });

  it('says when the passwords do not match', async () => {
    renderApp('/auth/signup');
    await fillIn({
      'Full name': 'Ann',
      Email: 'ann@example.org',
      Password: 'long-enough',
      'Confirm password': 'long-enougH',
    });
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
  });

  it('creates the account with locale and time zone, then goes to login keeping the redirect', async () => {
    const server = createFakeApi();
    server.route('POST', '/auth/register', () => jsonResponse(testUser(), 201));
    const { router } = renderApp('/auth/signup?redirect=%2Fchores', server);
    await fillIn({
      'Full name': 'Ann Example',
      Email: 'Ann@Example.org',
      Password: 'long-enough',
      'Confirm password': 'long-enough',
    });

    expect(
      await screen.findByText('Account created successfully. Please login.'),
    ).toBeInTheDocument();
    // The login page's code loads on the way: the page may change a moment after the toast.
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fchores');
    const body = await server.callsTo('/auth/register')[0]!.json();
    expect(body).toEqual({
      name: 'Ann Example',
      email: 'Ann@Example.org',
      password: 'long-enough',
      locale: 'en',
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('shows a too common password under the password field', async () => {
    const server = createFakeApi();
    server.route('POST', '/auth/register', tooCommonResponse);
    renderApp('/auth/signup', server);
    await fillIn({
      'Full name': 'Ann',
      Email: 'ann@example.org',
      Password: 'password1',
      'Confirm password': 'password1',
    });

    expect(
      await screen.findByText('This password is too common; choose one that is harder to guess'),
    ).toBeInTheDocument();
  });

  it('shows a taken email under the email field', async () => {
    const server = createFakeApi();
    server.route('POST', '/auth/register', () => problemResponse(409, 'email_taken'));
    renderApp('/auth/signup', server);
    await fillIn({
      'Full name': 'Ann',
      Email: 'ann@example.org',
      Password: 'long-enough',
      'Confirm password': 'long-enough',
    });

    expect(
      await screen.findByText('An account with this email already exists'),
    ).toBeInTheDocument();
    expect(screen.getByText('Signup failed. Please try again.')).toBeInTheDocument();
  });
});
