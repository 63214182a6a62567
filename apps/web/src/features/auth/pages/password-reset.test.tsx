import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, jsonResponse, problemResponse } from '../../../../test/fake-api';
import { renderApp, testUser } from '../../../../test/render-app';

const accepted = () => jsonResponse({ status: 'accepted' }, 202);

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

describe('forgot and reset password, verify email', () => {
  it('asks for the email and answers the same whether or not it is known', async () => {
    const server = createFakeApi();
    server.route('POST', '/auth/forgot-password', accepted);
    renderApp('/auth/forgot-password', server);

    await userEvent.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Email'), 'ann@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(
      await screen.findByText(
        'If an account exists for this email, we have sent a link to reset the password.',
      ),
    ).toBeInTheDocument();
    expect(await server.callsTo('/auth/forgot-password')[0]!.json()).toEqual({
      email: 'ann@example.org',
    });
  });

  it('sets the new password from the mailed link and goes to login', async () => {
    const server = createFakeApi();
    server.route('POST', '/auth/reset-password', () => new Response(null, { status: 204 }));
    const { router } = renderApp('/auth/reset-password?token=mailed', server);

    await userEvent.type(await screen.findByLabelText('New password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.type(screen.getByLabelText('New password'), 'a new secret');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'a new secret');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(
      await screen.findByText('Your password has been reset. Please login.'),
    ).toBeInTheDocument();
    // The login page's code loads on the way: the page may change a moment after the toast.
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(await server.callsTo('/auth/reset-password')[0]!.json()).toEqual({
      token: 'mailed',
      password: 'a new secret',
    });
  });

  it('shows a too common password under the field and keeps the form', async () => {
    const server = createFakeApi();
    server.route('POST', '/auth/reset-password', tooCommonResponse);
    renderApp('/auth/reset-password?token=mailed', server);

    await userEvent.type(await screen.findByLabelText('New password'), 'password1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'password1');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(
      await screen.findByText('This password is too common; choose one that is harder to guess'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset password' })).toBeInTheDocument();
  });

  it('says when the reset link is invalid or expired', async () => {
    const server = createFakeApi();
    server.route('POST', '/auth/reset-password', () => problemResponse(400, 'invalid_token'));
    renderApp('/auth/reset-password?token=used', server);

    await userEvent.type(await screen.findByLabelText('New password'), 'a new secret');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'a new secret');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(
      await screen.findByText('This reset link is invalid or has expired.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeInTheDocument();
  });

  it('verifies the email from the mailed link', async () => {
    const server = createFakeApi();
    server.route('POST', '/auth/verify', () => jsonResponse(testUser()));
    renderApp('/auth/verify?token=mailed', server);

    expect(await screen.findByText('Your email has been verified.')).toBeInTheDocument();
    expect(server.callsTo('/auth/verify')).toHaveLength(1);
    expect(await server.callsTo('/auth/verify')[0]!.json()).toEqual({ token: 'mailed' });
  });

  it('says when the verification link is invalid or expired', async () => {
    const server = createFakeApi();
    server.route('POST', '/auth/verify', () => problemResponse(400, 'invalid_token'));
    renderApp('/auth/verify?token=old', server);
    expect(
      await screen.findByText('This verification link is invalid or has expired.'),
    ).toBeInTheDocument();
  });
});
