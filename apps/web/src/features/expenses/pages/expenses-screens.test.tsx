import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse } from '../../../../test/fake-api';
import { realtimeEmitter } from '../../../lib/realtime-events';
import { renderApp } from '../../../../test/render-app';
import {
  ann,
  bob,
  expense,
  group,
  moneyServer,
  page,
  split,
} from '../../../../test/features/expenses/fixtures';

function openGroupDetail(answer: () => Response) {
  const server = moneyServer();
  server.protectedRoute('GET', '/groups/1/invites', () => jsonResponse(null));
  server.protectedRoute('GET', '/invites', () => jsonResponse([]));
  server.protectedRoute('GET', '/groups/1/activity', () =>
    jsonResponse({ items: [], next_cursor: null }),
  );
  server.protectedRoute('GET', '/groups/1/lists', () => jsonResponse([]));
  server.protectedRoute('GET', '/groups/1/expenses', answer);
  renderApp('/groups/1', server);
  return server;
}

describe('recent expenses on the group page (spec §2 Group detail)', () => {
  it('shows the latest five with their statuses and Settle on my own share', async () => {
    const server = openGroupDetail(() =>
      jsonResponse(page([expense(1), expense(2, { payment_status: 'paid' })])),
    );
    const section = await screen.findByRole('region', { name: 'Recent expenses' });
    expect(await within(section).findByText('Groceries 1')).toBeInTheDocument();
    expect(
      within(section)
        .getAllByTestId('payment-status')
        .map((b) => b.textContent),
    ).toEqual(['unpaid', 'paid']);
    expect(new URL(server.callsTo('/groups/1/expenses')[0]!.url).searchParams.get('limit')).toBe(
      '5',
    );
    expect(within(section).getByRole('link', { name: 'Manage Expenses' })).toHaveAttribute(
      'href',
      '/groups/1/expenses',
    );
    // The group page changes nothing but my own share.
    expect(within(section).queryByRole('button', { name: /Edit expense/ })).toBeNull();
    await userEvent.click(
      within(section).getByRole('button', { name: 'Settle my share of Groceries 1' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Settle share' });
    expect(within(dialog).getByLabelText('Amount to pay')).toHaveValue('10.00');
  });

  it('says No recent expenses for a group without any', async () => {
    openGroupDetail(() => jsonResponse(page([])));
    const section = await screen.findByRole('region', { name: 'Recent expenses' });
    expect(await within(section).findByText('No recent expenses')).toBeInTheDocument();
  });

  it('says Failed to load recent expenses when they cannot be loaded, and tries again', async () => {
    let answers = 0;
    openGroupDetail(() => {
      answers += 1;
      return answers === 1
        ? problemResponse(403, 'forbidden')
        : jsonResponse(page([expense(3, { description: 'Back again' })]));
    });
    const section = await screen.findByRole('region', { name: 'Recent expenses' });
    expect(await within(section).findByText('Failed to load recent expenses')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Retry' }));
    expect(await within(section).findByText('Back again')).toBeInTheDocument();
  });
});

/** A group list "Party": Wine 8.00 and Bread 2.00 (bought when `bought` says so), Salt unpriced. */
function openParty(bought: string[] = []) {
  const server = moneyServer();
  const items = [
    { id: 1, name: 'Wine', price_cents: 800 },
    { id: 2, name: 'Bread', price_cents: 200 },
    { id: 3, name: 'Salt', price_cents: null },
  ].map((entry) => ({
    ...entry,
    list_id: 3,
    quantity: 1,
    unit: null,
    category_id: null,
    notes: '',
    position: entry.id,
    added_by: ann,
    done: bought.includes(entry.name),
    completed_by: null,
    completed_at: null,
    created_at: '2025-03-12T10:00:00.000Z',
    updated_at: '2025-03-12T10:00:00.000Z',
    version: 1,
  }));
  server.protectedRoute('GET', '/lists/3', () =>
    jsonResponse({
      id: 3,
      name: 'Party',
      description: '',
      group: { id: 1, name: 'Flat 3B' },
      created_by: ann,
      status: 'active',
      shop: '',
      currency: 'EUR',
      item_count: 3,
      done_count: bought.length,
      total_cents: 1000,
      created_at: '2025-03-12T10:00:00.000Z',
      updated_at: '2025-03-12T10:00:00.000Z',
      version: 1,
      items,
    }),
  );
  server.protectedRoute('GET', '/lists/3/expenses', () =>
    jsonResponse(page([expense(4, { list_id: 3, description: 'Party shop' })])),
  );
  server.protectedRoute('POST', '/expenses', () => jsonResponse(expense(5), 201));
  renderApp('/lists/3', server);
  return server;
}

describe('a list’s expenses (spec §2 List detail)', () => {
  it('adds an expense from the list, split item by item among who took what', async () => {
    const server = openParty();
    const section = await screen.findByRole('region', { name: 'Expenses' });
    expect(await within(section).findByText('Party shop')).toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'Add Expense' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add expense' });
    expect(within(dialog).getByLabelText(/Description/)).toHaveValue('Party');
    expect(within(dialog).getByLabelText(/Amount/)).toHaveValue('10.00');
    await userEvent.selectOptions(within(dialog).getByLabelText('Split'), 'item_based');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Cleo Owner' }));
    expect(within(dialog).getByText('Wine (€8.00)')).toBeInTheDocument();
    expect(within(dialog).queryByText(/Salt/)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Bob Member takes Wine' }));
    expect(within(dialog).getByTestId('share-5')).toHaveTextContent('€1.00');
    expect(within(dialog).getByTestId('share-6')).toHaveTextContent('€9.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Expense added')).toBeInTheDocument();
    expect(await server.callsTo('/expenses')[0]!.json()).toMatchObject({
      group_id: 1,
      list_id: 3,
      amount_cents: 1000,
      split: {
        type: 'item_based',
        participants: [5, 6],
        items: [
          { item_id: 1, price_cents: 800, takers: [6] },
          { item_id: 2, price_cents: 200, takers: [] },
        ],
      },
    });
  });

  it('splits this shop: the bought items, item by item, for their total', async () => {
    const server = openParty(['Wine']);
    const section = await screen.findByRole('region', { name: 'Expenses' });
    await userEvent.click(await within(section).findByRole('button', { name: 'Split this shop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add expense' });
    expect(within(dialog).getByLabelText(/Amount/)).toHaveValue('8.00');
    expect(within(dialog).getByLabelText('Split')).toHaveValue('item_based');
    expect(within(dialog).getByText('Wine (€8.00)')).toBeInTheDocument();
    expect(within(dialog).queryByText(/Bread/)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Expense added')).toBeInTheDocument();
    expect(await server.callsTo('/expenses')[0]!.json()).toMatchObject({
      list_id: 3,
      amount_cents: 800,
      split: { type: 'item_based', items: [{ item_id: 1, price_cents: 800, takers: [] }] },
    });
  });

  it('offers Split this shop only once something priced was bought', async () => {
    openParty();
    const section = await screen.findByRole('region', { name: 'Expenses' });
    expect(await within(section).findByRole('button', { name: 'Add Expense' })).toBeVisible();
    expect(within(section).queryByRole('button', { name: 'Split this shop' })).toBeNull();
  });
});

describe('my expenses (spec §2 /expenses)', () => {
  it('shows my expenses with totals, filters by group or personal, and adds a personal one', async () => {
    const server = moneyServer();
    server.protectedRoute('GET', '/expenses', (request) => {
      const personal = new URL(request.url).searchParams.get('personal') === 'true';
      return jsonResponse(
        personal
          ? page([
              expense(8, {
                group_id: null,
                description: 'Haircut',
                splits: [split(81, ann, 3000, 3000)],
                paid_by: ann,
              }),
            ])
          : page([expense(1)]),
      );
    });
    server.protectedRoute('POST', '/expenses', () => jsonResponse(expense(9), 201));
    renderApp('/expenses', server);
    expect(await screen.findByRole('article', { name: 'Groceries 1' })).toBeInTheDocument();
    expect(screen.getByTestId('expense-totals')).toHaveTextContent('1 expense');

    const filters = screen.getByRole('region', { name: 'Filters' });
    await userEvent.selectOptions(within(filters).getByLabelText('Group'), 'Personal only');
    const haircut = await screen.findByRole('article', { name: 'Haircut' });
    expect(within(haircut).getByText('Personal')).toBeInTheDocument();
    // A personal expense has no splits to settle.
    expect(within(haircut).queryByTestId('split-row')).toBeNull();

    await userEvent.selectOptions(within(filters).getByLabelText('Group'), 'Flat 3B');
    await waitFor(() =>
      expect(new URL(server.callsTo('/expenses').at(-1)!.url).searchParams.get('group_id')).toBe(
        '1',
      ),
    );
    expect(within(filters).getByRole('option', { name: 'Bob Member' })).toBeInTheDocument();

    await userEvent.selectOptions(within(filters).getByLabelText('Group'), 'All');
    await userEvent.click(screen.getByRole('button', { name: 'Add Expense' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add expense' });
    expect(within(dialog).getByLabelText('Group')).toHaveValue('personal');
    expect(within(dialog).queryByLabelText('Split')).toBeNull();
    await userEvent.type(within(dialog).getByLabelText(/Description/), 'Haircut');
    await userEvent.type(within(dialog).getByLabelText(/Amount/), '30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Expense added')).toBeInTheDocument();
    const body = await server
      .callsTo('/expenses')
      .find((r) => r.method === 'POST')!
      .json();
    expect(body).toMatchObject({ group_id: null, description: 'Haircut', amount_cents: 3000 });
    expect(body).not.toHaveProperty('split');
  });

  it('offers a group expense from /expenses with the group’s people', async () => {
    const server = moneyServer({ groupData: group() });
    server.protectedRoute('GET', '/expenses', () => jsonResponse(page([])));
    renderApp('/expenses', server);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Expense' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add expense' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Group'), 'Flat 3B');
    expect(await within(dialog).findByLabelText('Split')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Paid by')).toHaveValue(String(ann.id));
    expect(within(dialog).getByLabelText(bob.name!)).toBeChecked();
  });
});

describe('live updates (docs/realtime.md)', () => {
  it('refetches what is shown on an expense or settlement event, not on others', async () => {
    const server = moneyServer();
    server.protectedRoute('GET', '/groups/1/expenses', () => jsonResponse(page([expense(1)])));
    renderApp('/groups/1/expenses', server);
    await screen.findByRole('article', { name: 'Groceries 1' });
    const calls = () => server.callsTo('/groups/1/expenses').length;
    const before = calls();
    const event = {
      id: 1,
      action: 'created' as const,
      list_id: null,
      group_id: 1,
      user_id: null,
      version: 1,
      actor: 6,
    };
    realtimeEmitter.emitEvent({ ...event, entity: 'item' });
    realtimeEmitter.emitEvent({ ...event, entity: 'settlement' });
    await waitFor(() => expect(calls()).toBe(before + 1));
    realtimeEmitter.emitEvent({ ...event, entity: 'expense' });
    await waitFor(() => expect(calls()).toBe(before + 2));
  });
});
