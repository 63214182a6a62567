import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import {
  ann,
  bob,
  cleo,
  expense,
  group,
  moneyServer,
  page,
  split,
} from '../../../../test/features/expenses/fixtures';

function openGroupExpenses(
  expenses = [expense(1)],
  options: Parameters<typeof moneyServer>[0] = {},
) {
  const server = moneyServer(options);
  server.protectedRoute('GET', '/groups/1/expenses', () => jsonResponse(page(expenses)));
  return renderApp('/groups/1/expenses', server);
}

const card = async (description: string) => screen.findByRole('article', { name: description });

async function openForm() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add Expense' }));
  return screen.findByRole('dialog', { name: 'Add expense' });
}

describe('group expenses page (spec §2 /groups/{groupId}/expenses)', () => {
  it('shows each expense with payer, category, split type, splits and their statuses', async () => {
    openGroupExpenses([
      expense(1, {
        payment_status: 'partially_paid',
        splits: [split(11, ann, 1000, 400), split(12, bob, 1000), split(13, cleo, 1000, 1000)],
      }),
      expense(2, { payment_status: 'refunded', split_type: 'shares', category: null }),
    ]);
    const first = await card('Groceries 1');
    expect(within(first).getByTestId('expense-amount')).toHaveTextContent('€30.00');
    expect(within(first).getByText('Mar 14, 2025')).toBeInTheDocument();
    expect(within(first).getByText('Paid by Cleo Owner')).toBeInTheDocument();
    expect(within(first).getByText('Groceries')).toBeInTheDocument();
    expect(within(first).getByText('Equal')).toBeInTheDocument();
    expect(within(first).getByTestId('payment-status')).toHaveTextContent('partially paid');
    const rows = within(first).getAllByTestId('split-row');
    expect(rows.map((row) => within(row).getByTestId('split-status').textContent)).toEqual([
      'partially settled',
      'unsettled',
      'settled',
    ]);
    expect(within(rows[0]!).getByText('€6.00 remaining')).toBeInTheDocument();

    const second = await card('Groceries 2');
    expect(within(second).getByTestId('payment-status')).toHaveTextContent('unknown status');
    expect(within(second).getByText('Shares')).toBeInTheDocument();
    expect(within(second).getByText('No category')).toBeInTheDocument();
    expect(screen.getByTestId('expense-totals')).toHaveTextContent('2 expenses');
    expect(screen.getByTestId('expense-totals')).toHaveTextContent('Total €60.00');
    expect(screen.getByTestId('expense-totals')).toHaveTextContent('My part €20.00');
  });

  it('offers Settle only on my own open share', async () => {
    openGroupExpenses([
      expense(1),
      // Ann paid: her own share is no debt, and Bob's is not hers to settle.
      expense(2, { paid_by: ann, splits: [split(21, ann, 1000, 1000), split(22, bob, 2000)] }),
      expense(3, { splits: [split(31, ann, 1000, 1000), split(32, bob, 2000)] }),
    ]);
    const first = await card('Groceries 1');
    const settles = within(first).getAllByRole('button', {
      name: 'Settle my share of Groceries 1',
    });
    expect(settles).toHaveLength(1);
    expect(within(first).getAllByTestId('split-row')[0]).toContainElement(settles[0]!);
    expect(within(await card('Groceries 2')).queryByRole('button', { name: /Settle/ })).toBeNull();
    expect(within(await card('Groceries 3')).queryByRole('button', { name: /Settle/ })).toBeNull();
  });

  it('offers edit and delete to who added or paid it, and to an admin', async () => {
    openGroupExpenses([expense(1), expense(2, { created_by: ann })]);
    expect(
      within(await card('Groceries 1')).queryByRole('button', { name: 'Edit expense Groceries 1' }),
    ).toBeNull();
    expect(
      within(await card('Groceries 2')).getByRole('button', { name: 'Edit expense Groceries 2' }),
    ).toBeInTheDocument();
  });

  it('loads older expenses with Load more, sending the cursor', async () => {
    const { server } = openGroupExpenses();
    server.protectedRoute('GET', '/groups/1/expenses', (request) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      return jsonResponse(
        cursor === '2025-03-14_1'
          ? page([expense(2)])
          : page([expense(1)], { next_cursor: '2025-03-14_1' }),
      );
    });
    await card('Groceries 1');
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await card('Groceries 2')).toBeInTheDocument();
    expect(screen.getAllByTestId('expense-card')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('filters by date range, category and payer', async () => {
    const { server } = openGroupExpenses();
    await card('Groceries 1');
    const filters = screen.getByRole('region', { name: 'Filters' });
    await userEvent.selectOptions(within(filters).getByLabelText('Category'), 'Rent');
    await userEvent.selectOptions(within(filters).getByLabelText('Paid by'), 'Bob Member');
    await userEvent.type(within(filters).getByLabelText('From'), '2025-03-01');
    await userEvent.type(within(filters).getByLabelText('To'), '2025-02-01');
    expect(within(filters).getByText('The end date is before the start date')).toBeInTheDocument();
    await userEvent.clear(within(filters).getByLabelText('To'));
    await userEvent.type(within(filters).getByLabelText('To'), '2025-03-31');
    await waitFor(() => {
      const last = server.callsTo('/groups/1/expenses').at(-1)!;
      expect(Object.fromEntries(new URL(last.url).searchParams)).toMatchObject({
        category_id: '32',
        paid_by: '6',
        from: '2025-03-01',
        to: '2025-03-31',
      });
    });
    // A range that ends before it starts was never asked for.
    expect(
      server
        .callsTo('/groups/1/expenses')
        .some((request) => new URL(request.url).searchParams.get('to') === '2025-02-01'),
    ).toBe(false);
  });

  it('deletes an expense after a confirmation, sending its version', async () => {
    const { server } = openGroupExpenses([expense(1, { created_by: ann, version: 3 })]);
    server.protectedRoute('DELETE', '/expenses/1', () => new Response(null, { status: 204 }));
    await userEvent.click(
      within(await card('Groceries 1')).getByRole('button', { name: 'Delete expense Groceries 1' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete expense' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Expense deleted')).toBeInTheDocument();
    expect(new URL(server.callsTo('/expenses/1')[0]!.url).searchParams.get('version')).toBe('3');
  });

  describe('the expense form (spec §4 split types)', () => {
    it('previews an equal split live and sends it with an Idempotency-Key', async () => {
      const { server } = openGroupExpenses([]);
      let answers = 0;
      server.protectedRoute('POST', '/expenses', () => {
        answers += 1;
        // The first answer is lost on the way: the retry must carry the same key.
        return answers === 1
          ? problemResponse(503, 'service_unavailable')
          : jsonResponse(expense(9), 201);
      });
      const dialog = await openForm();
      expect(
        within(dialog).getByText("Enter the amount to see everyone's share."),
      ).toBeInTheDocument();
      await userEvent.type(within(dialog).getByLabelText(/Description/), 'Pizza');
      await userEvent.type(within(dialog).getByLabelText(/Amount/), '10');
      // The odd cent rotates by the date (docs/expenses.md "Splits"): the preview follows it.
      const date = within(dialog).getByLabelText(/Date/);
      await userEvent.clear(date);
      await userEvent.type(date, '2026-11-21');
      expect(within(dialog).getByTestId('share-5')).toHaveTextContent('€3.34');
      expect(within(dialog).getByTestId('share-6')).toHaveTextContent('€3.33');
      expect(within(dialog).getByTestId('share-7')).toHaveTextContent('€3.33');
      await userEvent.clear(date);
      await userEvent.type(date, '2026-11-22');
      expect(within(dialog).getByTestId('share-5')).toHaveTextContent('€3.33');
      expect(within(dialog).getByTestId('share-6')).toHaveTextContent('€3.34');
      await userEvent.click(within(dialog).getByLabelText('Bob Member'));
      expect(within(dialog).getByTestId('share-5')).toHaveTextContent('€5.00');
      expect(within(dialog).getByTestId('share-6')).toHaveTextContent('–');

      await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
      expect(await within(dialog).findByText('Failed to save the expense')).toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
      expect(await screen.findByText('Expense added')).toBeInTheDocument();

      const [first, second] = server.callsTo('/expenses');
      expect(first!.headers.get('Idempotency-Key')).toBeTruthy();
      expect(second!.headers.get('Idempotency-Key')).toBe(first!.headers.get('Idempotency-Key'));
      expect(await second!.json()).toMatchObject({
        group_id: 1,
        description: 'Pizza',
        amount_cents: 1000,
        paid_by: 5,
        split: { type: 'equal', participants: [7, 5] },
      });
    });

    it('says what is left to assign and what is too much for exact amounts', async () => {
      openGroupExpenses([]);
      const dialog = await openForm();
      await userEvent.type(within(dialog).getByLabelText(/Amount/), '30');
      await userEvent.selectOptions(within(dialog).getByLabelText('Split'), 'exact');
      await userEvent.type(within(dialog).getByLabelText('Amount for Ann Example'), '10');
      expect(within(dialog).getByText('€20.00 left to assign')).toBeInTheDocument();
      await userEvent.type(within(dialog).getByLabelText('Amount for Bob Member'), '25,50');
      expect(within(dialog).getByText('€5.50 too much')).toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
      // Nothing is sent while the amounts do not add up.
      expect(within(dialog).getByText('€5.50 too much')).toBeInTheDocument();
      await userEvent.type(within(dialog).getByLabelText('Amount for Cleo Owner'), 'x');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
      expect(within(dialog).getByText('Enter an amount such as 12.50')).toBeInTheDocument();
    });

    it('adds percentages up to 100 and divides by shares', async () => {
      openGroupExpenses([]);
      const dialog = await openForm();
      await userEvent.type(within(dialog).getByLabelText(/Amount/), '20');
      await userEvent.selectOptions(within(dialog).getByLabelText('Split'), 'percentage');
      await userEvent.type(within(dialog).getByLabelText('Percent for Ann Example'), '50');
      await userEvent.type(within(dialog).getByLabelText('Percent for Bob Member'), '12.5');
      expect(within(dialog).getByText('37.5% left to assign')).toBeInTheDocument();
      await userEvent.type(within(dialog).getByLabelText('Percent for Cleo Owner'), '40');
      expect(within(dialog).getByText('2.5% too much')).toBeInTheDocument();
      await userEvent.clear(within(dialog).getByLabelText('Percent for Cleo Owner'));
      await userEvent.type(within(dialog).getByLabelText('Percent for Cleo Owner'), '37.5');
      expect(within(dialog).getByTestId('share-6')).toHaveTextContent('€2.50');

      // "Shares" starts from the members' default weights, 100 % each here (docs/expenses.md "Weights").
      await userEvent.selectOptions(within(dialog).getByLabelText('Split'), 'shares');
      expect(within(dialog).getByLabelText('Shares for Ann Example')).toHaveValue('100');
      await userEvent.clear(within(dialog).getByLabelText('Shares for Ann Example'));
      await userEvent.type(within(dialog).getByLabelText('Shares for Ann Example'), '200');
      expect(within(dialog).getByTestId('share-5')).toHaveTextContent('€10.00');
      expect(within(dialog).getByTestId('share-6')).toHaveTextContent('€5.00');
      await userEvent.clear(within(dialog).getByLabelText('Shares for Bob Member'));
      await userEvent.type(within(dialog).getByLabelText('Shares for Bob Member'), '0');
      expect(within(dialog).getByText('A whole number from 1 to 1000')).toBeInTheDocument();
    });

    it('checks the fields with clear messages before sending anything', async () => {
      const { server } = openGroupExpenses([]);
      const dialog = await openForm();
      await userEvent.clear(within(dialog).getByLabelText(/Date/));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
      expect(within(dialog).getByText('Description is required')).toBeInTheDocument();
      expect(within(dialog).getByText('Please enter an amount')).toBeInTheDocument();
      expect(within(dialog).getByText('Please choose a date')).toBeInTheDocument();
      await userEvent.type(within(dialog).getByLabelText(/Amount/), '0');
      expect(within(dialog).getByText('Please enter a positive amount')).toBeInTheDocument();
      await userEvent.clear(within(dialog).getByLabelText(/Amount/));
      await userEvent.type(within(dialog).getByLabelText(/Amount/), '1.999');
      expect(within(dialog).getByText('Use at most 2 decimals')).toBeInTheDocument();
      for (const name of ['Ann Example', 'Bob Member', 'Cleo Owner']) {
        await userEvent.click(within(dialog).getByLabelText(name));
      }
      expect(within(dialog).getByText('Choose at least one person')).toBeInTheDocument();
      expect(server.callsTo('/expenses')).toHaveLength(0);
    });

    it("shows the server's refusal (400) in the form", async () => {
      const { server } = openGroupExpenses([]);
      server.protectedRoute('POST', '/expenses', () =>
        jsonResponse(
          {
            type: 'about:blank',
            title: 'Validation failed',
            status: 400,
            code: 'validation_failed',
            errors: [
              { path: 'split.participants.0', code: 'not_a_member', message: 'x' },
              { path: 'notes', code: 'too_big', message: 'Notes are too long' },
            ],
          },
          400,
        ),
      );
      const dialog = await openForm();
      await userEvent.type(within(dialog).getByLabelText(/Description/), 'Pizza');
      await userEvent.type(within(dialog).getByLabelText(/Amount/), '9');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent('Everyone in a split must be a member of the group');
      expect(alert).toHaveTextContent('Notes are too long');
    });

    it('edits with the version seen; after a 409 shows the latest and says so', async () => {
      const { server } = openGroupExpenses([expense(1, { created_by: ann, version: 2 })]);
      let patches = 0;
      server.protectedRoute('PATCH', '/expenses/1', () => {
        patches += 1;
        if (patches === 1) {
          return jsonResponse(
            {
              type: 'about:blank',
              title: 'Conflict',
              status: 409,
              code: 'conflict',
              current: expense(1, { created_by: ann, version: 3, description: 'Market' }),
            },
            409,
          );
        }
        return jsonResponse(expense(1, { version: 4 }));
      });
      await userEvent.click(
        within(await card('Groceries 1')).getByRole('button', { name: 'Edit expense Groceries 1' }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Edit expense' });
      expect(within(dialog).getByLabelText(/Amount/)).toHaveValue('30.00');
      await userEvent.clear(within(dialog).getByLabelText(/Amount/));
      await userEvent.type(within(dialog).getByLabelText(/Amount/), '31');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByText(/Someone changed this expense/)).toBeInTheDocument();
      expect(within(dialog).getByLabelText(/Description/)).toHaveValue('Market');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Expense updated')).toBeInTheDocument();
      const bodies = await Promise.all(server.callsTo('/expenses/1').map((r) => r.json()));
      expect(bodies.map((body: { version: number }) => body.version)).toEqual([2, 3]);
      expect(bodies[0]).toMatchObject({ amount_cents: 3100 });
    });
  });

  it('is the group page of an admin too: edit and delete on every expense', async () => {
    openGroupExpenses([expense(1)], { groupData: group({ my_role: 'admin' }) });
    expect(
      within(await card('Groceries 1')).getByRole('button', { name: 'Delete expense Groceries 1' }),
    ).toBeInTheDocument();
  });
});
