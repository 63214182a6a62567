import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, problemResponse } from '../../../../test/fake-api';
import { ann, category, item, listDetail } from '../../../../test/features/lists/fixtures';
import { openList } from '../../../../test/features/lists/open-list';
import { createFakeApi } from '../../../../test/fake-api';
import { renderApp, signInAs } from '../../../../test/render-app';
import type * as Format from '../format';

const shopRows = () => screen.findAllByTestId('shop-row');

/** The quantities rows were drawn with, one entry per row drawn (each row shows its quantity). */
const drawnQuantities = vi.hoisted(() => [] as number[]);
vi.mock('../format', async (importOriginal) => {
  const actual = await importOriginal<typeof Format>();
  return {
    ...actual,
    quantityText: (quantity: number, unit: string | null, locale: string) => {
      drawnQuantities.push(quantity);
      return actual.quantityText(quantity, unit, locale);
    },
  };
});

describe('supermarket mode (spec §2: with an exit button)', () => {
  it('says when the list could not be loaded, with the way out, and loads it again on Retry', async () => {
    const server = createFakeApi();
    signInAs(server);
    let reads = 0;
    server.protectedRoute('GET', '/lists/1', () =>
      ++reads === 1
        ? problemResponse(404, 'not_found')
        : jsonResponse(listDetail([item(1, 'Milk')])),
    );
    server.protectedRoute('GET', '/categories', () => jsonResponse([]));
    renderApp('/lists/1/shop', server);

    const alert = await screen.findByRole('alert', { name: 'Failed to load list details.' });
    expect(screen.getByRole('link', { name: 'Exit' })).toHaveAttribute('href', '/lists/1');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { name: 'Weekly shop' })).toBeInTheDocument();
    expect(await shopRows()).toHaveLength(1);
    expect(screen.queryByRole('alert', { name: 'Failed to load list details.' })).toBeNull();
  });

  it('shows the list full-screen in aisle order, ticks with one tap and sinks it to Done', async () => {
    const { server } = openList(
      listDetail([
        item(1, 'Milk', { category_id: 3 }),
        item(2, 'Apples', { category_id: 2, price_cents: 120 }),
        item(3, 'Bread', {
          done: true,
          price_cents: 250,
          completed_by: ann,
          completed_at: '2025-03-12T11:00:00.000Z',
        }),
      ]),
      { path: '/lists/1/shop', categories: [category(3, 'Dairy', 2), category(2, 'Fruit', 1)] },
    );
    server.protectedRoute('PATCH', '/lists/1/items/1', () =>
      jsonResponse(
        item(1, 'Milk', {
          category_id: 3,
          done: true,
          price_cents: 199,
          completed_by: ann,
          completed_at: '2025-03-12T12:00:00.000Z',
          version: 2,
        }),
      ),
    );

    expect(await screen.findByRole('heading', { name: 'Weekly shop' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Exit' })).toHaveAttribute('href', '/lists/1');
    await waitFor(async () =>
      expect((await shopRows()).map((row) => row.textContent)).toEqual([
        expect.stringContaining('Apples'),
        expect.stringContaining('Milk'),
        expect.stringContaining('Bread'),
      ]),
    );
    expect(screen.getByTestId('shop-total')).toHaveTextContent('In cart: €2.50');

    await userEvent.type(screen.getByLabelText('Price for Milk'), '1,99');
    await userEvent.click(screen.getByRole('button', { name: 'Tick off Milk' }));

    await waitFor(async () => {
      const milk = (await shopRows()).find((row) => row.textContent?.includes('Milk'))!;
      expect(milk).toHaveAttribute('data-done', 'true');
    });
    expect(screen.getByText('Done')).toBeInTheDocument();
    expect(screen.getByTestId('shop-total')).toHaveTextContent('In cart: €4.49');
    expect((await shopRows()).map((row) => row.textContent)).toEqual([
      expect.stringContaining('Apples'),
      expect.stringContaining('Milk'),
      expect.stringContaining('Bread'),
    ]);
    // Issue 25: a tick in supermarket mode says so; the walking order is learned from such ticks.
    expect(await server.callsTo('/lists/1/items/1')[0]!.json()).toEqual({
      version: 1,
      done: true,
      in_shop: true,
      price_cents: 199,
    });
  });

  it('marks a price it cannot read and does not tick the item until it is mended', async () => {
    const { server } = openList(listDetail([item(1, 'Milk')]), { path: '/lists/1/shop' });
    server.protectedRoute('PATCH', '/lists/1/items/1', () =>
      jsonResponse(item(1, 'Milk', { done: true, version: 2 })),
    );
    const price = await screen.findByLabelText('Price for Milk');
    await userEvent.type(price, 'abc');
    expect(price).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Tick off Milk' }));
    await userEvent.type(price, '{enter}');
    expect(server.callsTo('/lists/1/items/1')).toHaveLength(0);
    expect((await shopRows())[0]).toHaveAttribute('data-done', 'false');

    await userEvent.clear(price);
    expect(price).not.toHaveAttribute('aria-invalid');
    await userEvent.click(screen.getByRole('button', { name: 'Tick off Milk' }));
    await waitFor(() => expect(server.callsTo('/lists/1/items/1')).toHaveLength(1));
  });

  it('draws again only the row a tick changed, not every row on screen', async () => {
    const { server } = openList(
      listDetail([
        item(1, 'Milk', { quantity: 2 }),
        item(2, 'Apples', { quantity: 3 }),
        item(3, 'Bread', { quantity: 4 }),
      ]),
      { path: '/lists/1/shop' },
    );
    // The server's answer waits, so that what is drawn is the tick itself.
    let answer: (response: Response) => void = () => undefined;
    server.protectedRoute(
      'PATCH',
      '/lists/1/items/1',
      () => new Promise((resolve) => (answer = resolve)),
    );
    await waitFor(async () => expect(await shopRows()).toHaveLength(3));
    drawnQuantities.length = 0;

    await userEvent.click(screen.getByRole('button', { name: 'Tick off Milk, 2 ×' }));
    await waitFor(async () => {
      const milk = (await shopRows()).find((row) => row.textContent?.includes('Milk'))!;
      expect(milk).toHaveAttribute('data-done', 'true');
    });
    expect(drawnQuantities.filter((quantity) => quantity !== 2)).toEqual([]);
    answer(jsonResponse(item(1, 'Milk', { quantity: 2, done: true, version: 2 })));
  });

  it('takes a tick back with Undo on the row', async () => {
    const { server } = openList(
      listDetail([item(1, 'Milk', { done: true, completed_by: ann, price_cents: 100 })]),
      { path: '/lists/1/shop' },
    );
    server.protectedRoute('PATCH', '/lists/1/items/1', () =>
      jsonResponse(item(1, 'Milk', { version: 2, price_cents: 100 })),
    );
    const row = (await shopRows())[0]!;
    await userEvent.click(within(row).getByRole('button', { name: 'Undo Milk' }));
    await waitFor(async () => expect((await shopRows())[0]).toHaveAttribute('data-done', 'false'));
    expect(screen.getByTestId('shop-total')).toHaveTextContent('In cart: €0.00');
    expect(await server.callsTo('/lists/1/items/1')[0]!.json()).toEqual({
      version: 1,
      done: false,
    });
  });
});

describe('supermarket mode in the learned walking order (issue 25)', () => {
  const openRows = async () =>
    (await shopRows())
      .filter((row) => row.getAttribute('data-done') === 'false')
      .map((row) => row.textContent);
  const learnedItems = () =>
    listDetail(
      [
        item(1, 'Milk', { category_id: 3 }),
        item(2, 'Apples', { category_id: 2 }),
        item(3, 'Bread'),
        item(4, 'Cheese', { category_id: 3 }),
        item(5, 'Pears', { category_id: 2 }),
      ],
      { shop: 'Lidl' },
    );
  const categories = [category(3, 'Dairy', 2), category(2, 'Fruit', 1)];
  const walkingOrder = {
    shop: 'Lidl',
    trips: 3,
    // Bread (no category) first, then Dairy; Fruit comes after, but Pears is known before Apples.
    category_ids: [null, 3],
    item_keys: ['pears', 'cheese', 'bread', 'milk'],
  };
  const learnedOrder = ['Bread', 'Cheese', 'Milk', 'Pears', 'Apples'];
  const manualOrder = ['Apples', 'Pears', 'Milk', 'Cheese', 'Bread'];

  function openShop() {
    const opened = openList(learnedItems(), { path: '/lists/1/shop', categories });
    opened.server.protectedRoute('GET', '/lists/1/walking-order', () => jsonResponse(walkingOrder));
    return opened;
  }

  it('groups the open items in the order the household walks the shop, and says where it comes from', async () => {
    openShop();
    expect(await screen.findByText('Learned from 3 trips at Lidl')).toBeInTheDocument();
    await waitFor(async () =>
      expect(await openRows()).toEqual(learnedOrder.map((name) => expect.stringContaining(name))),
    );
    // Categories first learned, then the others in aisle order; items likewise in each.
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'No Category (1)',
      'Dairy (2)',
      'Fruit (2)',
    ]);
  });

  it('switches to your own order with the keyboard and remembers the choice on this device', async () => {
    const first = openShop();
    const yours = await screen.findByRole('radio', { name: 'Your order' });
    expect(screen.getByRole('radio', { name: 'Learned order' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Learned order' }));
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(yours).toBeChecked());
    await waitFor(async () =>
      expect(await openRows()).toEqual(manualOrder.map((name) => expect.stringContaining(name))),
    );
    expect(window.localStorage.getItem('household.view.shop:order')).toBe('"manual"');
    first.unmount();

    // The next trip opens the way this one ended.
    openShop();
    expect(await screen.findByRole('radio', { name: 'Your order' })).toBeChecked();
    await waitFor(async () =>
      expect(await openRows()).toEqual(manualOrder.map((name) => expect.stringContaining(name))),
    );
  });

  it('keeps your order, without a switch, when nothing was learned yet or the order cannot be had', async () => {
    const { server } = openList(learnedItems(), { path: '/lists/1/shop', categories });
    server.protectedRoute('GET', '/lists/1/walking-order', () =>
      jsonResponse({ shop: 'Lidl', trips: 0, category_ids: [], item_keys: [] }),
    );
    await waitFor(async () =>
      expect(await openRows()).toEqual(manualOrder.map((name) => expect.stringContaining(name))),
    );
    await waitFor(() => expect(server.callsTo('/lists/1/walking-order')).toHaveLength(1));
    expect(screen.queryByRole('radio', { name: 'Learned order' })).not.toBeInTheDocument();
  });

  it('shows the list in your order when the walking order fails to load', async () => {
    const { server } = openList(learnedItems(), { path: '/lists/1/shop', categories });
    server.protectedRoute('GET', '/lists/1/walking-order', () =>
      problemResponse(500, 'internal_error'),
    );
    await waitFor(async () =>
      expect(await openRows()).toEqual(manualOrder.map((name) => expect.stringContaining(name))),
    );
    await waitFor(() => expect(server.callsTo('/lists/1/walking-order').length).toBeGreaterThan(0));
    expect(screen.queryByRole('radio', { name: 'Learned order' })).not.toBeInTheDocument();
  });
});
