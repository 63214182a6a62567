import type { ErrorCode } from '@household/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, jsonResponse, problemResponse } from '../../../../test/fake-api';
import { renderApp, signInAs, testUser } from '../../../../test/render-app';

const NEW_EMAIL = 'ann@new.example.org';

/** The account page; PATCH /users/me answers with `answer` for the body it was sent. */
function openAccount(answer: (body: Record<string, unknown>) => Response) {
  const server = createFakeApi();
  signInAs(server);
  server.protectedRoute('GET', '/users/settings', () =>
    jsonResponse({
      notifications: { email_notifications: true, list_updates: true, group_activities: true },
      preferences: { language: 'en', theme: 'auto', currency: 'EUR' },
    }),
  );
  server.protectedRoute('PATCH', '/users/me', async (request) =>
    answer((await request.clone().json()) as Record<string, unknown>),
  );
  return renderApp('/account', server);
}

const profile = () => screen.findByRole('region', { name: 'Profile' });
const passwordField = (card: HTMLElement) => within(card).queryByLabelText(/^Current password/);

async function changeEmail(card: HTMLElement, password?: string) {
  const email = within(card).getByLabelText('Email');
  await userEvent.clear(email);
  await userEvent.type(email, NEW_EMAIL);
  if (password) await userEvent.type(passwordField(card)!, password);
  await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
}

describe('the profile card: an email change', () => {
  it('asks for the current password only while the email differs', async () => {
    openAccount(() => jsonResponse(testUser()));
    const card = await profile();
    await waitFor(() =>
      expect(within(card).getByLabelText('Email')).toHaveValue('ann@example.org'),
    );
    expect(passwordField(card)).not.toBeInTheDocument();

    const email = within(card).getByLabelText('Email');
    await userEvent.clear(email);
    await userEvent.type(email, NEW_EMAIL);
    expect(passwordField(card)).toBeInTheDocument();
    expect(within(card).getByText('Needed to change your email address')).toBeInTheDocument();

    await userEvent.clear(email);
    // The same address in other letters is no change.
    await userEvent.type(email, 'ANN@example.org');
    expect(passwordField(card)).not.toBeInTheDocument();
  });

  it('sends the password with the new email and shows the pending notice', async () => {
    const { server } = openAccount(() => jsonResponse(testUser({ pending_email: NEW_EMAIL })));
    const card = await profile();
    await waitFor(() =>
      expect(within(card).getByLabelText('Email')).toHaveValue('ann@example.org'),
    );
    await changeEmail(card, 'my password');

    expect(await within(card).findByRole('status')).toHaveTextContent(
      `A confirmation link was sent to ${NEW_EMAIL}. Until you open it, your email stays ann@example.org.`,
    );
    const [patch] = server.callsTo('/users/me').filter((call) => call.method === 'PATCH');
    expect(await patch!.json()).toEqual({
      name: 'Ann Example',
      email: NEW_EMAIL,
      current_password: 'my password',
    });
  });

  it.each<[ErrorCode, number, string]>([
    ['invalid_credentials', 400, 'The password is not correct'],
    ['reauthentication_required', 403, 'Confirm your password to make this change'],
  ])('shows %s at the password field', async (code, status, text) => {
    openAccount(() => problemResponse(status, code));
    const card = await profile();
    await waitFor(() =>
      expect(within(card).getByLabelText('Email')).toHaveValue('ann@example.org'),
    );
    await changeEmail(card, code === 'invalid_credentials' ? 'wrong' : undefined);

    expect(await within(card).findByText(text)).toBeInTheDocument();
    expect(passwordField(card)).toHaveAccessibleDescription(expect.stringContaining(text));
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
  });

  it('shows a taken address at the email field', async () => {
    openAccount(() => problemResponse(409, 'email_taken'));
    const card = await profile();
    await waitFor(() =>
      expect(within(card).getByLabelText('Email')).toHaveValue('ann@example.org'),
    );
    await changeEmail(card, 'my password');
    expect(
      await within(card).findByText('An account with this email already exists'),
    ).toBeInTheDocument();
    expect(within(card).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });
});
