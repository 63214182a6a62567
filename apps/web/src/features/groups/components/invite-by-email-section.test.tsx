import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, jsonResponse, problemResponse } from '../../../../test/fake-api';
import { renderApp, signInAs, testUser } from '../../../../test/render-app';
import { groupDetail, invitation } from '../../../../test/features/groups/fixtures';

/** The group page of a member who is, or is not, a guest. */
function openGroupAs(isGuest: boolean) {
  const server = createFakeApi();
  signInAs(server, testUser({ is_guest: isGuest }));
  server.protectedRoute('GET', '/groups/1', () => jsonResponse(groupDetail()));
  server.protectedRoute('GET', '/groups/1/invites', () => jsonResponse(null));
  server.protectedRoute('GET', '/invites', () => jsonResponse([]));
  server.protectedRoute('GET', '/groups/1/activity', () =>
    jsonResponse({ items: [], next_cursor: null }),
  );
  server.protectedRoute('GET', '/groups/1/lists', () => jsonResponse([]));
  server.protectedRoute('GET', '/groups/1/expenses', () =>
    jsonResponse({ items: [], next_cursor: null, totals: [] }),
  );
  server.protectedRoute('GET', '/groups/1/chores', () =>
    jsonResponse({ items: [], next_cursor: null }),
  );
  renderApp('/groups/1', server);
  return server;
}

describe('invite by email (docs/groups.md: guests cannot invite by email)', () => {
  it('a guest sees why instead of the form, and still the pending invitations', async () => {
    openGroupAs(true);
    const section = await screen.findByRole('region', { name: 'Invite by email' });
    expect(
      await within(section).findByText(
        'Guests cannot invite by email. Create an account to invite people; the invite code works for everyone.',
      ),
    ).toBeInTheDocument();
    expect(within(section).queryByLabelText('Email')).not.toBeInTheDocument();
    expect(
      within(section).queryByRole('button', { name: 'Invite by email' }),
    ).not.toBeInTheDocument();
    expect(await within(section).findByText('No pending invitations')).toBeInTheDocument();
  });

  it('a member with an account gets the form and no hint', async () => {
    openGroupAs(false);
    const section = await screen.findByRole('region', { name: 'Invite by email' });
    expect(within(section).getByLabelText('Email')).toBeInTheDocument();
    expect(within(section).queryByText(/Guests cannot invite/)).not.toBeInTheDocument();
  });
});

describe('invite by email answers the same for any address (docs/groups.md)', () => {
  it('shows one success message naming the address, and lists the invitation by address', async () => {
    const server = openGroupAs(false);
    const sent = invitation({
      id: 11,
      group: { id: 1, name: 'Flat 3B' },
      email: 'new@example.org',
    });
    server.protectedRoute('POST', '/invites', () => {
      server.protectedRoute('GET', '/invites', () => jsonResponse([sent]));
      return jsonResponse(sent, 201);
    });
    const section = await screen.findByRole('region', { name: 'Invite by email' });
    await userEvent.type(within(section).getByLabelText('Email'), 'new@example.org');
    await userEvent.click(within(section).getByRole('button', { name: 'Invite by email' }));
    expect(await screen.findByText('Invitation sent to new@example.org')).toBeInTheDocument();
    const row = await within(section).findByTestId('invitation-row');
    expect(within(row).getByText('new@example.org')).toBeInTheDocument();
    expect(within(row).getByText('Invited by Dana Inviter')).toBeInTheDocument();
    expect(screen.queryByText('No account uses this email')).not.toBeInTheDocument();
  });

  it('a conflict (a member or a pending invitation) is named on the field', async () => {
    const server = openGroupAs(false);
    server.protectedRoute('POST', '/invites', () => problemResponse(409, 'conflict'));
    const section = await screen.findByRole('region', { name: 'Invite by email' });
    await userEvent.type(within(section).getByLabelText('Email'), 'mia@example.org');
    await userEvent.click(within(section).getByRole('button', { name: 'Invite by email' }));
    expect(
      await within(section).findByText(
        'This address belongs to a member or has a pending invitation',
      ),
    ).toBeInTheDocument();
  });
});
