import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, jsonResponse } from '../../../../test/fake-api';
import { renderApp, signInAs, testUser } from '../../../../test/render-app';
import { groupDetail } from '../../../../test/features/groups/fixtures';

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
  return renderApp('/groups/1', server);
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
