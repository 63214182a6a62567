import { PROBLEM_CONTENT_TYPE } from '@household/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, jsonResponse, problemResponse } from '../../../../test/fake-api';
import {
  ann,
  balanceSummary,
  bob,
  cleo,
  groupReport,
  importPreview,
  renderMoney,
  settlement,
} from '../../../../test/features/expenses/money-fixtures';
import { GroupMoneyPanel } from './GroupMoneyPanel';

type Server = ReturnType<typeof createFakeApi>;

function conflict(current: unknown) {
  return new Response(
    JSON.stringify({
      type: 'about:blank',
      title: 'Conflict',
      status: 409,
      code: 'conflict',
      current,
    }),
    { status: 409, headers: { 'Content-Type': PROBLEM_CONTENT_TYPE } },
  );
}

function openPanel({
  summary = balanceSummary(),
  settlements = [settlement()],
}: { summary?: ReturnType<typeof balanceSummary>; settlements?: unknown[] } = {}) {
  const server = createFakeApi();
  server.protectedRoute('GET', '/costs/groups/1/balance-summary', () => jsonResponse(summary));
  server.protectedRoute('GET', '/settlements', () =>
    jsonResponse({ items: settlements, next_cursor: null }),
  );
  server.protectedRoute('GET', '/reports', () => jsonResponse(groupReport()));
  server.protectedRoute('GET', '/balances/1', () => jsonResponse(summary));
  return renderMoney(<GroupMoneyPanel groupId={1} currency="EUR" />, server);
}

const region = (name: string) => screen.findByRole('region', { name });

async function transferRow(text: string) {
  const rows = await screen.findAllByTestId('transfer-row');
  return rows.find((row) => row.textContent?.includes(text))!;
}

const reads = (server: Server, path: string) =>
  server.callsTo(path).filter((request) => request.method === 'GET').length;

