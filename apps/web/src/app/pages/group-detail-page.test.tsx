import type { Group, GroupRole } from '@household/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, jsonResponse, problemResponse } from '../../../test/fake-api';
import { formatDate } from '../../lib/format';
import { renderApp, signInAs, testUser } from '../../../test/render-app';
import {
  activityEntry,
  groupDetail,
  inviteCode,
  invitation,
  person,
} from '../../../test/features/groups/fixtures';

function openGroup(
  group: Group | (() => Response) = groupDetail(),
  { code = null, lists = [] }: { code?: unknown; lists?: unknown[] } = {},
) {
  const server = createFakeApi();
  signInAs(server);
  server.protectedRoute('GET', '/groups/1', () =>
    typeof group === 'function' ? group() : jsonResponse(group),
  );
  server.protectedRoute('GET', '/groups/1/invites', () => jsonResponse(code));
  server.protectedRoute('GET', '/invites', () => jsonResponse([]));
  server.protectedRoute('GET', '/groups/1/activity', () =>
    jsonResponse({ items: [], next_cursor: null }),
  );
  server.protectedRoute('GET', '/groups/1/lists', () => jsonResponse(lists));
  server.protectedRoute('GET', '/groups/1/expenses', () =>
    jsonResponse({ items: [], next_cursor: null, totals: [] }),
  );
  server.protectedRoute('GET', '/groups/1/chores', () =>
    jsonResponse({ items: [], next_cursor: null }),
  );
  return renderApp('/groups/1', server);
}

const memberRow = async (name: string) =>
  (await screen.findAllByTestId('member-row')).find((row) => row.textContent?.includes(name))!;

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

afterEach(() => {
  Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
});

