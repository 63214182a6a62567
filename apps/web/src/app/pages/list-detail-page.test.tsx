import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, jsonResponse, problemResponse } from '../../../test/fake-api';
import { renderApp, signInAs } from '../../../test/render-app';
import {
  bob,
  category,
  costSummary,
  item,
  listDetail,
} from '../../../test/features/lists/fixtures';
import { openList } from '../../../test/features/lists/open-list';

const rows = () => screen.findAllByTestId('item-row');
const rowOf = (name: string) =>
  waitFor(() => {
    const row = screen.getAllByTestId('item-row').find((r) => within(r).queryByText(name));
    if (!row) throw new Error(`no row ${name}`);
    return row;
  });

describe('list detail page (spec §2 List detail)', () => {
  it('shows the items with quantity, unit and price, and a personal badge', async () => {
    openList(
      listDetail([
        item(1, 'Milk', { quantity: 2, price_cents: 199 }),
        item(2, 'Flour', { quantity: 500, unit: 'g' }),
      ]),
    );
    expect(await screen.findByRole('heading', { name: 'Weekly shop' })).toBeInTheDocument();
    expect(screen.getByText('Personal')).toBeInTheDocument();
    const milk = await rowOf('Milk');
    expect(within(milk).getByText('2 ×')).toBeInTheDocument();
    // A price button's name starts with what it shows (WCAG 2.5.3 "Label in Name").
    expect(
      within(milk).getByRole('button', { name: '€1.99, change price of Milk' }),
    ).toHaveTextContent('€1.99');
    const flour = await rowOf('Flour');
    expect(within(flour).getByText('500 g')).toBeInTheDocument();
    expect(within(flour).getByRole('button', { name: 'Add price for Flour' })).toHaveTextContent(
      'Add price',
    );
  });

  it('adds "2 x Milk 1,99" as two milks for €1.99, previewing it first', async () => {
    const { server } = openList(listDetail([]));
    server.protectedRoute('POST', '/lists/1/items', async (request) => {
      const body = (await request.json()) as { name: string };
      return jsonResponse(item(7, body.name, { quantity: 2, price_cents: 199 }), 201);
    });
    const field = await screen.findByLabelText('Add item');
    await userEvent.type(field, '2 x Milk 1,99');
    expect(screen.getByText('Will add: 2 × Milk · €1.99')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Item added')).toBeInTheDocument();
    expect(within(await rowOf('Milk')).getByText('€1.99')).toBeInTheDocument();
    const post = server.callsTo('/lists/1/items')[0]!;
    expect(await post.json()).toEqual({ name: 'Milk', quantity: 2, price_cents: 199 });
    expect(post.headers.get('Idempotency-Key')).toBeTruthy();
    expect(field).toHaveValue('');
  });

  it('asks for an item name', async () => {
    const { server } = openList(listDetail([]));
    await userEvent.click(await screen.findByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Please enter an item name')).toBeInTheDocument();
    expect(server.callsTo('/lists/1/items')).toHaveLength(0);
  });

  it('ticks an item after "Mark \'Milk\' as complete?" and shows who completed it', async () => {
    const { server } = openList(listDetail([item(1, 'Milk', { version: 3 })]));
    server.protectedRoute('PATCH', '/lists/1/items/1', () =>
      jsonResponse(item(1, 'Milk', { version: 4, done: true, completed_by: bob })),
    );
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Milk' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText("Mark 'Milk' as complete?")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(async () => expect(await rowOf('Milk')).toHaveAttribute('data-done', 'true'));
    expect(await screen.findByText('Completed by Bob Member')).toBeInTheDocument();
    const patch = server.callsTo('/lists/1/items/1')[0]!;
    expect(await patch.json()).toEqual({ version: 3, done: true });
  });

  it('asks "Mark \'Milk\' as incomplete?" for a ticked item, and changes nothing on Cancel', async () => {
    const { server } = openList(listDetail([item(1, 'Milk', { done: true })]));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Milk' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText("Mark 'Milk' as incomplete?")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await rowOf('Milk')).toHaveAttribute('data-done', 'true');
    expect(server.callsTo('/lists/1/items/1')).toHaveLength(0);
  });

  it('shows the current item and says so when someone else changed it first (409)', async () => {
    const { server } = openList(listDetail([item(1, 'Milk', { version: 2 })]));
    const current = item(1, 'Oat milk', { version: 3, price_cents: 250 });
    server.protectedRoute('PATCH', '/lists/1/items/1', () =>
      jsonResponse(
        {
          type: 'about:blank',
          title: 'Conflict',
          status: 409,
          code: 'conflict',
          current,
        },
        409,
      ),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Add price for Milk' }));
    const price = screen.getByLabelText('Price of Milk');
    await userEvent.type(price, '1.50{enter}');

    expect(
      await screen.findByText(
        'Someone else changed "Oat milk" at the same time. Your change was not saved; the list now shows their version.',
      ),
    ).toBeInTheDocument();
    const row = await rowOf('Oat milk');
    expect(within(row).getByText('€2.50')).toBeInTheDocument();
    expect(screen.queryByText('Milk')).not.toBeInTheDocument();
  });

  it('refuses a price in another currency with the translated message, and sends nothing', async () => {
    const { server } = openList(listDetail([item(1, 'Milk', { price_cents: 199 })]));
    await userEvent.click(
      await screen.findByRole('button', { name: '€1.99, change price of Milk' }),
    );
    const price = screen.getByLabelText('Price of Milk');
    await userEvent.clear(price);
    await userEvent.type(price, '$3.50{enter}');
    expect(await screen.findByText('Enter a price like 1.99')).toBeInTheDocument();
    expect(server.callsTo('/lists/1/items/1')).toHaveLength(0);
  });

  it('says "Failed to update item price" and puts the old price back', async () => {
    const { server } = openList(listDetail([item(1, 'Milk', { price_cents: 199 })]));
    server.protectedRoute('PATCH', '/lists/1/items/1', () =>
      problemResponse(500, 'internal_error'),
    );
    await userEvent.click(
      await screen.findByRole('button', { name: '€1.99, change price of Milk' }),
    );
    const price = screen.getByLabelText('Price of Milk');
    await userEvent.clear(price);
    await userEvent.type(price, '2,49{enter}');
    expect(await screen.findByText('Failed to update item price')).toBeInTheDocument();
    expect(
      await within(await rowOf('Milk')).findByRole('button', {
        name: '€1.99, change price of Milk',
      }),
    ).toHaveTextContent('€1.99');
    expect(await server.callsTo('/lists/1/items/1')[0]!.json()).toEqual({
      version: 1,
      price_cents: 249,
    });
  });

  it('edits an item in a dialog and sends only what changed', async () => {
    const { server } = openList(listDetail([item(1, 'Milk')]), {
      categories: [category(3, 'Dairy', 1)],
    });
    server.protectedRoute('PATCH', '/lists/1/items/1', () =>
      jsonResponse(item(1, 'Milk', { version: 2, quantity: 3, category_id: 3 })),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Milk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit item' });
    await userEvent.clear(within(dialog).getByLabelText('Quantity'));
    await userEvent.type(within(dialog).getByLabelText('Quantity'), '3');
    await userEvent.selectOptions(within(dialog).getByLabelText('Category'), '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Item updated')).toBeInTheDocument();
    expect(await server.callsTo('/lists/1/items/1')[0]!.json()).toEqual({
      version: 1,
      quantity: 3,
      category_id: 3,
    });
  });

  it('deletes an item', async () => {
    const { server } = openList(listDetail([item(1, 'Milk'), item(2, 'Bread')]));
    server.protectedRoute('DELETE', '/lists/1/items/1', () => new Response(null, { status: 204 }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Milk' }));
    expect(await screen.findByText('Item deleted')).toBeInTheDocument();
    expect((await rows()).map((row) => row.textContent)).toEqual([
      expect.stringContaining('Bread'),
    ]);
  });

  it('loads drag and drop on the first drag and hands it the key that started it', async () => {
    openList(listDetail([item(1, 'Apples'), item(2, 'Bread')]));
    const handle = await screen.findByRole('button', { name: 'Drag to reorder Apples' });
    // Until then the handle reads as dnd-kit's does, and dnd-kit has drawn nothing.
    expect(handle).toHaveAttribute('aria-roledescription', 'sortable');
    expect(handle).toHaveAccessibleDescription(/To move an item, press space or enter/);
    expect(document.querySelector('[id^="DndLiveRegion"]')).toBeNull();

    handle.focus();
    await userEvent.keyboard(' ');

    // dnd-kit has taken over the rows, the same handle has the focus, and the drag has begun:
    // picked up, the item is at once over its own place.
    expect(await screen.findByText('Apples moved to position 1.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Drag to reorder Apples' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByText('Moving Apples was cancelled.')).toBeInTheDocument();
  });

  it('shows the cost summary: total, equal share, participants and each balance', async () => {
    const { server } = openList(listDetail([item(1, 'Milk')]));
    server.protectedRoute('GET', '/costs/lists/1/cost-summary', () => jsonResponse(costSummary()));
    await userEvent.click(await screen.findByRole('button', { name: 'Cost summary' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cost summary' });
    expect(await within(dialog).findByTestId('cost-total')).toHaveTextContent('€10.01');
    expect(within(dialog).getByTestId('cost-equal-share')).toHaveTextContent('€5.00');
    expect(within(dialog).getByText('Participating users').nextSibling).toHaveTextContent('2');
    const table = within(dialog).getByRole('table');
    const [, annRow, bobRow] = within(table).getAllByRole('row');
    expect(annRow).toHaveTextContent(/Ann Example.*€7\.01.*€5\.01.*€2\.00/);
    expect(bobRow).toHaveTextContent(/Bob Member.*€3\.00.*€5\.00.*-€2\.00/);
  });

  it('says "Failed to load cost summary" when it cannot be loaded', async () => {
    const { server } = openList(listDetail([item(1, 'Milk')]));
    server.protectedRoute('GET', '/costs/lists/1/cost-summary', () =>
      problemResponse(403, 'forbidden'),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Cost summary' }));
    expect(await screen.findAllByText('Failed to load cost summary')).not.toHaveLength(0);
  });

  it('groups the items by category in aisle order, with "No Category" last', async () => {
    openList(
      listDetail([
        item(1, 'Soap', { category_id: 8 }),
        item(2, 'Cheese', { category_id: 3 }),
        item(3, 'Batteries'),
        item(4, 'Apples', { category_id: 2 }),
      ]),
      {
        categories: [
          category(8, 'Household', 7),
          category(3, 'Dairy', 3),
          category(2, 'Fruit & vegetables', 1),
        ],
      },
    );
    await rows();
    await userEvent.click(screen.getByRole('switch', { name: 'Group by category' }));
    const headings = await screen.findAllByRole('heading', { level: 3 });
    const titles = headings.map((heading) => heading.textContent);
    expect(titles).toEqual(
      expect.arrayContaining([
        'Fruit & vegetables (1)',
        'Dairy (1)',
        'Household (1)',
        'No Category (1)',
      ]),
    );
    const order = titles.filter((title) => /\(\d+\)$/.test(title ?? ''));
    expect(order).toEqual([
      'Fruit & vegetables (1)',
      'Dairy (1)',
      'Household (1)',
      'No Category (1)',
    ]);
    expect(
      (await rows()).map((row) => within(row).getByRole('checkbox').getAttribute('aria-label')),
    ).toEqual(['Apples', 'Cheese', 'Soap', 'Batteries']);
  });

  it('says "Failed to load list details." when the list cannot be loaded', async () => {
    const server = createFakeApi();
    signInAs(server);
    server.protectedRoute('GET', '/lists/1', () => problemResponse(404, 'not_found'));
    renderApp('/lists/1', server);
    // On the page and in a toast, which is drawn once the toast code is in.
    await waitFor(() =>
      expect(screen.getAllByText('Failed to load list details.')).toHaveLength(2),
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows the expenses section of a group list with Add Expense', async () => {
    openList(listDetail([], { group: { id: 4, name: 'Flat 3B' } }));
    expect(await screen.findByText('Group: Flat 3B')).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Expenses' });
    expect(
      await within(section).findByText('No expenses recorded for this list yet.'),
    ).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Add Expense' })).toBeInTheDocument();
  });

  it('closes its menu on a second press of the button and on Escape, focus back on the button', async () => {
    openList(listDetail([item(1, 'Milk')]));
    const button = await screen.findByRole('button', { name: 'List actions' });
    await userEvent.click(button);
    expect(await screen.findByRole('menuitem', { name: 'Edit list' })).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'true');

    await userEvent.click(button);
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(button);
    expect(await screen.findByRole('menuitem', { name: 'Edit list' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('offers the lifecycle actions in its menu and completes the list', async () => {
    const detail = listDetail([item(1, 'Milk')]);
    const { server } = openList(detail);
    server.protectedRoute('POST', '/lists/1/complete', () =>
      jsonResponse({ ...detail, items: undefined, status: 'completed', version: 2 }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'List actions' }));
    for (const action of [
      'Edit list',
      'Archive list',
      'Duplicate list',
      'Share with a group',
      'Export as CSV',
      'Export as JSON',
      'Delete list',
    ]) {
      expect(await screen.findByRole('menuitem', { name: action })).toBeInTheDocument();
    }
    await userEvent.click(screen.getByRole('menuitem', { name: 'Mark list as completed' }));
    expect(await screen.findByText('List completed')).toBeInTheDocument();
    expect(await screen.findByText('Completed')).toBeInTheDocument();
  });
});
