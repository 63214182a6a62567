import type { GroupExchangeRates } from '@household/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { ann, expense, moneyServer, page } from '../../../../test/features/expenses/fixtures';

// docs/expenses.md "Currencies": an expense in another currency than the group's (EUR here).

const rates = (latest: { currency: string; rate: string }[]): GroupExchangeRates => ({
  group_id: 1,
  currency: 'EUR',
  latest: latest.map((rate, index) => ({
    id: index + 1,
    ...rate,
    date: '2025-03-01',
    created_by: ann,
    created_at: '2025-03-01T08:00:00.000Z',
  })),
  history: [],
});

function openGroupExpenses(latest: { currency: string; rate: string }[]) {
  const server = moneyServer();
  server.protectedRoute('GET', '/groups/1/expenses', () => jsonResponse(page([])));
  server.protectedRoute('GET', '/expense-series', () => jsonResponse({ series: [] }));
  server.protectedRoute('GET', '/groups/1/exchange-rates', () => jsonResponse(rates(latest)));
  server.protectedRoute('POST', '/expenses', () => jsonResponse(expense(9), 201));
  return renderApp('/groups/1/expenses', server);
}

async function openForm() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add Expense' }));
  return screen.findByRole('dialog', { name: 'Add expense' });
}

async function chooseCurrency(dialog: HTMLElement, code: string) {
  await userEvent.selectOptions(within(dialog).getByLabelText('Currency'), code);
}

describe('an expense paid in another currency', () => {
  it('proposes the group’s latest rate and shows the home amount live', async () => {
    const { server } = openGroupExpenses([{ currency: 'JPY', rate: '0.0062' }]);
    const dialog = await openForm();
    await userEvent.type(within(dialog).getByLabelText(/Description/), 'Ramen');
    await chooseCurrency(dialog, 'JPY');
    // Yen have no decimals: 2000 is ¥2,000, and 12.5 is refused.
    await userEvent.type(within(dialog).getByLabelText(/^Amount/), '2000');
    const rate = await within(dialog).findByRole('textbox', { name: /^Rate/ });
    await waitFor(() => expect(rate).toHaveValue('0.0062'));
    expect(within(dialog).getByTestId('converted-amount')).toHaveTextContent('= €12.40 at 0.0062');

    await userEvent.clear(rate);
    await userEvent.type(rate, '0.007');
    expect(within(dialog).getByTestId('converted-amount')).toHaveTextContent('= €14.00 at 0.007');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(server.callsTo('/expenses')).toHaveLength(1));
    expect(await server.callsTo('/expenses')[0]!.json()).toMatchObject({
      amount_cents: 2000,
      currency: 'JPY',
      exchange_rate: '0.007',
    });
  });

  it('asks for a rate when the group has none, and reads a KWD amount with three decimals', async () => {
    const { server } = openGroupExpenses([]);
    const dialog = await openForm();
    await userEvent.type(within(dialog).getByLabelText(/Description/), 'Dinner');
    await chooseCurrency(dialog, 'KWD');
    await userEvent.type(within(dialog).getByLabelText(/^Amount/), '1.005');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Enter the rate of this currency')).toBeInTheDocument();
    expect(server.callsTo('/expenses')).toHaveLength(0);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Rate/ }), '3');
    expect(within(dialog).getByTestId('converted-amount')).toHaveTextContent('= €3.02 at 3');
  });
});
