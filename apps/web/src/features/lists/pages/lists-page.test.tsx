import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, jsonResponse, problemResponse } from '../../../../test/fake-api';
import { renderApp, signInAs } from '../../../../test/render-app';
import { list, listDetail } from '../../../../test/features/lists/fixtures';

const flat = { id: 1, name: 'Flat 3B' };
const groupSummary = {
  id: 1,
  name: 'Flat 3B',
  description: '',
  currency: 'EUR',
  my_role: 'member',
  member_count: 3,
  created_at: '2025-03-12T10:00:00.000Z',
  version: 1,
};

function openLists(path = '/lists', lists: unknown = [], archived: unknown[] = []) {
  const server = createFakeApi();
  signInAs(server);
  server.protectedRoute('GET', '/groups', () => jsonResponse([groupSummary]));
  server.protectedRoute('GET', '/lists', () =>
    typeof lists === 'function' ? (lists as () => Response)() : jsonResponse(lists),
  );
  server.protectedRoute('GET', '/groups/1/lists', () => jsonResponse(lists));
  server.protectedRoute('GET', '/lists/archived', () => jsonResponse(archived));
  return renderApp(path, server);
}

describe('lists page (spec §2 Lists page)', () => {
  it('is titled My Lists and explains an empty page', async () => {
    openLists();
    expect(await screen.findByRole('heading', { name: 'My Lists' })).toBeInTheDocument();
    expect(await screen.findByText('No lists yet')).toBeInTheDocument();
  });

  it('shows a card per list with its item and done counts, total, badge and status', async () => {
    openLists('/lists', [
      list({
        id: 1,
        name: 'Weekly shop',
        item_count: 3,
        done_count: 1,
        total_cents: 450,
        group: flat,
      }),
      list({ id: 2, name: 'Hardware', item_count: 1, status: 'completed', total_cents: 0 }),
    ]);
    const cards = await screen.findAllByTestId('list-card');
    expect(cards).toHaveLength(2);
    const weekly = screen.getByRole('article', { name: 'Weekly shop' });
    expect(within(weekly).getByText(/3 items · 1 done/)).toBeInTheDocument();
    expect(within(weekly).getByText('Total: €4.50')).toBeInTheDocument();
    expect(within(weekly).getByText('Group: Flat 3B')).toBeInTheDocument();
    expect(within(weekly).getByText('Active')).toBeInTheDocument();
    expect(within(weekly).getByRole('link', { name: 'Weekly shop' })).toHaveAttribute(
      'href',
      '/lists/1',
    );
    const hardware = screen.getByRole('article', { name: 'Hardware' });
    expect(within(hardware).getByText(/1 item · 0 done/)).toBeInTheDocument();
    expect(within(hardware).getByText('Personal')).toBeInTheDocument();
    expect(within(hardware).getByText('Completed')).toBeInTheDocument();
  });

  it('names the group on its lists page and preselects it for a new list', async () => {
    openLists('/groups/1/lists');
    expect(await screen.findByRole('heading', { name: 'Lists for Flat 3B' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Share with')).toHaveValue('1'));
  });

  it('falls back to the group id when the group is not known', async () => {
    openLists('/groups/7/lists');
    expect(await screen.findByRole('heading', { name: 'Lists for 7' })).toBeInTheDocument();
  });

  it('focuses the name of a new list when opened from a group card', async () => {
    openLists('/groups/1/lists?new=1');
    const name = await screen.findByLabelText(/List name/);
    await waitFor(() => expect(name).toHaveFocus());
  });

  it('needs a name, then creates the list and says so', async () => {
    const { server } = openLists();
    const created = listDetail([], { id: 9, name: 'Party' });
    server.protectedRoute('POST', '/lists', () => {
      server.protectedRoute('GET', '/lists', () => jsonResponse([created]));
      return jsonResponse(created, 201);
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Create list' }));
    expect(await screen.findByText('List name is required')).toBeInTheDocument();
    expect(server.callsTo('/lists').filter((r) => r.method === 'POST')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText(/List name/), 'Party');
    await userEvent.type(screen.getByLabelText('Description'), 'Saturday');
    await userEvent.selectOptions(screen.getByLabelText('Share with'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Create list' }));

    expect(await screen.findByText('List created')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Party' })).toBeInTheDocument();
    const post = server.callsTo('/lists').find((r) => r.method === 'POST')!;
    expect(await post.json()).toEqual({ name: 'Party', description: 'Saturday', group_id: 1 });
  });

  it('names the shop a new list is for, which may be left as any shop', async () => {
    const { server } = openLists();
    server.protectedRoute('POST', '/lists', () =>
      jsonResponse(listDetail([], { id: 9, name: 'Party', shop: 'Lidl' }), 201),
    );
    expect(await screen.findByLabelText('Shop')).toHaveAttribute('placeholder', 'Any shop');
    await userEvent.type(screen.getByLabelText(/List name/), 'Party');
    await userEvent.type(screen.getByLabelText('Shop'), 'x'.repeat(81));
    await userEvent.click(screen.getByRole('button', { name: 'Create list' }));
    expect(await screen.findByText('The shop name is too long')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Shop'));
    await userEvent.type(screen.getByLabelText('Shop'), ' Lidl ');
    await userEvent.click(screen.getByRole('button', { name: 'Create list' }));
    expect(await screen.findByText('List created')).toBeInTheDocument();
    const post = server.callsTo('/lists').find((r) => r.method === 'POST')!;
    expect(await post.json()).toEqual({ name: 'Party', shop: 'Lidl', group_id: null });
  });

  it('says "Failed to fetch lists." and retries on request', async () => {
    let fail = true;
    openLists('/lists', () =>
      fail ? problemResponse(403, 'forbidden') : jsonResponse([list({ name: 'Back' })]),
    );
    // The toast and the page's own message.
    // On the page and in a toast, which is drawn once the toast code is in.
    await waitFor(() => expect(screen.getAllByText('Failed to fetch lists.')).toHaveLength(2));
    fail = false;
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Back' })).toBeInTheDocument();
  });

  it('lists archived lists on their tab and brings one back', async () => {
    const old = list({ id: 4, name: 'Old trip', status: 'archived' });
    const { server } = openLists('/lists?archived=1', [], [old]);
    server.protectedRoute('POST', '/lists/4/unarchive', () => {
      server.protectedRoute('GET', '/lists/archived', () => jsonResponse([]));
      return jsonResponse({ ...old, status: 'active' });
    });
    expect(await screen.findByRole('tab', { name: 'Archived lists' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const card = await screen.findByRole('article', { name: 'Old trip' });
    await userEvent.click(within(card).getByRole('button', { name: 'Unarchive' }));
    expect(await screen.findByText('List unarchived')).toBeInTheDocument();
    expect(await screen.findByText('No archived lists')).toBeInTheDocument();
  });

  it('imports pasted text and reports the skipped lines', async () => {
    const { server } = openLists();
    server.protectedRoute('POST', '/lists/import', () =>
      jsonResponse(
        {
          list: listDetail([], { id: 12, name: 'Imported list' }),
          imported: 2,
          skipped: [{ line: 3, text: '0 x', reason: 'no item name' }],
        },
        201,
      ),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Import list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import a list' });
    await userEvent.type(within(dialog).getByLabelText(/Paste your list/), 'Milk{enter}2 x Eggs');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(
      await within(dialog).findByText('Imported 2 items into "Imported list".'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Line 3: "0 x" (no item name)')).toBeInTheDocument();
    const post = server.callsTo('/lists/import')[0]!;
    expect(await post.json()).toEqual({
      format: 'text',
      content: 'Milk\n2 x Eggs',
      group_id: null,
    });
  });
});
