import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../../test/fake-api';
import { ann, category, item, listDetail } from '../../../../test/features/lists/fixtures';
import { openList } from '../../../../test/features/lists/open-list';

const shopRows = () => screen.findAllByTestId('shop-row');

describe('supermarket mode (spec §2: with an exit button)', () => {
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
    expect(await server.callsTo('/lists/1/items/1')[0]!.json()).toEqual({
      version: 1,
      done: true,
      price_cents: 199,
    });
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
