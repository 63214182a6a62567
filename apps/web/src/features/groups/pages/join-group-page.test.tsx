import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, jsonResponse, problemResponse } from '../../../../test/fake-api';
import { renderApp, signInAs } from '../../../../test/render-app';
import { groupSummary } from '../../../../test/features/groups/fixtures';

const preview = (isMember = false) => ({
  group_id: 1,
  group_name: 'Flat 3B',
  member_count: 3,
  expires_at: '2025-03-19T10:00:00.000Z',
  is_member: isMember,
});

function openJoinPage(answer: () => Response, path = '/groups/join/ABCDE23456') {
  const server = createFakeApi();
  signInAs(server);
  server.protectedRoute('GET', '/groups/join/ABCDE23456', answer);
  return renderApp(path, server);
}

describe('join page (docs/groups.md: the share link /groups/join/<code>)', () => {
  it('shows the group and joins it', async () => {
    const { server, router } = openJoinPage(() => jsonResponse(preview()));
    server.protectedRoute('POST', '/groups/join', () =>
      jsonResponse({ group: groupSummary(), joined: true }),
    );
    expect(await screen.findByRole('heading', { name: 'Flat 3B' })).toBeInTheDocument();
    expect(screen.getByText('3 members')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Join group' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/groups/1'));
    expect(await screen.findByText('You joined Flat 3B')).toBeInTheDocument();
    expect(await server.callsTo('/groups/join')[0]!.json()).toEqual({ code: 'ABCDE23456' });
  });

  it('accepts a link typed in lower case with a dash', async () => {
    openJoinPage(() => jsonResponse(preview()), '/groups/join/abcde-23456');
    expect(await screen.findByRole('heading', { name: 'Flat 3B' })).toBeInTheDocument();
  });

  it('tells a member they are in the group already', async () => {
    openJoinPage(() => jsonResponse(preview(true)));
    expect(await screen.findByText('You are already a member')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open group' })).toHaveAttribute('href', '/groups/1');
    expect(screen.queryByRole('button', { name: 'Join group' })).not.toBeInTheDocument();
  });

  it('explains an unknown, expired or revoked code', async () => {
    openJoinPage(() => problemResponse(404, 'invalid_invite_code'));
    expect(
      await screen.findByText('Failed to join group. Please check the invite code and try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to groups' })).toHaveAttribute('href', '/groups');
  });

  it('tells a person removed from the group to ask for a new invitation', async () => {
    openJoinPage(() => problemResponse(403, 'removed_from_group'));
    expect(
      await screen.findByText(
        'You were removed from this group. Ask a member to invite you again.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join group' })).not.toBeInTheDocument();
  });

  it('says so when the removal comes between looking and joining', async () => {
    const { server } = openJoinPage(() => jsonResponse(preview()));
    server.protectedRoute('POST', '/groups/join', () => problemResponse(403, 'removed_from_group'));
    await userEvent.click(await screen.findByRole('button', { name: 'Join group' }));
    expect(
      await screen.findByText(
        'You were removed from this group. Ask a member to invite you again.',
      ),
    ).toBeInTheDocument();
  });

  it('sends a signed-out visitor to the login page and remembers the link', async () => {
    const { router } = renderApp('/groups/join/ABCDE23456');
    await screen.findByRole('button', { name: 'Login' });
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/groups/join/ABCDE23456',
    );
  });
});