describe('group money panel (docs/expenses.md "Money overview screens")', () => {
  it("shows every member's net position in words, people who left included", async () => {
    openPanel();
    const balances = await region('Balances');
    const rows = within(balances).getAllByTestId('balance-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Ann Exampleis owed €40.00',
      'Bob Memberowes €12.34',
      'Cleo Ownerowes €17.66',
      'Deleted userLeft the groupowes €10.00',
    ]);
  });

  it('suggests the transfers and explains which expenses each settles', async () => {
    openPanel();
    const row = await transferRow('Bob Member pays Ann Example €12.34');
    const why = within(row).getByRole('button', { name: 'Which expenses does this settle?' });
    expect(why).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(why);
    expect(why).toHaveAttribute('aria-expanded', 'true');
    expect(within(row).getByText('Groceries, Mar 10, 2025: €12.34')).toBeVisible();
    expect(within(row).getByText('and 2 more expenses')).toBeInTheDocument();

    // Someone who left cannot be named in a new payment (docs/expenses.md "A ledger keeps its people").
    const left = await transferRow('Deleted user pays Ann Example €10.00');
    expect(within(left).getByRole('button', { name: 'Record payment' })).toBeDisabled();
    expect(
      within(left).getByText(
        'Deleted user has left the group, so this payment cannot be recorded here.',
      ),
    ).toBeInTheDocument();
  });

  it('says why each transfer is there, in words, routing around included', async () => {
    openPanel();
    const direct = await transferRow('Bob Member pays Ann Example €12.34');
    expect(
      within(direct).getByText('Bob Member owes Ann Example €12.34 for 3 expenses'),
    ).toBeInTheDocument();
    const around = await transferRow('Cleo Owner pays Ann Example €17.66');
    expect(
      within(around).getByText(
        'Cleo Owner pays Ann Example for Bob Member: Cleo Owner owes Bob Member €17.66 and Bob Member owes Ann Example €17.66',
      ),
    ).toBeInTheDocument();
  });

  it('names a unit as the side of a transfer', async () => {
    const couple = { id: 9, name: 'Ann & Bob', members: [ann, bob] };
    openPanel({
      summary: balanceSummary({
        transfers: [
          {
            from: cleo,
            to: ann,
            from_unit: null,
            to_unit: couple,
            amount_cents: 1766,
            expenses: [],
            more_expenses: 0,
            reasons: [{ kind: 'direct', amount_cents: 1766, expense_count: 1 }],
          },
        ],
      }),
    });
    const row = await transferRow('Cleo Owner pays Ann & Bob €17.66');
    expect(within(row).getByText('Cleo Owner owes Ann & Bob €17.66 for 1 expense')).toBeVisible();
  });

  it('switches to the pairwise view: who owes whom directly, with partial payments in words', async () => {
    openPanel();
    await transferRow('Bob Member pays Ann Example €12.34');
    await userEvent.click(screen.getByRole('radio', { name: 'Pairwise' }));
    const section = await region('Who owes whom directly');
    const rows = within(section).getAllByTestId('pairwise-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Bob Member owes Ann Example €30.00for 3 expensesPaid €20.00 of €50.00 to Ann Example',
      'Cleo Owner owes Bob Member €17.66for 1 expense',
      'Deleted user owes Ann Example €10.00for 1 expense',
    ]);
    expect(screen.queryAllByTestId('transfer-row')).toHaveLength(0);
    await userEvent.click(screen.getByRole('radio', { name: 'Simplified' }));
    expect(await screen.findAllByTestId('transfer-row')).toHaveLength(3);
  });

  it('explains a payment beyond a direct debt as settling a debt through the receiver', async () => {
    openPanel({
      summary: balanceSummary({
        pairwise: [
          { from: bob, to: ann, amount_cents: 1000, expense_count: 1, paid_cents: 0 },
          { from: cleo, to: bob, amount_cents: 1000, expense_count: 0, paid_cents: -1000 },
        ],
      }),
    });
    await userEvent.click(await screen.findByRole('radio', { name: 'Pairwise' }));
    expect(
      await screen.findByText(
        "Bob Member paid Cleo Owner €10.00, which settles Bob Member's debt to Ann Example through Cleo Owner",
      ),
    ).toBeInTheDocument();
  });

  it('says so when everyone is settled up', async () => {
    openPanel({ summary: balanceSummary({ transfers: [] }) });
    expect(await screen.findByText('Everyone is settled up.')).toBeInTheDocument();
  });

  it('records a suggested transfer as a payment after a confirmation, and refreshes', async () => {
    const { server } = openPanel();
    server.protectedRoute('POST', '/settlements', () => {
      server.protectedRoute('GET', '/costs/groups/1/balance-summary', () =>
        jsonResponse(balanceSummary({ transfers: balanceSummary().transfers.slice(1) })),
      );
      return jsonResponse(settlement({ id: 32, amount_cents: 1234, version: 1 }), 201);
    });
    const row = await transferRow('Bob Member pays Ann Example €12.34');
    await userEvent.click(within(row).getByRole('button', { name: 'Record payment' }));

    const dialog = await screen.findByRole('dialog', { name: 'Record this payment?' });
    expect(
      within(dialog).getByText(
        "Record that Bob Member paid Ann Example €12.34 today? Everyone's balances will be updated.",
      ),
    ).toBeInTheDocument();
    expect(server.callsTo('/settlements').filter((r) => r.method === 'POST')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));

    expect(await screen.findByText('Payment recorded')).toBeInTheDocument();
    const [post] = server.callsTo('/settlements').filter((r) => r.method === 'POST');
    expect(await post!.json()).toEqual({ group_id: 1, from_id: 6, to_id: 5, amount_cents: 1234 });
    expect(post!.headers.get('Idempotency-Key')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByText('Bob Member pays Ann Example €12.34')).not.toBeInTheDocument(),
    );
    expect(reads(server, '/costs/groups/1/balance-summary')).toBe(2);
    expect(reads(server, '/settlements')).toBe(2);
    expect(reads(server, '/reports')).toBe(2);
  });

  it('keeps the dialog open with the reason when a payment may not be recorded', async () => {
    const { server } = openPanel();
    server.protectedRoute('POST', '/settlements', () => problemResponse(403, 'forbidden'));
    const row = await transferRow('Cleo Owner pays Ann Example €17.66');
    await userEvent.click(within(row).getByRole('button', { name: 'Record payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record this payment?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(
      await within(dialog).findByText(
        'Only the two people of a payment or a group admin can do this.',
      ),
    ).toBeInTheDocument();
  });

  it('lists the payments with who, how much, when and the note', async () => {
    openPanel();
    const payments = await region('Payments');
    const row = await within(payments).findByTestId('settlement-row');
    expect(row).toHaveTextContent('Bob Member paid Ann Example €20.00');
    expect(row).toHaveTextContent('Mar 11, 2025');
    expect(row).toHaveTextContent('Cash at the door');
    // What the payment did to the debt between the two.
    expect(within(row).getByTestId('settlement-effect')).toHaveTextContent(
      'Paid €20.00 of €50.00 to Ann Example',
    );
  });

  it('records a payment by hand between two members', async () => {
    const { server } = openPanel({ settlements: [] });
    server.protectedRoute('POST', '/settlements', () => jsonResponse(settlement(), 201));
    const payments = await region('Payments');
    expect(await within(payments).findByText('No payments recorded yet.')).toBeInTheDocument();
    await userEvent.click(within(payments).getByRole('button', { name: 'Record a payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a payment' });
    // The people offered are the current members; Ann (signed in) pays by default.
    const payer = within(dialog).getByLabelText('Paid by');
    await waitFor(() => expect(payer).toHaveValue('5'));
    expect([...payer.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Ann Example',
      'Bob Member',
      'Cleo Owner',
    ]);
    await userEvent.selectOptions(payer, '7');
    await userEvent.selectOptions(within(dialog).getByLabelText('Paid to'), '6');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter an amount')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText(/Amount/), '7,5');
    await userEvent.clear(within(dialog).getByLabelText(/Date/));
    await userEvent.type(within(dialog).getByLabelText(/Date/), '2025-03-01');
    await userEvent.type(within(dialog).getByLabelText('Note'), 'Bus tickets');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Payment saved')).toBeInTheDocument();
    const [post] = server.callsTo('/settlements').filter((r) => r.method === 'POST');
    expect(await post!.json()).toEqual({
      group_id: 1,
      from_id: 7,
      to_id: 6,
      amount_cents: 750,
      date: '2025-03-01',
      note: 'Bus tickets',
    });
  });

  it('edits a payment at the version it was read at', async () => {
    const { server } = openPanel();
    server.protectedRoute('PATCH', '/settlements/31', () =>
      jsonResponse(settlement({ amount_cents: 2550, version: 3 })),
    );
    const row = await screen.findByTestId('settlement-row');
    await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit payment' });
    expect(within(dialog).getByText('From Bob Member to Ann Example')).toBeInTheDocument();
    const amount = within(dialog).getByLabelText(/Amount/);
    expect(amount).toHaveValue('20.00');
    await userEvent.clear(amount);
    await userEvent.type(amount, '25.50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Payment saved')).toBeInTheDocument();
    expect(await server.callsTo('/settlements/31')[0]!.json()).toEqual({
      version: 2,
      amount_cents: 2550,
      date: '2025-03-11',
      note: 'Cash at the door',
    });
  });

  it('shows the newer version after a 409 and saves with it on the next try', async () => {
    const { server } = openPanel();
    const bodies: unknown[] = [];
    server.protectedRoute('PATCH', '/settlements/31', async (request) => {
      const body = (await request.json()) as { version: number };
      bodies.push(body);
      return body.version === 2
        ? conflict(settlement({ amount_cents: 2200, note: 'Changed by Bob', version: 3 }))
        : jsonResponse(settlement({ version: 4 }));
    });
    await userEvent.click(
      within(await screen.findByTestId('settlement-row')).getByRole('button', { name: 'Edit' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit payment' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(
      await within(dialog).findByText(/Someone changed this payment in the meantime/),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Amount/)).toHaveValue('22.00');
    expect(within(dialog).getByLabelText('Note')).toHaveValue('Changed by Bob');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Payment saved')).toBeInTheDocument();
    expect(bodies).toEqual([
      expect.objectContaining({ version: 2, amount_cents: 2000 }),
      expect.objectContaining({ version: 3, amount_cents: 2200, note: 'Changed by Bob' }),
    ]);
  });

  it('deletes a payment after a confirmation, with its version', async () => {
    const { server } = openPanel();
    server.protectedRoute('DELETE', '/settlements/31', () => {
      server.protectedRoute('GET', '/settlements', () =>
        jsonResponse({ items: [], next_cursor: null }),
      );
      return new Response(null, { status: 204 });
    });
    await userEvent.click(
      within(await screen.findByTestId('settlement-row')).getByRole('button', { name: 'Delete' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete this payment?' });
    expect(
      within(dialog).getByText(
        'Delete the payment of €20.00 from Bob Member to Ann Example? The balances will change back.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Payment deleted')).toBeInTheDocument();
    const [request] = server.callsTo('/settlements/31');
    expect(new URL(request!.url).searchParams.get('version')).toBe('2');
    expect(await screen.findByText('No payments recorded yet.')).toBeInTheDocument();
  });

  it('asks again with the newer version when the payment changed before a delete', async () => {
    const { server } = openPanel();
    const versions: (string | null)[] = [];
    server.protectedRoute('DELETE', '/settlements/31', (request) => {
      const version = new URL(request.url).searchParams.get('version');
      versions.push(version);
      return version === '2'
        ? conflict(settlement({ amount_cents: 2600, version: 3 }))
        : new Response(null, { status: 204 });
    });
    await userEvent.click(
      within(await screen.findByTestId('settlement-row')).getByRole('button', { name: 'Delete' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete this payment?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await within(dialog).findByText(/Someone changed this payment in the meantime/),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/Delete the payment of €26.00/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Payment deleted')).toBeInTheDocument();
    expect(versions).toEqual(['2', '3']);
  });
});

describe('spending report of a group', () => {
  it('shows the figures by category, month and member as tables beside the charts', async () => {
    openPanel();
    const report = await region('Spending');
    expect(await within(report).findByTestId('report-total')).toHaveTextContent('Total: €150.00');
    const byCategory = within(report).getByRole('table', { name: 'Spending by category' });
    expect(
      within(byCategory)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Rent€100.00', 'Groceries€45.00', 'No category€5.00']);
    const byMonth = within(report).getByRole('table', { name: 'Spending by month' });
    expect(
      within(byMonth)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Feb 2025€105.00', 'Mar 2025€45.00']);
    const byMember = within(report).getByRole('table', { name: 'Spending by member' });
    expect(within(byMember).getAllByRole('row')[1]).toHaveTextContent('Ann Example€50.00€150.00');
    // The charts load on their own and are hidden from assistive technology (the tables say it).
    expect(await within(report).findByTestId('spending-charts')).toHaveAttribute(
      'aria-hidden',
      'true',
    );

    await userEvent.click(within(report).getByRole('radio', { name: 'Tables' }));
    expect(within(report).queryByTestId('spending-charts')).not.toBeInTheDocument();
    expect(within(report).getByRole('table', { name: 'Spending by category' })).toBeVisible();
  });

  it('asks for the chosen date range, and refuses an end before the start', async () => {
    const { server } = openPanel();
    const report = await region('Spending');
    await within(report).findByTestId('report-total');
    await userEvent.type(within(report).getByLabelText('From'), '2025-03-01');
    await waitFor(() =>
      expect(
        server.callsTo('/reports').map((request) => new URL(request.url).searchParams.toString()),
      ).toContain('group_id=1&from=2025-03-01'),
    );
    await userEvent.type(within(report).getByLabelText('To'), '2025-02-01');
    expect(
      await within(report).findByText('The end date must not be before the start date'),
    ).toBeInTheDocument();
    expect(within(report).getByRole('button', { name: 'Download report (CSV)' })).toBeDisabled();
  });
});

describe('CSV files', () => {
  let saved: Blob[];
  let names: string[];
  beforeEach(() => {
    saved = [];
    names = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:csv';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  const textOf = (blob: Blob) =>
    new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });

  const csv = (text: string) =>
    new Response(text, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });

  it('downloads the report as CSV with the signed-in token', async () => {
    const { server } = openPanel();
    server.protectedRoute('GET', '/reports', (request) =>
      new URL(request.url).searchParams.get('format') === 'csv'
        ? csv('section,name,currency,amount,paid\ncategory,Rent,EUR,100.00,\n')
        : jsonResponse(groupReport()),
    );
    const report = await region('Spending');
    await within(report).findByTestId('report-total');
    await userEvent.click(within(report).getByRole('button', { name: 'Download report (CSV)' }));

    await waitFor(() => expect(names).toEqual(['report-group-1.csv']));
    expect(await textOf(saved[0]!)).toBe(
      'section,name,currency,amount,paid\ncategory,Rent,EUR,100.00,\n',
    );
    const request = server
      .callsTo('/reports')
      .find((r) => new URL(r.url).searchParams.get('format') === 'csv')!;
    expect(request.headers.get('Authorization')).toBe('Bearer access-1');
    expect(new URL(request.url).searchParams.get('group_id')).toBe('1');
  });

  it("exports the group's expenses as CSV", async () => {
    const { server } = openPanel();
    server.protectedRoute('GET', '/groups/1/expenses/export', () =>
      csv('Date,Description,Category,Cost,Currency,Ann Example\n'),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(names).toEqual(['group-1-expenses.csv']));
    expect(await textOf(saved[0]!)).toBe('Date,Description,Category,Cost,Currency,Ann Example\n');
  });

  it('says so when the export fails', async () => {
    const { server } = openPanel();
    server.protectedRoute('GET', '/groups/1/expenses/export', () =>
      problemResponse(500, 'internal_error'),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('The expenses could not be exported.')).toBeInTheDocument();
    expect(names).toEqual([]);
  });
});

describe('Splitwise import', () => {
  const file = (text: string) => new File([text], 'splitwise.csv', { type: 'text/csv' });

  async function openImport(server: Server) {
    await userEvent.click(await screen.findByRole('button', { name: 'Import from Splitwise' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import from Splitwise' });
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    return { dialog, input, server };
  }

  it('previews the file, lets a person be matched, then imports it', async () => {
    const { server } = openPanel();
    const bodies: Record<string, unknown>[] = [];
    server.protectedRoute('POST', '/groups/1/expenses/import', async (request) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      if (body.dry_run === false) {
        return jsonResponse(
          importPreview({ expenses: 2, payments: 1, skipped: [], imported: true }),
        );
      }
      return jsonResponse(
        body.columns
          ? importPreview({
              columns: [
                { name: 'Ann', user_id: 5 },
                { name: 'Robert', user_id: 6 },
              ],
              expenses: 2,
              payments: 1,
              skipped: [],
            })
          : importPreview(),
      );
    });
    const { dialog, input } = await openImport(server);
    const content = 'Date,Description,Category,Cost,Currency,Ann,Robert\n';
    await userEvent.upload(input, file(content));

    expect(
      await within(dialog).findByText('Ready to import 1 expense and 0 payments.'),
    ).toBeInTheDocument();
    expect(bodies[0]).toEqual({ content, dry_run: true });
    const rows = within(dialog).getByRole('table', { name: 'First rows' });
    expect(within(rows).getAllByRole('row')[1]).toHaveTextContent(
      '2Jan 5, 2025Pizza night€30.00Ann Example paid',
    );
    expect(within(dialog).getByText('1 row will be skipped')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Row 3: A person in this row is not matched with a member'),
    ).toBeInTheDocument();

    const robert = within(dialog).getByLabelText('Member for “Robert”');
    expect(robert).toHaveValue('');
    await userEvent.selectOptions(robert, String(bob.id));
    expect(
      await within(dialog).findByText('Ready to import 2 expenses and 1 payment.'),
    ).toBeInTheDocument();
    expect(bodies[1]).toEqual({
      content,
      dry_run: true,
      columns: [
        { name: 'Ann', user_id: ann.id },
        { name: 'Robert', user_id: bob.id },
      ],
    });
    expect(within(dialog).queryByText(/will be skipped/)).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Imported 2 expenses and 1 payment')).toBeInTheDocument();
    expect(bodies[2]).toEqual({
      content,
      dry_run: false,
      columns: [
        { name: 'Ann', user_id: ann.id },
        { name: 'Robert', user_id: bob.id },
      ],
    });
    // The import changed the ledger: the balances are read again.
    await waitFor(() => expect(reads(server, '/costs/groups/1/balance-summary')).toBe(2));
  });

  it('asks for a rate for a currency the group has none for, then previews and imports with it', async () => {
    const { server } = openPanel();
    const bodies: Record<string, unknown>[] = [];
    const skippedDollars = {
      row: 2,
      reason: 'other_currency' as const,
      text: '2025-01-05,Pizza night,USD',
    };
    server.protectedRoute('POST', '/groups/1/expenses/import', async (request) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      if (!body.rates) {
        return jsonResponse(
          importPreview({
            expenses: 0,
            preview: [],
            missing_rates: ['USD'],
            skipped: [skippedDollars],
          }),
        );
      }
      const converted = importPreview({ rates: [{ currency: 'USD', rate: '0.9' }], skipped: [] });
      converted.preview[0]!.amount_cents = 2700;
      converted.preview[0]!.original = {
        currency: 'USD',
        amount_minor: 3000,
        exchange_rate: '0.9',
      };
      return jsonResponse({ ...converted, imported: body.dry_run === false });
    });
    const { dialog, input } = await openImport(server);
    const content = 'Date,Description,Category,Cost,Currency,Ann,Robert\n';
    await userEvent.upload(input, file(content));

    expect(
      await within(dialog).findByText('There is nothing in this file that can be imported.'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Row 2: There is no exchange rate for this currency yet'),
    ).toBeInTheDocument();
    const rate = within(dialog).getByLabelText('Rate for 1 USD in EUR');
    expect(
      within(dialog).getByText('No rate yet: the rows in this currency are skipped.'),
    ).toBeInTheDocument();
    const again = within(dialog).getByRole('button', { name: 'Check again with these rates' });
    expect(again).toBeDisabled();
    await userEvent.type(rate, '0,9');
    await userEvent.click(again);

    expect(
      await within(dialog).findByText('Ready to import 1 expense and 0 payments.'),
    ).toBeInTheDocument();
    expect(bodies[1]).toMatchObject({ dry_run: true, rates: [{ currency: 'USD', rate: '0.9' }] });
    const rows = within(dialog).getByRole('table', { name: 'First rows' });
    expect(within(rows).getAllByRole('row')[1]).toHaveTextContent('$30.00 · €27.00');
    // The rate stays to be changed, no longer said to be missing.
    expect(within(dialog).getByLabelText('Rate for 1 USD in EUR')).toHaveValue('0,9');
    expect(within(dialog).queryByText(/No rate yet/)).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() =>
      expect(bodies[2]).toMatchObject({
        dry_run: false,
        rates: [{ currency: 'USD', rate: '0.9' }],
      }),
    );
  });

  it('shows why the file could not be checked', async () => {
    const { server } = openPanel();
    server.protectedRoute('POST', '/groups/1/expenses/import', () =>
      problemResponse(413, 'payload_too_large'),
    );
    const { dialog, input } = await openImport(server);
    await userEvent.upload(input, file('Date,Description\n'));
    expect(await within(dialog).findByText('The file is too large to import.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
  });

  it('refuses an empty file without asking the server', async () => {
    const { server } = openPanel();
    const { dialog, input } = await openImport(server);
    await userEvent.upload(input, file('  \n'));
    expect(await within(dialog).findByText('The file is empty.')).toBeInTheDocument();
    expect(server.callsTo('/groups/1/expenses/import')).toHaveLength(0);
  });
});
