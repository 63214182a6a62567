import type { Expense, ExpenseSplit } from '@household/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MantineRoot } from '../../../app/layouts/MantineRoot';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';
import {
  connectClient,
  createFakeApi,
  jsonResponse,
  problemResponse,
} from '../../../../test/fake-api';
import { renderApp, signInAs } from '../../../../test/render-app';
import {
  ann,
  bob,
  expense,
  moneyServer,
  page,
  split,
} from '../../../../test/features/expenses/fixtures';
import { SettleShareModal } from './SettleShareModal';

/** The modal alone, for the states the screens never open it in (no split, no signed-in user). */
function renderModal(props: {
  expense: Expense | null;
  split: ExpenseSplit | null;
  myId?: number;
}) {
  const server = createFakeApi();
  signInAs(server);
  const { api, tokens } = connectClient(server);
  render(
    <AppProviders api={api} tokens={tokens} queryClient={createQueryClient()}>
      <MantineRoot>
        <SettleShareModal opened onClose={() => undefined} {...props} myId={props.myId} />
      </MantineRoot>
    </AppProviders>,
  );
  return server;
}

/** Ann's share of Groceries 1: 10.00, of which 4.00 is paid. */
const mine = () => split(11, ann, 1000, 400);

async function openSettle(answer: () => Response) {
  const server = moneyServer();
  server.protectedRoute('GET', '/groups/1/expenses', () =>
    jsonResponse(page([expense(1, { splits: [mine(), split(12, bob, 1000)] })])),
  );
  server.protectedRoute('POST', '/expenses/1/splits/11/settle', answer);
  renderApp('/groups/1/expenses', server);
  await userEvent.click(
    await screen.findByRole('button', { name: 'Settle my share of Groceries 1' }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Settle share' });
  return { server, dialog };
}

const settled = () =>
  jsonResponse({
    settlement: {
      id: 1,
      group_id: 1,
      currency: 'EUR',
      from: ann,
      to: ann,
      amount_cents: 600,
      date: '2025-03-15',
      note: '',
      expense_id: 1,
      split_id: 11,
      created_by: ann,
      created_at: '2025-03-15T10:00:00.000Z',
      version: 1,
    },
    expense: expense(1, { splits: [split(11, ann, 1000, 1000), split(12, bob, 1000)] }),
  });

describe('settle-share modal (spec §5 settle amount, §6 own shares, §8 messages)', () => {
  it('shows the share and what remains, the amount prefilled with the remainder', async () => {
    const { dialog } = await openSettle(settled);
    expect(within(dialog).getByText('Groceries 1')).toBeInTheDocument();
    expect(within(dialog).getByText('You pay Cleo Owner')).toBeInTheDocument();
    expect(within(dialog).getByTestId('settle-summary')).toHaveTextContent('€10.00');
    expect(within(dialog).getByTestId('settle-remaining')).toHaveTextContent('€6.00');
    expect(within(dialog).getByText('partially settled')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Amount to pay')).toHaveValue('6.00');
  });

  it.each([
    ['', 'Please enter an amount'],
    ['0', 'Please enter a positive amount'],
    ['-2', 'Please enter a positive amount'],
    ['6.01', 'Amount cannot exceed remaining: €6.00'],
  ])('refuses %j with "%s" and sends nothing', async (typed, message) => {
    const { server, dialog } = await openSettle(settled);
    const amount = within(dialog).getByLabelText('Amount to pay');
    await userEvent.clear(amount);
    if (typed) await userEvent.type(amount, typed);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Settle' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(server.callsTo('/expenses/1/splits/11/settle')).toHaveLength(0);
  });

  it('settles part of the share and says Share settled', async () => {
    const { server, dialog } = await openSettle(settled);
    const amount = within(dialog).getByLabelText('Amount to pay');
    await userEvent.clear(amount);
    await userEvent.type(amount, '2,50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Settle' }));
    expect(await screen.findByText('Share settled')).toBeInTheDocument();
    expect(await server.callsTo('/expenses/1/splits/11/settle')[0]!.json()).toEqual({
      amount_cents: 250,
    });
  });

  it('shows the share as settled at once, before the pages have been fetched again', async () => {
    const { server, dialog } = await openSettle(settled);
    // The refetch after the change takes its time: the answer to the settlement is shown meanwhile.
    server.protectedRoute('GET', '/groups/1/expenses', () => new Promise<Response>(() => {}));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Settle' }));
    expect(await screen.findByText('Share settled')).toBeInTheDocument();
    const mySplit = screen
      .getAllByTestId('split-row')
      .find((row) => within(row).queryByText('Ann Example') !== null)!;
    expect(within(mySplit).getByTestId('split-status')).toHaveTextContent('settled');
    expect(screen.queryByRole('button', { name: 'Settle my share of Groceries 1' })).toBeNull();
  });

  it('says Failed to settle share when the server fails', async () => {
    const { dialog } = await openSettle(() => problemResponse(500, 'internal_error'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Settle' }));
    expect((await screen.findAllByText('Failed to settle share')).length).toBeGreaterThan(0);
  });

  it('says You can only settle your own shares on a 403', async () => {
    const { dialog } = await openSettle(() => problemResponse(403, 'forbidden'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Settle' }));
    expect(
      (await screen.findAllByText('You can only settle your own shares')).length,
    ).toBeGreaterThan(0);
  });

  it('says Error: No split selected without a split', async () => {
    renderModal({ expense: expense(1), split: null, myId: 5 });
    expect(await screen.findByText('Error: No split selected')).toBeInTheDocument();
  });

  it('says Cannot process settlement: missing data without the expense or the user', async () => {
    const server = renderModal({ expense: null, split: mine(), myId: undefined });
    await userEvent.click(await screen.findByRole('button', { name: 'Settle' }));
    expect(await screen.findByText('Cannot process settlement: missing data')).toBeInTheDocument();
    expect(server.callsTo('/expenses/1/splits/11/settle')).toHaveLength(0);
  });

  it("refuses someone else's share without asking the server", async () => {
    const server = renderModal({ expense: expense(1), split: split(12, bob, 1000), myId: 5 });
    await userEvent.click(await screen.findByRole('button', { name: 'Settle' }));
    expect(await screen.findByText('You can only settle your own shares')).toBeInTheDocument();
    expect(server.callsTo('/expenses/1/splits/12/settle')).toHaveLength(0);
  });
});