describe('group detail page (spec §2 Group detail)', () => {
  it('shows the group with its members and their roles', async () => {
    openGroup(groupDetail('member'));
    expect(await screen.findByRole('heading', { name: 'Flat 3B' })).toBeInTheDocument();
    expect(screen.getByText('Our shared flat')).toBeInTheDocument();
    const rows = await screen.findAllByTestId('member-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Cleo Owner'),
      expect.stringContaining('Ann Example'),
      expect.stringContaining('Bob Member'),
    ]);
    expect(within(rows[0]!).getByText('Owner')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Member')).toBeInTheDocument();
    // A member manages nobody (docs/groups.md).
    expect(screen.queryByLabelText('Role')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit group' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete group' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave group' })).toBeInTheDocument();
  });

  it('links to the group lists, chores and expenses', async () => {
    openGroup();
    expect(await screen.findByText('No lists in this group yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage Lists' })).toHaveAttribute(
      'href',
      '/groups/1/lists',
    );
    const chores = screen.getByRole('region', { name: 'Upcoming chores' });
    expect(within(chores).getByRole('link', { name: 'Manage Chores' })).toHaveAttribute(
      'href',
      '/groups/1/chores',
    );
    const expenses = screen.getByRole('region', { name: 'Recent expenses' });
    expect(within(expenses).getByRole('link', { name: 'Manage Expenses' })).toHaveAttribute(
      'href',
      '/groups/1/expenses',
    );
  });

  it('lists the group lists with their progress, each a link to the list', async () => {
    openGroup(groupDetail(), {
      lists: [
        {
          id: 3,
          name: 'Weekly shop',
          description: '',
          group: { id: 1, name: 'Flat 3B' },
          created_by: null,
          status: 'active',
          shop: '',
          currency: 'EUR',
          item_count: 4,
          done_count: 1,
          total_cents: 0,
          created_at: '2025-03-12T10:00:00.000Z',
          updated_at: '2025-03-12T10:00:00.000Z',
          version: 1,
        },
      ],
    });
    const lists = await screen.findByRole('region', { name: 'Lists' });
    expect(await within(lists).findByRole('link', { name: 'Weekly shop' })).toHaveAttribute(
      'href',
      '/lists/3',
    );
    expect(within(lists).getByText('1/4 done')).toBeInTheDocument();
    expect(within(lists).queryByText('No lists in this group yet')).not.toBeInTheDocument();
  });

  it.each<[GroupRole, string[], boolean]>([
    ['owner', ['member', 'admin', 'owner'], true],
    ['admin', ['member', 'admin'], false],
  ])(
    'lets an %s change roles to %j; touching an owner: %s',
    async (myRole, options, touchesOwner) => {
      openGroup(groupDetail(myRole));
      const bob = await memberRow('Bob Member');
      const role = within(bob).getByLabelText('Role');
      expect([...role.querySelectorAll('option')].map((option) => option.value)).toEqual(options);
      expect(within(bob).getByRole('button', { name: 'Remove member' })).toBeInTheDocument();

      const cleo = await memberRow('Cleo Owner');
      expect(within(cleo).queryByLabelText('Role') !== null).toBe(touchesOwner);
      expect(within(cleo).queryByRole('button', { name: 'Remove member' }) !== null).toBe(
        touchesOwner,
      );
      // Removing oneself is leaving, which has its own button.
      const me = await memberRow('Ann Example');
      expect(within(me).queryByRole('button', { name: 'Remove member' })).toBeNull();
    },
  );

  it('changes a role', async () => {
    const { server } = openGroup(groupDetail('admin'));
    server.protectedRoute('PUT', '/groups/1/members/6', () =>
      jsonResponse({ ...groupDetail().members[2], role: 'admin' }),
    );
    const bob = await memberRow('Bob Member');
    await userEvent.selectOptions(within(bob).getByLabelText('Role'), 'admin');
    expect(await screen.findByText('Role changed')).toBeInTheDocument();
    expect(await server.callsTo('/groups/1/members/6')[0]!.json()).toEqual({ role: 'admin' });
  });

  it('lets an admin set a default weight, saved when the field is left', async () => {
    const { server } = openGroup(groupDetail('admin'));
    server.protectedRoute('PUT', '/groups/1/members/6/weight', () =>
      jsonResponse({ ...groupDetail().members[2], share_weight: 50 }),
    );
    const weight = await screen.findByRole('textbox', {
      name: 'Default weight of Bob Member in shares, in percent',
    });
    await userEvent.clear(weight);
    await userEvent.type(weight, '50');
    await userEvent.tab();
    expect(await screen.findByText('Weight saved')).toBeInTheDocument();
    expect(await server.callsTo('/groups/1/members/6/weight')[0]!.json()).toEqual({
      share_weight: 50,
    });
  });

  it('shows units to a member, and lets an owner join two members in one', async () => {
    const couple = {
      id: 4,
      name: 'Ann & Bob',
      members: [person(5, 'Ann Example'), person(6, 'Bob Member')],
    };
    openGroup(groupDetail('member', { units: [couple] }));
    const units = await screen.findByRole('region', { name: 'Units' });
    expect(within(units).getByRole('group', { name: 'Ann & Bob' })).toHaveTextContent(
      'Ann Example, Bob Member',
    );
    expect(within(units).queryByRole('button', { name: 'Create a unit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Default weight/ })).not.toBeInTheDocument();
  });

  it('creates a unit from two members', async () => {
    const { server } = openGroup(groupDetail('owner'));
    server.protectedRoute('POST', '/groups/1/units', () =>
      jsonResponse(
        { id: 4, name: 'Ann & Bob', members: [person(5, 'Ann Example'), person(6, 'Bob Member')] },
        201,
      ),
    );
    const units = await screen.findByRole('region', { name: 'Units' });
    await userEvent.click(within(units).getByRole('button', { name: 'Create a unit' }));
    await userEvent.type(within(units).getByLabelText('Name'), 'Ann & Bob');
    await userEvent.click(within(units).getByRole('button', { name: 'Save unit' }));
    expect(within(units).getByRole('alert')).toHaveTextContent('Choose two or more members.');
    await userEvent.click(within(units).getByRole('checkbox', { name: 'Ann Example' }));
    await userEvent.click(within(units).getByRole('checkbox', { name: 'Bob Member' }));
    await userEvent.click(within(units).getByRole('button', { name: 'Save unit' }));
    expect(await screen.findByText('Unit saved')).toBeInTheDocument();
    expect(await server.callsTo('/groups/1/units')[0]!.json()).toEqual({
      name: 'Ann & Bob',
      member_ids: [5, 6],
    });
  });

  it('removes a member after a confirmation', async () => {
    const { server } = openGroup();
    server.protectedRoute('DELETE', '/groups/1/members/6', () => {
      const group = groupDetail();
      server.protectedRoute('GET', '/groups/1', () =>
        jsonResponse({ ...group, members: group.members.slice(0, 2), member_count: 2 }),
      );
      return new Response(null, { status: 204 });
    });
    const bob = await memberRow('Bob Member');
    await userEvent.click(within(bob).getByRole('button', { name: 'Remove member' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Bob Member will no longer be a member of this group.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove member' }));

    expect(await screen.findByText('Member removed')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('member-row')).toHaveLength(2));
  });

  it('says Failed to remove member when the server refuses', async () => {
    const { server } = openGroup();
    server.protectedRoute('DELETE', '/groups/1/members/6', () =>
      problemResponse(500, 'internal_error'),
    );
    const bob = await memberRow('Bob Member');
    await userEvent.click(within(bob).getByRole('button', { name: 'Remove member' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove member' }));
    expect(await screen.findByText('Failed to remove member')).toBeInTheDocument();
  });

  describe('invite code (spec §4)', () => {
    it('generates a code and copies it and its join link', async () => {
      const { server } = openGroup();
      server.protectedRoute('POST', '/groups/1/invites', () =>
        jsonResponse(inviteCode('NEWCODE234'), 201),
      );
      const writeText = vi.fn(() => Promise.resolve());
      stubClipboard(writeText);
      const section = await screen.findByRole('region', { name: 'Invite code' });
      expect(
        await within(section).findByText('This group has no active invite code.'),
      ).toBeInTheDocument();

      await userEvent.click(within(section).getByRole('button', { name: 'Generate invite code' }));
      expect(await within(section).findByTestId('invite-code')).toHaveTextContent('NEWCODE234');
      const expiry = formatDate('2025-03-19T10:00:00.000Z', 'en', testUser().timezone);
      expect(within(section).getByText(`Valid until ${expiry}`)).toBeInTheDocument();
      expect(
        within(section).getByRole('button', { name: 'Regenerate invite code' }),
      ).toBeInTheDocument();

      await userEvent.click(within(section).getByRole('button', { name: 'Copy invite code' }));
      expect(writeText).toHaveBeenLastCalledWith('NEWCODE234');
      expect(await screen.findByText('Invite code copied')).toBeInTheDocument();

      await userEvent.click(within(section).getByRole('button', { name: 'Copy join link' }));
      const link = `${window.location.origin}/groups/join/NEWCODE234`;
      expect(writeText).toHaveBeenLastCalledWith(link);
      expect(within(section).getByLabelText('Join link')).toHaveValue(link);
    });

    it('shows the active code of the group', async () => {
      openGroup(groupDetail('owner', { active_invite_code: inviteCode() }), {
        code: inviteCode(),
      });
      expect(await screen.findByTestId('invite-code')).toHaveTextContent('ABCDE23456');
    });

    it('says New invite code data is invalid when the answer is not a code', async () => {
      const { server } = openGroup();
      server.protectedRoute('POST', '/groups/1/invites', () => jsonResponse({ code: 42 }, 201));
      await userEvent.click(await screen.findByRole('button', { name: 'Generate invite code' }));
      expect(await screen.findByText('New invite code data is invalid')).toBeInTheDocument();
    });

    it('says Failed to generate invite code when the server fails', async () => {
      const { server } = openGroup();
      server.protectedRoute('POST', '/groups/1/invites', () => problemResponse(403, 'forbidden'));
      await userEvent.click(await screen.findByRole('button', { name: 'Generate invite code' }));
      expect(await screen.findByText('Failed to generate invite code')).toBeInTheDocument();
    });

    it('explains a missing clipboard and a refused copy', async () => {
      openGroup(groupDetail('owner', { active_invite_code: inviteCode() }), {
        code: inviteCode(),
      });
      const copy = await screen.findByRole('button', { name: 'Copy invite code' });
      await userEvent.click(copy);
      expect(
        await screen.findByText('Clipboard not supported or no code to copy'),
      ).toBeInTheDocument();

      stubClipboard(() => Promise.reject(new Error('denied')));
      await userEvent.click(copy);
      expect(await screen.findByText('Failed to copy invite code')).toBeInTheDocument();
    });

    it('says when the active code cannot be fetched', async () => {
      const { server } = openGroup();
      server.protectedRoute('GET', '/groups/1/invites', () => problemResponse(403, 'forbidden'));
      // The route above is set after the first request; a refetch on focus picks it up.
      await screen.findByRole('heading', { name: 'Flat 3B' });
      window.dispatchEvent(new Event('focus'));
      expect(
        await screen.findByText('Failed to fetch group details and active invite code'),
      ).toBeInTheDocument();
    });
  });

  it('invites by email and lists the pending invitation with Revoke', async () => {
    const { server } = openGroup();
    const sent = invitation({
      id: 11,
      group: { id: 1, name: 'Flat 3B' },
      inviter: person(5, 'Ann Example'),
      email: 'eve@example.org',
    });
    server.protectedRoute('POST', '/invites', () => {
      server.protectedRoute('GET', '/invites', () => jsonResponse([sent]));
      return jsonResponse(sent, 201);
    });
    server.protectedRoute('POST', '/invites/revoke/11', () => {
      server.protectedRoute('GET', '/invites', () => jsonResponse([]));
      return jsonResponse({ ...sent, status: 'revoked' });
    });
    const section = await screen.findByRole('region', { name: 'Invite by email' });
    await userEvent.type(within(section).getByLabelText('Email'), 'eve@example.org');
    await userEvent.click(within(section).getByRole('button', { name: 'Invite by email' }));

    expect(await screen.findByText('Invitation sent to eve@example.org')).toBeInTheDocument();
    expect(await within(section).findByText('eve@example.org')).toBeInTheDocument();
    expect(
      await server
        .callsTo('/invites')
        .find((r) => r.method === 'POST')!
        .json(),
    ).toEqual({
      group_id: 1,
      email: 'eve@example.org',
    });

    await userEvent.click(within(section).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Invitation revoked')).toBeInTheDocument();
    expect(await within(section).findByText('No pending invitations')).toBeInTheDocument();
  });

  it('shows the activity newest first and loads older entries on Load more', async () => {
    const { server } = openGroup();
    const firstPage = {
      items: [
        activityEntry(12, 'role_changed', {
          subject: person(6, 'Bob Member'),
          details: { from: 'member', to: 'admin' },
        }),
        activityEntry(11, 'member_left', { actor: null, subject: null }),
      ],
      next_cursor: '11',
    };
    const olderPage = { items: [activityEntry(3, 'group_created')], next_cursor: null };
    server.protectedRoute('GET', '/groups/1/activity', (request) =>
      jsonResponse(
        new URL(request.url).searchParams.get('cursor') === '11' ? olderPage : firstPage,
      ),
    );
    const section = await screen.findByRole('region', { name: 'Activity' });
    expect(
      await within(section).findByText(
        'Ann Example changed the role of Bob Member from Member to Admin',
      ),
    ).toBeInTheDocument();
    expect(within(section).getByText('Deleted user left the group')).toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'Load more' }));
    expect(await within(section).findByText('Ann Example created the group')).toBeInTheDocument();
    expect(within(section).getAllByTestId('activity-entry')).toHaveLength(3);
    expect(within(section).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    const [first, second] = server.callsTo('/groups/1/activity').map((r) => new URL(r.url));
    expect(first!.searchParams.get('limit')).toBe('20');
    expect(first!.searchParams.get('cursor')).toBeNull();
    expect(second!.searchParams.get('cursor')).toBe('11');
  });

  it('explains a group that cannot be found and links back to the groups', async () => {
    openGroup(() => problemResponse(404, 'not_found'));
    // On the page and in a toast, which is drawn once the toast code is in.
    await waitFor(() =>
      expect(screen.getAllByText('Group not found or an error occurred.')).toHaveLength(2),
    );
    expect(screen.getByRole('link', { name: 'Back to groups' })).toHaveAttribute('href', '/groups');
  });

  it('explains that the last owner cannot leave', async () => {
    const { server } = openGroup();
    server.protectedRoute('POST', '/groups/1/leave', () => problemResponse(409, 'last_owner'));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave group' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave group' }));
    expect(
      await within(dialog).findByText(/You are the last owner of this group/),
    ).toBeInTheDocument();
  });

  it('leaves the group and returns to the groups page', async () => {
    const { server, router } = openGroup(groupDetail('member'));
    server.protectedRoute('POST', '/groups/1/leave', () => new Response(null, { status: 204 }));
    server.protectedRoute('GET', '/groups', () => jsonResponse([]));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave group' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave group' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/groups'));
    expect(await screen.findByText('You left the group')).toBeInTheDocument();
  });

  it('lets an owner rename the group, sending the version', async () => {
    const { server } = openGroup();
    server.protectedRoute('PATCH', '/groups/1', () => jsonResponse(groupDetail()));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit group' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText(/Group name/);
    await userEvent.clear(name);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Group name is required')).toBeInTheDocument();

    await userEvent.type(name, 'Flat 4C');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Group updated')).toBeInTheDocument();
    expect(
      await server
        .callsTo('/groups/1')
        .find((r) => r.method === 'PATCH')!
        .json(),
    ).toEqual({
      version: 1,
      name: 'Flat 4C',
      description: 'Our shared flat',
    });
  });

  it('deletes the group after a confirmation', async () => {
    const { server, router } = openGroup();
    server.protectedRoute('DELETE', '/groups/1', () => new Response(null, { status: 204 }));
    server.protectedRoute('GET', '/groups', () => jsonResponse([]));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete group' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete group' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/groups'));
    expect(await screen.findByText('Group deleted')).toBeInTheDocument();
  });
});
