import type { ExpenseSeries } from '@household/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import {
  ann,
  bob,
  expense,
  group,
  moneyServer,
  page,
} from '../../../../test/features/expenses/fixtures';

/** Rent of 900.00 on the 1st of each month, paid by Ann (the signed-in user), split equally. */
const rent = (overrides: Partial<ExpenseSeries> = {}): ExpenseSeries => ({
  id: 40,
  group_id: 1,
  description: 'Rent',
  amount_cents: 90000,
  currency: 'EUR',
  paid_by: ann,
  category: null,
  notes: '',
  split_type: 'equal',
  split: { type: 'equal', participants: [7, 5, 6] },
  rule: { frequency: 'monthly', interval: 1, month_day: 1, start_date: '2025-03-01' },
  status: 'active',
  next_date: '2025-04-01',
  occurrences_made: 1,
  awaiting_amount: [],
  created_by: ann,
  created_at: '2025-03-01T08:00:00.000Z',
  updated_at: '2025-03-01T08:00:00.000Z',
  version: 2,
  ...overrides,
});

function openGroupExpenses(
  series: ExpenseSeries[] = [],
  options: Parameters<typeof moneyServer>[0] = {},
) {
  const server = moneyServer(options);
  server.protectedRoute('GET', '/groups/1/expenses', () => jsonResponse(page([expense(1)])));
  server.protectedRoute('GET', '/expense-series', () => jsonResponse({ series }));
  return renderApp('/groups/1/expenses', server);
}

const section = () => screen.findByRole('region', { name: 'Recurring bills' });

const row = async (description: string) =>
  (await within(await section()).findAllByTestId('series-row')).find(
    (element) => within(element).queryByText(description) !== null,
  )!;

/** The requests of one method to a path (GET /expense-series is asked too). */
const sent = (
  server: ReturnType<typeof openGroupExpenses>['server'],
  method: string,
  path: string,
) => server.callsTo(path).filter((request) => request.method === method);

async function openForm() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add Expense' }));
  return screen.findByRole('dialog', { name: 'Add expense' });
}

async function fillExpense(dialog: HTMLElement, date = '2025-03-31') {
  await userEvent.type(within(dialog).getByLabelText(/Description/), 'Rent');
  await userEvent.type(within(dialog).getByLabelText(/^Amount/), '900');
  const dateField = within(dialog).getByLabelText(/^Date/);
  await userEvent.clear(dateField);
  await userEvent.type(dateField, date);
}

const conflict = () =>
  jsonResponse(
    { type: 'about:blank', title: 'Conflict', status: 409, code: 'conflict', current: rent() },
    409,
  );

