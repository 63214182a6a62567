import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, jsonResponse, problemResponse } from '../../../../test/fake-api';
import { renderApp, signInAs, testUser } from '../../../../test/render-app';
import { groupSummary, invitation } from '../../../../test/features/groups/fixtures';

function openGroups(groups: unknown = [], pending: unknown = []) {
  const server = createFakeApi();
  signInAs(server);
  server.protectedRoute('GET', '/groups', () =>
    typeof groups === 'function' ? (groups as () => Response)() : jsonResponse(groups),
  );
  server.protectedRoute('GET', '/invites/pending', () => jsonResponse(pending));
  return renderApp('/groups', server);
}

async function openCreateDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Create group' }));
  return screen.findByRole('dialog', { name: 'Create group' });
}

describe('groups page (spec §2 Groups page)', () => {
  it('explains groups and offers to create one or join one when the user has none', async () => {
    openGroups();
    expect(await screen.findByText('You are not in a group yet')).toBeInTheDocument();
    expect(screen.getByText(/A group is your household/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create group' })).toBeInTheDocument();
    expect(screen.getByLabelText('Invite code')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join group' })).toBeInTheDocument();
  });

  it('shows a card per group with its member count, my role and a new-list button', async () => {
    openGroups([
      groupSummary({ id: 1, name: 'Flat 3B', my_role: 'member', member_count: 3 }),
      groupSummary({ id: 2, name: 'Solo', my_role: 'owner', member_count: 1 }),
    ]);
    const flat = await screen.findByRole('article', { name: 'Flat 3B' });
    expect(within(flat).getByText('3 members')).toBeInTheDocument();
    expect(within(flat).getByText('Member')).toBeInTheDocument();
    expect(within(flat).getByRole('link', { name: 'Flat 3B' })).toHaveAttribute(
      'href',
      '/groups/1',
    );
    expect(within(flat).getByRole('link', { name: 'New list' })).toHaveAttribute(
      'href',
      '/groups/1/lists?new=1',
    );
    const solo = screen.getByRole('article', { name: 'Solo' });
    expect(within(solo).getByText('1 member')).toBeInTheDocument();
    expect(within(solo).getByText('Owner')).toBeInTheDocument();
  });

  describe('create group', () => {
    it('needs a group name', async () => {
      const { server } = openGroups();
      const dialog = await openCreateDialog();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
      expect(await within(dialog).findByText('Group name is required')).toBeInTheDocument();
      expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
    });

    it('creates the group in the preferred currency and shows its card', async () => {
      const { server } = openGroups();
      server.protectedRoute('GET', '/users/preferences', () =>
        jsonResponse({ language: 'en', theme: 'auto', currency: 'CHF' }),
      );
      const created = groupSummary({ id: 9, name: 'Climbing club', currency: 'CHF' });
      server.protectedRoute('POST', '/groups', () => {
        server.protectedRoute('GET', '/groups', () => jsonResponse([created]));
        return jsonResponse(created, 201);
      });
      const dialog = await openCreateDialog();
      const currency = within(dialog).getByLabelText('Currency');
      await waitFor(() => expect(currency).toHaveValue('CHF'));

      await userEvent.type(within(dialog).getByLabelText(/Group name/), 'Climbing club');
      await userEvent.type(within(dialog).getByLabelText('Description'), 'Tuesdays');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));

      expect(await screen.findByText('Group created')).toBeInTheDocument();
      expect(await screen.findByRole('article', { name: 'Climbing club' })).toBeInTheDocument();
      expect(
        await server
          .callsTo('/groups')
          .find((r) => r.method === 'POST')!
          .json(),
      ).toEqual({
        name: 'Climbing club',
        description: 'Tuesdays',
        currency: 'CHF',
      });
    });

    it('defaults to EUR without a saved preference', async () => {
      openGroups();
      const dialog = await openCreateDialog();
      expect(within(dialog).getByLabelText('Currency')).toHaveValue('EUR');
    });

    it('says so when the group cannot be created', async () => {
      const { server } = openGroups();
      server.protectedRoute('POST', '/groups', () => problemResponse(500, 'internal_error'));
      const dialog = await openCreateDialog();
      await userEvent.type(within(dialog).getByLabelText(/Group name/), 'Flat');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
      expect(
        await screen.findByText('Failed to create group. Please try again.'),
      ).toBeInTheDocument();
    });
  });

  describe('join with an invite code', () => {
    it('needs a code', async () => {
      const { server } = openGroups();
      await userEvent.click(await screen.findByRole('button', { name: 'Join group' }));
      expect(await screen.findByText('Invite code is required')).toBeInTheDocument();
      expect(server.callsTo('/groups/join')).toHaveLength(0);
    });

    it('explains a code the server does not know', async () => {
      const { server } = openGroups();
      server.protectedRoute('POST', '/groups/join', () =>
        problemResponse(404, 'invalid_invite_code'),
      );
      await userEvent.type(await screen.findByLabelText('Invite code'), 'WRONGCODE2');
      await userEvent.click(screen.getByRole('button', { name: 'Join group' }));
      expect(
        await screen.findByText(
          'Failed to join group. Please check the invite code and try again.',
        ),
      ).toBeInTheDocument();
    });

    it('tells a person removed from the group to ask for a new invitation', async () => {
      const { server } = openGroups();
      server.protectedRoute('POST', '/groups/join', () =>
        problemResponse(403, 'removed_from_group'),
      );
      await userEvent.type(await screen.findByLabelText('Invite code'), 'ABCDE23456');
      await userEvent.click(screen.getByRole('button', { name: 'Join group' }));
      expect(
        await screen.findByText(
          'You were removed from this group. Ask a member to invite you again.',
        ),
      ).toBeInTheDocument();
    });

    it('sends the code without case, spaces or dashes and opens the group', async () => {
      const { server, router } = openGroups();
      server.protectedRoute('POST', '/groups/join', () =>
        jsonResponse({ group: groupSummary({ id: 9, name: 'Flat 3B' }), joined: true }),
      );
      await userEvent.type(await screen.findByLabelText('Invite code'), 'abcde-23456');
      await userEvent.click(screen.getByRole('button', { name: 'Join group' }));

      await waitFor(() => expect(router.state.location.pathname).toBe('/groups/9'));
      expect(await screen.findByText('You joined Flat 3B')).toBeInTheDocument();
      expect(await server.callsTo('/groups/join')[0]!.json()).toEqual({ code: 'ABCDE23456' });
    });
  });

  it('says Failed to load groups and loads again on Retry', async () => {
    const { server } = openGroups(() => problemResponse(403, 'forbidden'));
    // On the page and in a toast, which is drawn once the toast code is in.
    await waitFor(() => expect(screen.getAllByText('Failed to load groups')).toHaveLength(2));

    server.protectedRoute('GET', '/groups', () => jsonResponse([groupSummary()]));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Flat 3B' })).toBeInTheDocument();
  });

  it('names an answer that does not match the contract', async () => {
    openGroups([{ id: 'one', name: 3 }]);
    // On the page and in a toast, which is drawn once the toast code is in.
    await waitFor(() =>
      expect(screen.getAllByText('Invalid data received from server.')).toHaveLength(2),
    );
  });

  it('lists my pending invitations to accept or decline', async () => {
    const { server } = openGroups(
      [],
      [invitation({ id: 3 }), invitation({ id: 4, group: { id: 5, name: 'Book club' } })],
    );
    server.protectedRoute('POST', '/invites/accept/3', () => {
      server.protectedRoute('GET', '/invites/pending', () =>
        jsonResponse([invitation({ id: 4, group: { id: 5, name: 'Book club' } })]),
      );
      return jsonResponse({ group: groupSummary({ id: 4, name: 'Beach trip' }), joined: true });
    });
    server.protectedRoute('POST', '/invites/decline/4', () => {
      server.protectedRoute('GET', '/invites/pending', () => jsonResponse([]));
      return jsonResponse(invitation({ id: 4, status: 'declined' }));
    });

    const section = await screen.findByRole('region', { name: 'Invitations' });
    const rows = within(section).getAllByTestId('invitation-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Beach trip');
    expect(rows[0]).toHaveTextContent('Invited by Dana Inviter');

    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('You joined Beach trip')).toBeInTheDocument();
    await waitFor(() => expect(within(section).getAllByTestId('invitation-row')).toHaveLength(1));

    await userEvent.click(within(section).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Invitation declined')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Invitations' })).not.toBeInTheDocument(),
    );
  });

  it('tells an account whose address is not verified to verify it to see invitations sent to it', async () => {
    const server = createFakeApi();
    signInAs(server, testUser({ is_verified: false }));
    server.protectedRoute('GET', '/groups', () => jsonResponse([]));
    server.protectedRoute('GET', '/invites/pending', () => jsonResponse([]));
    renderApp('/groups', server);
    expect(
      await screen.findByText('Verify your email address to see the invitations sent to it.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Invitations' })).not.toBeInTheDocument();
  });

  it('a verified account with no invitations sees no hint', async () => {
    openGroups();
    expect(await screen.findByText('You are not in a group yet')).toBeInTheDocument();
    expect(screen.queryByText(/Verify your email address/)).not.toBeInTheDocument();
  });
});
