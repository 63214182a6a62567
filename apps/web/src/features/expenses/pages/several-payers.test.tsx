import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import {
  ann,
  bob,
  cleo,
  expense,
  moneyServer,
  page,
  split,
} from '../../../../test/features/expenses/fixtures';

// docs/expenses.md "Several payers": the form's amount per payer, the card, settling per payer.

function openGroupExpenses(expenses = [expense(1)]) {
  const server = moneyServer({});
  server.protectedRoute('GET', '/groups/1/expenses', () => jsonResponse(page(expenses)));
  return renderApp('/groups/1/expenses', server);
}

/** 50.00 paid by Cleo 30.00 and Bob 20.00, shared by the three; Ann (me) owes 10.00 + 6.67. */
const dinner = expense(3, {
  description: 'Dinner',
  amount_cents: 5000,
  paid_by: cleo,
  payers: [
    { user: cleo, amount_cents: 3000 },
    { user: bob, amount_cents: 2000 },
  ],
  splits: [
    split(31, ann, 1000, 0, cleo),
    split(32, ann, 667, 0, bob),
    split(33, bob, 1000, 0, cleo),
    split(34, bob, 666, 666, bob),
    split(35, cleo, 1000, 1000, cleo),
    split(36, cleo, 667, 0, bob),
  ],
});

describe('an expense several people paid', () => {
  it('shows who paid how much, and each part of my share to its own payer, each settle-able', async () => {
    openGroupExpenses([dinner]);
    const card = await screen.findByRole('article', { name: 'Dinner' });
    expect(within(card).getByTestId('expense-paid-by')).toHaveTextContent(
      'Paid by Cleo Owner €30.00 and Bob Member €20.00',
    );
    expect(within(card).getByText('Ann Example to Cleo Owner')).toBeInTheDocument();
    expect(within(card).getByText('Ann Example to Bob Member')).toBeInTheDocument();
    await userEvent.click(
      within(card).getByRole('button', { name: 'Settle my share of Dinner to Bob Member' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Settle share' });
    expect(within(dialog).getByText('You pay Bob Member')).toBeInTheDocument();
    expect(within(dialog).getByTestId('settle-remaining')).toHaveTextContent('€6.67');
    expect(
      within(card).getByRole('button', { name: 'Settle my share of Dinner to Cleo Owner' }),
    ).toBeInTheDocument();
  });

  it('asks for an amount per member with what is left to assign, and sends the payers', async () => {
    const { server } = openGroupExpenses([]);
    server.protectedRoute('POST', '/expenses', () => jsonResponse(dinner, 201));
    await userEvent.click(await screen.findByRole('button', { name: 'Add Expense' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add expense' });
    await userEvent.type(within(dialog).getByLabelText(/Description/), 'Dinner');
    await userEvent.type(within(dialog).getByLabelText(/^Amount/), '50');
    await userEvent.selectOptions(within(dialog).getByLabelText('Paid by'), 'Several people');
    await userEvent.type(within(dialog).getByLabelText('Cleo Owner paid'), '30');
    expect(within(dialog).getByTestId('payers-status-line')).toHaveTextContent(
      '€20.00 left to assign',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(server.callsTo('/expenses')).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Bob Member paid'), '25');
    expect(within(dialog).getByTestId('payers-status-line')).toHaveTextContent('€5.00 too much');
    await userEvent.clear(within(dialog).getByLabelText('Bob Member paid'));
    await userEvent.type(within(dialog).getByLabelText('Bob Member paid'), '20');
    expect(within(dialog).getByTestId('payers-status-line')).toHaveTextContent('');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Expense added')).toBeInTheDocument();
    const body = await server.callsTo('/expenses')[0]!.json();
    expect(body).toMatchObject({
      amount_cents: 5000,
      payers: [
        { user_id: cleo.id, amount_cents: 3000 },
        { user_id: bob.id, amount_cents: 2000 },
      ],
    });
    expect(body).not.toHaveProperty('paid_by');
  });

  it('opens an expense several people paid with their amounts, and saves a change of them', async () => {
    const { server } = openGroupExpenses([{ ...dinner, created_by: ann, version: 2 }]);
    server.protectedRoute('PATCH', '/expenses/3', () => jsonResponse(dinner));
    const card = await screen.findByRole('article', { name: 'Dinner' });
    await userEvent.click(within(card).getByRole('button', { name: 'Edit expense Dinner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit expense' });
    expect(within(dialog).getByLabelText('Paid by')).toHaveValue('several');
    expect(within(dialog).getByLabelText('Cleo Owner paid')).toHaveValue('30.00');
    expect(within(dialog).getByLabelText('Bob Member paid')).toHaveValue('20.00');
    await userEvent.clear(within(dialog).getByLabelText('Bob Member paid'));
    await userEvent.type(within(dialog).getByLabelText('Bob Member paid'), '15');
    await userEvent.type(within(dialog).getByLabelText('Ann Example paid'), '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Expense updated')).toBeInTheDocument();
    const body = await server.callsTo('/expenses/3')[0]!.json();
    expect(body).toMatchObject({
      version: 2,
      // In the group's member order.
      payers: [
        { user_id: cleo.id, amount_cents: 3000 },
        { user_id: ann.id, amount_cents: 500 },
        { user_id: bob.id, amount_cents: 1500 },
      ],
    });
  });
});