describe('recurring bills on the group expenses page (issue 26 §1)', () => {
  it('lists each bill: amount or Variable, payer, rule in words, next date and status', async () => {
    openGroupExpenses([
      rent({ rule: { ...rent().rule, until: '2025-12-01' } }),
      rent({
        id: 41,
        description: 'Electricity',
        amount_cents: null,
        paid_by: bob,
        created_by: bob,
        rule: { frequency: 'weekly', interval: 2, start_date: '2025-03-03', count: 6 },
        status: 'paused',
        next_date: '2025-03-31',
      }),
    ]);
    const first = await row('Rent');
    expect(within(first).getByTestId('series-amount')).toHaveTextContent('€900.00');
    expect(within(first).getByText('Paid by Ann Example')).toBeInTheDocument();
    expect(within(first).getByTestId('series-rule')).toHaveTextContent(
      'Monthly on day 1 · until Dec 1, 2025',
    );
    expect(within(first).getByTestId('series-next')).toHaveTextContent('Next: Apr 1, 2025');
    expect(within(first).getByTestId('series-status')).toHaveTextContent('Active');

    const second = await row('Electricity');
    expect(within(second).getByTestId('series-amount')).toHaveTextContent('Variable');
    expect(within(second).getByTestId('series-rule')).toHaveTextContent(
      'Every 2 weeks · 6 times in all',
    );
    expect(within(second).getByTestId('series-status')).toHaveTextContent('Paused');
    // Bob's bill: Ann, a member who neither added nor pays it, is offered no change.
    expect(within(second).queryByRole('button')).toBeNull();
  });

  it('says so when there is none yet', async () => {
    openGroupExpenses([]);
    expect(
      await within(await section()).findByText(
        'No recurring bills yet. Choose “Repeats” when you add an expense.',
      ),
    ).toBeInTheDocument();
  });

  it('pauses, resumes and skips the next one, each at the version seen', async () => {
    const { server } = openGroupExpenses([
      rent(),
      rent({ id: 42, description: 'Internet', status: 'paused' }),
    ]);
    for (const action of ['pause', 'resume', 'skip']) {
      server.protectedRoute(
        'POST',
        `/expense-series/${action === 'resume' ? 42 : 40}/${action}`,
        () => jsonResponse(rent()),
      );
    }
    await userEvent.click(within(await row('Rent')).getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('Recurring bill paused')).toBeInTheDocument();
    await userEvent.click(within(await row('Internet')).getByRole('button', { name: 'Resume' }));
    expect(await screen.findByText('Recurring bill resumed')).toBeInTheDocument();
    await userEvent.click(within(await row('Rent')).getByRole('button', { name: 'Skip next' }));
    expect(await screen.findByText('The one of Apr 1, 2025 will be skipped')).toBeInTheDocument();

    expect(await server.callsTo('/expense-series/40/pause')[0]!.json()).toEqual({ version: 2 });
    expect(await server.callsTo('/expense-series/42/resume')[0]!.json()).toEqual({ version: 2 });
    expect(await server.callsTo('/expense-series/40/skip')[0]!.json()).toEqual({
      version: 2,
      date: '2025-04-01',
    });
  });

  it('ends a bill only after a confirmation, and says so on a conflict', async () => {
    const { server } = openGroupExpenses([rent()]);
    server.protectedRoute('POST', '/expense-series/40/end', conflict);
    await userEvent.click(within(await row('Rent')).getByRole('button', { name: 'End' }));
    const dialog = await screen.findByRole('dialog', { name: 'End this recurring bill?' });
    expect(server.callsTo('/expense-series/40/end')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'End' }));
    expect(
      await screen.findByText(/Someone changed this recurring bill meanwhile/),
    ).toBeInTheDocument();
    expect(await server.callsTo('/expense-series/40/end')[0]!.json()).toEqual({ version: 2 });
  });

  it('asks for the amount of a waiting occurrence and sends it', async () => {
    const { server } = openGroupExpenses([
      rent({
        description: 'Electricity',
        amount_cents: null,
        awaiting_amount: [{ date: '2025-03-01' }],
      }),
    ]);
    server.protectedRoute('PUT', '/expense-series/40/occurrences/2025-03-01', () =>
      jsonResponse(expense(5), 201),
    );
    const bill = await row('Electricity');
    const amount = within(bill).getByLabelText('Amount to fill in for Mar 1, 2025');
    const save = within(bill).getByRole('button', { name: 'Save the amount for Mar 1, 2025' });
    await userEvent.click(save);
    expect(within(bill).getByText('Please enter an amount')).toBeInTheDocument();
    await userEvent.type(amount, '74,30');
    await userEvent.click(save);
    expect(await screen.findByText('Amount saved: the expense is added')).toBeInTheDocument();
    const [put] = server.callsTo('/expense-series/40/occurrences/2025-03-01');
    expect(await put!.json()).toEqual({ amount_cents: 7430 });
  });

  it('edits a bill’s next occurrences: the form is filled in, the rule sent only if changed', async () => {
    const { server } = openGroupExpenses([rent()]);
    server.protectedRoute('PATCH', '/expense-series/40', () => jsonResponse(rent({ version: 3 })));
    await userEvent.click(within(await row('Rent')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit recurring bill' });
    expect(
      within(dialog).getByText(
        'Changes apply to the next occurrences; past ones stay as they were.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Amount/)).toHaveValue('900.00');
    expect(within(dialog).getByLabelText('Repeats')).toHaveValue('monthly_day');
    // Ending is its own action: the form offers no "Never".
    expect(
      within(within(dialog).getByLabelText('Repeats')).queryByRole('option', { name: 'Never' }),
    ).toBeNull();
    await userEvent.clear(within(dialog).getByLabelText(/^Amount/));
    await userEvent.type(within(dialog).getByLabelText(/^Amount/), '950');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Recurring bill updated')).toBeInTheDocument();

    await userEvent.click(within(await row('Rent')).getByRole('button', { name: 'Edit' }));
    const again = await screen.findByRole('dialog', { name: 'Edit recurring bill' });
    await userEvent.selectOptions(within(again).getByLabelText('Repeats'), 'monthly_last');
    await userEvent.click(within(again).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(server, 'PATCH', '/expense-series/40')).toHaveLength(2));

    const [first, second] = await Promise.all(
      sent(server, 'PATCH', '/expense-series/40').map((request) => request.json()),
    );
    expect(first).toEqual({
      version: 2,
      description: 'Rent',
      amount_cents: 95000,
      category_id: null,
      notes: '',
      paid_by: 5,
      split: { type: 'equal', participants: [7, 5, 6] },
    });
    expect(second).toMatchObject({
      rule: { frequency: 'monthly', month_day: 'last', start_date: '2025-03-01' },
    });
  });

  it('shows the latest bill in the form after a 409, and says so', async () => {
    const { server } = openGroupExpenses([rent()]);
    server.protectedRoute('PATCH', '/expense-series/40', () =>
      jsonResponse(
        {
          type: 'about:blank',
          title: 'Conflict',
          status: 409,
          code: 'conflict',
          current: rent({ version: 5, description: 'Rent and service charges' }),
        },
        409,
      ),
    );
    await userEvent.click(within(await row('Rent')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit recurring bill' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(/Someone changed this recurring bill while you were editing/),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Description/)).toHaveValue('Rent and service charges');
  });
});

describe('the Repeat part of the expense form (issue 26 §1)', () => {
  it('adds a monthly bill as a series starting on the form’s date, not as an expense', async () => {
    const { server } = openGroupExpenses([]);
    server.protectedRoute('POST', '/expense-series', () => jsonResponse(rent(), 201));
    const dialog = await openForm();
    await fillExpense(dialog);
    const repeat = within(dialog).getByLabelText('Repeats');
    expect(repeat).toHaveValue('never');
    expect(within(dialog).getByRole('option', { name: 'Monthly on day 31' })).toBeInTheDocument();
    await userEvent.selectOptions(repeat, 'monthly_day');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Recurring bill added')).toBeInTheDocument();

    expect(server.callsTo('/expenses')).toHaveLength(0);
    const [post] = sent(server, 'POST', '/expense-series');
    expect(post!.headers.get('Idempotency-Key')).toBeTruthy();
    expect(await post!.json()).toEqual({
      group_id: 1,
      description: 'Rent',
      amount_cents: 90000,
      category_id: null,
      notes: '',
      paid_by: 5,
      split: { type: 'equal', participants: [7, 5, 6] },
      rule: {
        frequency: 'monthly',
        interval: 1,
        month_day: 31,
        start_date: '2025-03-31',
        until: null,
        count: null,
      },
    });
  });

  it('repeats every n weeks a number of times, or until a date after the first', async () => {
    const { server } = openGroupExpenses([]);
    server.protectedRoute('POST', '/expense-series', () => jsonResponse(rent(), 201));
    const dialog = await openForm();
    await fillExpense(dialog);
    await userEvent.selectOptions(within(dialog).getByLabelText('Repeats'), 'weeks');
    const weeks = within(dialog).getByLabelText('Every how many weeks');
    await userEvent.clear(weeks);
    await userEvent.type(weeks, '1');
    await userEvent.selectOptions(within(dialog).getByLabelText('Ends'), 'on');
    await userEvent.type(within(dialog).getByLabelText('End date'), '2025-03-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByText('A whole number from 2 to 52')).toBeInTheDocument();
    expect(within(dialog).getByText('The end date is before the first date')).toBeInTheDocument();
    expect(sent(server, 'POST', '/expense-series')).toHaveLength(0);

    await userEvent.clear(weeks);
    await userEvent.type(weeks, '3');
    await userEvent.selectOptions(within(dialog).getByLabelText('Ends'), 'after');
    const count = within(dialog).getByLabelText('Number of times');
    await userEvent.clear(count);
    await userEvent.type(count, '4');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Recurring bill added')).toBeInTheDocument();
    expect(await sent(server, 'POST', '/expense-series')[0]!.json()).toMatchObject({
      rule: { frequency: 'weekly', interval: 3, start_date: '2025-03-31', until: null, count: 4 },
    });
  });

  it('sends a variable bill with no amount, split without exact amounts', async () => {
    const { server } = openGroupExpenses([]);
    server.protectedRoute('POST', '/expense-series', () => jsonResponse(rent(), 201));
    const dialog = await openForm();
    await fillExpense(dialog);
    await userEvent.selectOptions(within(dialog).getByLabelText('Split'), 'exact');
    await userEvent.selectOptions(within(dialog).getByLabelText('Repeats'), 'yearly');
    await userEvent.click(within(dialog).getByLabelText(/Variable amount/));
    expect(within(dialog).queryByLabelText(/^Amount/)).toBeNull();
    expect(within(dialog).getByLabelText('Split')).toHaveValue('equal');
    expect(within(dialog).queryByRole('option', { name: 'Exact' })).toBeNull();
    expect(
      within(dialog).getByText("Everyone's share is worked out when each amount is filled in."),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Recurring bill added')).toBeInTheDocument();
    expect(await sent(server, 'POST', '/expense-series')[0]!.json()).toMatchObject({
      amount_cents: null,
      split: { type: 'equal' },
      rule: { frequency: 'yearly', start_date: '2025-03-31' },
    });
  });

  it('offers no Repeat when editing an expense already made', async () => {
    openGroupExpenses([], { groupData: group({ my_role: 'admin' }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit expense Groceries 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit expense' });
    expect(within(dialog).queryByLabelText('Repeats')).toBeNull();
  });
});

describe('recurring bills on my expenses page', () => {
  const openMine = (series: ExpenseSeries[]) => {
    const server = moneyServer();
    server.protectedRoute('GET', '/expenses', () => jsonResponse(page([])));
    server.protectedRoute('GET', '/balances', () => jsonResponse({ balances: [], groups: [] }));
    server.protectedRoute('GET', '/expense-series', () => jsonResponse({ series }));
    return renderApp('/expenses', server);
  };

  it('shows my personal bills, asked for without a group', async () => {
    const { server } = openMine([rent({ group_id: null, description: 'Gym', paid_by: ann })]);
    expect(await row('Gym')).toBeInTheDocument();
    const [request] = server.callsTo('/expense-series');
    expect(new URL(request!.url).searchParams.has('group_id')).toBe(false);
  });

  it('shows nothing while I have none', async () => {
    const { server } = openMine([]);
    await waitFor(() => expect(server.callsTo('/expense-series')).toHaveLength(1));
    await screen.findByRole('heading', { name: 'Expenses' });
    expect(screen.queryByRole('region', { name: 'Recurring bills' })).toBeNull();
  });
});
