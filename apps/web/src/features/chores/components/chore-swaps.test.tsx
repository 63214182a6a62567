import type { Assignment, ChoreSwap } from '@household/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { groupDetail } from '../../../../test/features/groups/fixtures';
import {
  ann,
  bob,
  choresServer,
  today,
} from '../../../../test/features/chores/chores-page-fixtures';

// docs/chores.md "Swaps": asking a housemate to take a turn, and answering such a request.

const turn: Assignment = {
  id: 2,
  chore_id: 2,
  chore_name: 'Dishes',
  chore_effort: 1,
  chore_frequency: 'weekly',
  group_id: 1,
  group_name: 'Flat 3B',
  user: ann,
  due_date: today,
  completed_on: null,
  completed_by: null,
  minutes_spent: 0,
  timer_running: false,
  created_at: '2025-03-12T10:00:00.000Z',
  version: 1,
};

const swap = (id: number, overrides: Partial<ChoreSwap> = {}): ChoreSwap => ({
  id,
  group_id: 1,
  chore_id: 3,
  chore_name: 'Bins',
  assignment_id: 30 + id,
  due_date: today,
  requested_by: bob,
  requested_of: ann,
  status: 'pending',
  note: '',
  answered_at: null,
  created_at: '2025-03-12T10:00:00.000Z',
  version: 1,
  ...overrides,
});

describe('swaps of chore turns', () => {
  it('asks a chosen housemate, with a note, to take one of my open turns', async () => {
    const server = choresServer([]);
    server.protectedRoute('GET', '/chores/assignments', () => jsonResponse({ items: [turn] }));
    server.protectedRoute('GET', '/groups/1', () => jsonResponse(groupDetail('member')));
    let sent: unknown = null;
    server.protectedRoute('POST', '/chores/assignments/2/swaps', async (request) => {
      sent = await request.json();
      return jsonResponse(swap(9, { requested_by: ann, requested_of: bob }), 201);
    });
    renderApp('/chores', server);
    await userEvent.click(
      // The first render loads the page's code: more than the default wait on a busy machine.
      await screen.findByRole(
        'button',
        { name: 'Ask someone to take it: Dishes' },
        { timeout: 20_000 },
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Ask someone to take Dishes' });
    const whom = within(dialog).getByLabelText('Housemate');
    // I am not offered to myself.
    await waitFor(() =>
      expect(
        within(whom)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Cleo Owner', 'Bob Member']),
    );
    await userEvent.selectOptions(whom, 'Bob Member');
    await userEvent.type(within(dialog).getByLabelText('Note (optional)'), 'Away on Sunday');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(sent).toEqual({ to_user_id: bob.id, note: 'Away on Sunday' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows requests to me with Accept and Decline, and mine with Cancel', async () => {
    const server = choresServer([]);
    const waiting = [
      swap(1, { note: 'Back late' }),
      swap(2, { chore_name: 'Floors', requested_by: ann, requested_of: bob, version: 3 }),
    ];
    server.protectedRoute('GET', '/chore-swaps', () => jsonResponse({ items: waiting }));
    const answers: { url: string; body: unknown }[] = [];
    const answerWith = (status: ChoreSwap['status']) => async (request: Request) => {
      answers.push({ url: new URL(request.url).pathname, body: await request.json() });
      return jsonResponse(swap(1, { status, version: 2 }));
    };
    server.protectedRoute('POST', '/chore-swaps/1/accept', answerWith('accepted'));
    server.protectedRoute('POST', '/chore-swaps/2/cancel', answerWith('cancelled'));
    renderApp('/chores', server);
    const requests = await screen.findByRole('region', { name: 'Swap requests' });
    expect(within(requests).getByText(/Bob Member asks you to take Bins/)).toBeInTheDocument();
    expect(within(requests).getByText('Back late')).toBeInTheDocument();
    expect(within(requests).getByText(/Asked Bob Member to take Floors/)).toBeInTheDocument();
    expect(
      within(requests).getByRole('button', { name: 'Decline taking Bins' }),
    ).toBeInTheDocument();

    await userEvent.click(within(requests).getByRole('button', { name: 'Accept taking Bins' }));
    await userEvent.click(
      within(requests).getByRole('button', { name: 'Cancel the request for Floors' }),
    );
    await waitFor(() => expect(answers).toHaveLength(2));
    expect(answers).toEqual([
      { url: '/api/v1/chore-swaps/1/accept', body: { version: 1 } },
      { url: '/api/v1/chore-swaps/2/cancel', body: { version: 3 } },
    ]);
  });

  it('shows nothing while no request waits', async () => {
    const server = choresServer([]);
    renderApp('/chores', server);
    await screen.findByRole('region', { name: 'My assigned chores' });
    expect(screen.queryByRole('region', { name: 'Swap requests' })).not.toBeInTheDocument();
  });
});
