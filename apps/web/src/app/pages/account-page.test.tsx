import type { User } from '@household/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, jsonResponse, problemResponse } from '../../../test/fake-api';
import { renderApp, signInAs, testUser } from '../../../test/render-app';

const settings = {
  notifications: { email_notifications: true, list_updates: false, group_activities: true },
  preferences: { language: 'en', theme: 'auto', currency: 'EUR' },
};

function openAccount(user: User = testUser()) {
  const server = createFakeApi();
  signInAs(server, user);
  server.protectedRoute('GET', '/users/settings', () => jsonResponse(settings));
  return renderApp('/account', server);
}

const section = (name: string) => screen.findByRole('region', { name });

describe('account page (spec §2 Account settings)', () => {
  it('saves the profile', async () => {
    const { server } = openAccount();
    server.protectedRoute('PATCH', '/users/me', () => jsonResponse(testUser({ name: 'Ann B' })));
    const profile = await section('Profile');
    const name = within(profile).getByLabelText('Name');
    expect(name).toHaveValue('Ann Example');
    expect(within(profile).getByLabelText('Email')).toHaveValue('ann@example.org');

    await userEvent.clear(name);
    await userEvent.type(name, 'Ann B');
    await userEvent.click(within(profile).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(await server.callsTo('/users/me').at(-1)!.json()).toEqual({
      name: 'Ann B',
      email: 'ann@example.org',
    });
  });

  it('says Failed to update profile when saving fails', async () => {
    const { server } = openAccount();
    server.protectedRoute('PATCH', '/users/me', () => problemResponse(500, 'internal_error'));
    const profile = await section('Profile');
    await userEvent.click(within(profile).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
  });

  it('says Failed to load profile when the user cannot be fetched', async () => {
    const server = createFakeApi();
    signInAs(server);
    server.route('GET', '/users/me', () => problemResponse(404, 'not_found'));
    renderApp('/account', server);
    expect(await screen.findAllByText('Failed to load profile')).not.toHaveLength(0);
    expect(window.localStorage.getItem('token')).not.toBeNull();
  });

  describe('change password (spec §5)', () => {
    it('needs both the current and the new password', async () => {
      openAccount();
      const card = await section('Change password');
      await userEvent.click(within(card).getByRole('button', { name: 'Change password' }));
      expect(
        await within(card).findAllByText('Please fill in both current and new password fields'),
      ).toHaveLength(2);
    });

    it('needs a new password of at least 8 characters', async () => {
      openAccount();
      const card = await section('Change password');
      await userEvent.type(within(card).getByLabelText('Current password'), 'old-password');
      await userEvent.type(within(card).getByLabelText('New password'), 'short');
      await userEvent.click(within(card).getByRole('button', { name: 'Change password' }));
      expect(
        await within(card).findByText('New password must be at least 8 characters long'),
      ).toBeInTheDocument();
    });

    async function submitPasswords(card: HTMLElement) {
      await userEvent.type(within(card).getByLabelText('Current password'), 'old-password');
      await userEvent.type(within(card).getByLabelText('New password'), 'new-password');
      await userEvent.type(within(card).getByLabelText('Confirm new password'), 'new-password');
      await userEvent.click(within(card).getByRole('button', { name: 'Change password' }));
    }

    it('shows a wrong current password under that field', async () => {
      const { server } = openAccount();
      server.protectedRoute('POST', '/users/password', () =>
        problemResponse(400, 'invalid_credentials'),
      );
      const card = await section('Change password');
      await submitPasswords(card);

      expect(await within(card).findByText('Current password is incorrect')).toBeInTheDocument();
      expect(screen.getByText('Failed to change password')).toBeInTheDocument();
    });

    it('shows a new password that is too common under that field, and keeps the form', async () => {
      const { server } = openAccount();
      server.protectedRoute(
        'POST',
        '/users/password',
        () =>
          new Response(
            JSON.stringify({
              type: 'about:blank',
              title: 'Validation failed',
              status: 400,
              code: 'validation_failed',
              errors: [
                { path: 'new_password', code: 'password_too_common', message: 'too common' },
              ],
            }),
            { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
          ),
      );
      const card = await section('Change password');
      await submitPasswords(card);

      expect(
        await within(card).findByText(
          'This password is too common; choose one that is harder to guess',
        ),
      ).toBeInTheDocument();
      expect(within(card).getByLabelText('Current password')).toHaveValue('old-password');
      expect(screen.queryByText('Failed to change password')).not.toBeInTheDocument();
    });

    it('changes the password', async () => {
      const { server } = openAccount();
      server.protectedRoute('POST', '/users/password', () => new Response(null, { status: 204 }));
      const card = await section('Change password');
      await submitPasswords(card);

      expect(await screen.findByText('Password changed')).toBeInTheDocument();
      expect(await server.callsTo('/users/password')[0]!.json()).toEqual({
        current_password: 'old-password',
        new_password: 'new-password',
      });
      expect(within(card).getByLabelText('Current password')).toHaveValue('');
    });
  });

  it('saves the notification preferences', async () => {
    const { server } = openAccount();
    server.protectedRoute('PUT', '/users/notifications', () =>
      jsonResponse({ ...settings.notifications, list_updates: true }),
    );
    const card = await section('Notification preferences');
    const listUpdates = await within(card).findByLabelText('List updates');
    expect(within(card).getByLabelText('Email notifications')).toBeChecked();
    expect(listUpdates).not.toBeChecked();

    await userEvent.click(listUpdates);
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Preferences updated')).toBeInTheDocument();
    expect(await server.callsTo('/users/notifications')[0]!.json()).toEqual({
      email_notifications: true,
      list_updates: true,
      group_activities: true,
    });
  });

  it('saves the currency', async () => {
    const { server } = openAccount();
    server.protectedRoute('PUT', '/users/preferences', () => jsonResponse({}));
    const card = await section('Preferences');
    const currency = within(card).getByLabelText('Currency');
    await waitFor(() => expect(currency).toHaveValue('EUR'));

    await userEvent.selectOptions(currency, 'CHF');

    expect(await screen.findByText('Preferences updated')).toBeInTheDocument();
    expect(await server.callsTo('/users/preferences')[0]!.json()).toEqual({ currency: 'CHF' });
    expect(currency).toHaveValue('CHF');
  });

  describe('a guest', () => {
    const guest = testUser({ is_guest: true, name: null, email: null, is_verified: false });

    it('is offered to keep their data by creating an account instead of a password change', async () => {
      const { server } = openAccount(guest);
      server.protectedRoute('POST', '/auth/claim', () =>
        jsonResponse(testUser({ name: 'Ann', is_verified: false })),
      );
      const card = await section('Keep your data: create an account');
      expect(screen.queryByRole('region', { name: 'Change password' })).not.toBeInTheDocument();

      await userEvent.type(within(card).getByLabelText('Full name'), 'Ann');
      await userEvent.type(within(card).getByLabelText('Email'), 'ann@example.org');
      await userEvent.type(within(card).getByLabelText('Password'), 'long-enough');
      await userEvent.type(within(card).getByLabelText('Confirm password'), 'long-enough');
      await userEvent.click(within(card).getByRole('button', { name: 'Create account' }));

      expect(await screen.findByText('Your account has been created')).toBeInTheDocument();
      expect(await section('Change password')).toBeInTheDocument();
      expect(
        screen.queryByRole('region', { name: 'Keep your data: create an account' }),
      ).not.toBeInTheDocument();
      expect(await server.callsTo('/auth/claim')[0]!.json()).toEqual({
        name: 'Ann',
        email: 'ann@example.org',
        password: 'long-enough',
      });
    });

    it('deletes their account with a confirmation only', async () => {
      const { server, router } = openAccount(guest);
      server.protectedRoute('DELETE', '/users/me', () => new Response(null, { status: 204 }));
      const card = await section('Delete account');
      await userEvent.click(within(card).getByRole('button', { name: 'Delete account' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));

      await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
      expect(router.state.location.search).toBe('');
      expect(window.localStorage.getItem('token')).toBeNull();
      expect(await server.callsTo('/users/me').at(-1)!.json()).toEqual({});
    });
  });

  it('asks a registered user for the password to delete the account', async () => {
    const { server } = openAccount();
    server.protectedRoute('DELETE', '/users/me', () => problemResponse(400, 'invalid_credentials'));
    const card = await section('Delete account');
    await userEvent.click(within(card).getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    expect(await within(dialog).findByText('Password is required')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('Password'), 'wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));

    expect(await within(dialog).findByText('The password is incorrect')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).not.toBeNull();
  });

  it('offers to send a verification email while the email is not verified', async () => {
    const { server } = openAccount(testUser({ is_verified: false }));
    server.protectedRoute(
      'POST',
      '/auth/request-verify-token',
      () => new Response(JSON.stringify({ status: 'accepted' }), { status: 202 }),
    );
    expect(await screen.findByText('Your email is not verified')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send verification email' }));
    expect(
      await screen.findByText('Verification email sent. Please check your inbox.'),
    ).toBeInTheDocument();
  });

  describe('avatar', () => {
    const picture = (bytes: number, type = 'image/png') =>
      new File([new Uint8Array(bytes)], 'me.png', { type });

    it('uploads a picture as the multipart field file', async () => {
      const { server } = openAccount();
      server.protectedRoute('PUT', '/users/avatar', () =>
        jsonResponse(testUser({ avatar_url: '/api/v1/users/5/avatar' })),
      );
      const card = await section('Profile picture');
      const input = card.querySelector('input[type=file]') as HTMLInputElement;
      expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp');

      await userEvent.upload(input, picture(100));

      expect(await screen.findByText('Profile picture updated')).toBeInTheDocument();
      const body = await server.callsTo('/users/avatar')[0]!.formData();
      expect(body.get('file')).toMatchObject({ size: 100, type: 'image/png' });
      expect(within(card).getByRole('button', { name: 'Remove picture' })).toBeInTheDocument();
    });

    it('refuses a picture over 2 MB without sending it', async () => {
      const { server } = openAccount();
      const card = await section('Profile picture');
      const input = card.querySelector('input[type=file]') as HTMLInputElement;
      await userEvent.upload(input, picture(2 * 1024 * 1024 + 1));

      expect(
        await screen.findByText('The picture is too large. The maximum is 2 MB.'),
      ).toBeInTheDocument();
      expect(server.callsTo('/users/avatar')).toHaveLength(0);
    });

    it('explains an unsupported type refused by the server', async () => {
      const { server } = openAccount();
      server.protectedRoute('PUT', '/users/avatar', () =>
        problemResponse(415, 'unsupported_media_type'),
      );
      const card = await section('Profile picture');
      const input = card.querySelector('input[type=file]') as HTMLInputElement;
      await userEvent.upload(input, picture(10));

      expect(
        await screen.findByText('Please choose a PNG, JPEG or WebP picture.'),
      ).toBeInTheDocument();
    });
  });
});
