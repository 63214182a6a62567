import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, jsonResponse, problemResponse } from '../../../../test/fake-api';
import {
  groupReport,
  myBalances,
  renderMoney,
} from '../../../../test/features/expenses/money-fixtures';
import { MyBalancesPanel } from './MyBalancesPanel';

function openPanel(balances: () => Response = () => jsonResponse(myBalances())) {
  const server = createFakeApi();
  server.protectedRoute('GET', '/balances', balances);
  server.protectedRoute('GET', '/reports', () =>
    jsonResponse(
      groupReport({
        group_id: null,
        totals: [
          { currency: 'EUR', total_cents: 15000 },
          { currency: 'USD', total_cents: 999 },
        ],
        by_category: [
          ...groupReport().by_category,
          { currency: 'USD', category_id: 8, name: 'Snacks', total_cents: 999 },
        ],
        by_member: [],
      }),
    ),
  );
  return renderMoney(<MyBalancesPanel />, server);
}

describe('my balances panel (docs/expenses.md "Money overview screens")', () => {
  it('lists whom I owe and who owes me, per person and group, and my net per group', async () => {
    openPanel();
    const panel = await screen.findByRole('region', { name: 'Balances with people' });
    const iOwe = await within(panel).findByRole('list', { name: 'You owe' });
    expect(
      within(iOwe)
        .getAllByTestId('person-balance')
        .map((row) => row.textContent),
    ).toEqual(['Bob MemberFlat 3Byou owe €5.00']);
    const owedToMe = within(panel).getByRole('list', { name: 'Owed to you' });
    expect(
      within(owedToMe)
        .getAllByTestId('person-balance')
        .map((row) => row.textContent),
    ).toEqual(['Deleted userBeach tripowes you $19.99', 'Cleo OwnerFlat 3Bowes you €7.50']);
    const groups = within(panel).getByRole('list', { name: 'Per group' });
    expect(
      within(groups)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['Flat 3Byou are owed €2.50', 'Beach tripsettled up']);
  });

  it('says when I am settled up with everyone', async () => {
    openPanel(() => jsonResponse({ people: [], groups: [] }));
    expect(await screen.findByText('You are settled up with everyone.')).toBeInTheDocument();
  });

  it('offers a retry when my balances cannot be loaded', async () => {
    let calls = 0;
    const { server } = openPanel(() => {
      calls += 1;
      return calls === 1 ? problemResponse(404, 'not_found') : jsonResponse(myBalances());
    });
    expect(await screen.findByText('Your balances could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'You owe' })).toBeInTheDocument();
    expect(server.callsTo('/balances')).toHaveLength(2);
  });

  it('reports my own spending, one currency at a time', async () => {
    const { server } = openPanel();
    const report = await screen.findByRole('region', { name: 'My spending' });
    expect(await within(report).findByTestId('report-total')).toHaveTextContent('Total: €150.00');
    // My report is not a group's: no group_id, and no table by member.
    expect(new URL(server.callsTo('/reports')[0]!.url).searchParams.has('group_id')).toBe(false);
    expect(within(report).queryByRole('table', { name: 'Spending by member' })).toBeNull();

    await userEvent.selectOptions(within(report).getByLabelText('Currency'), 'USD');
    await waitFor(() =>
      expect(within(report).getByTestId('report-total')).toHaveTextContent('Total: $9.99'),
    );
    const byCategory = within(report).getByRole('table', { name: 'Spending by category' });
    expect(within(byCategory).getAllByRole('row')[1]).toHaveTextContent('Snacks$9.99');
  });
});
