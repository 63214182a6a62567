import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../../test/fake-api';
import { item, listDetail } from '../../../../test/features/lists/fixtures';
import { openList } from '../../../../test/features/lists/open-list';

const rowOf = (name: string) =>
  waitFor(() => {
    const row = screen.getAllByTestId('item-row').find((r) => within(r).queryByText(name));
    if (!row) throw new Error(`no row ${name}`);
    return row;
  });

describe('the shop a list is for (issue 25)', () => {
  it('shows the shop under the list name, and nothing for any shop', async () => {
    const first = openList(listDetail([item(1, 'Milk')], { shop: 'Lidl' }));
    expect(await screen.findByText('at Lidl')).toBeInTheDocument();
    first.unmount();

    openList(listDetail([item(1, 'Milk')]));
    await rowOf('Milk');
    expect(screen.queryByTestId('list-shop')).not.toBeInTheDocument();
  });

  it('changes the shop in the list edit form, with the version seen', async () => {
    const detail = listDetail([item(1, 'Milk')], { shop: 'Lidl', version: 3 });
    const { server } = openList(detail);
    server.protectedRoute('PATCH', '/lists/1', () =>
      jsonResponse({ ...detail, items: undefined, shop: 'Aldi Süd', version: 4 }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'List actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit list' });
    const shop = within(dialog).getByLabelText('Shop');
    expect(shop).toHaveValue('Lidl');
    expect(shop).toHaveAttribute('placeholder', 'Any shop');

    await userEvent.clear(shop);
    await userEvent.click(shop);
    await userEvent.paste('y'.repeat(81));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The shop name is too long')).toBeInTheDocument();
    expect(server.callsTo('/lists/1').filter((r) => r.method === 'PATCH')).toHaveLength(0);

    await userEvent.clear(shop);
    await userEvent.type(shop, 'Aldi Süd');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('at Aldi Süd')).toBeInTheDocument();
    const patch = server.callsTo('/lists/1').find((r) => r.method === 'PATCH')!;
    expect(await patch.json()).toEqual({
      version: 3,
      name: 'Weekly shop',
      description: '',
      shop: 'Aldi Süd',
    });
  });
});

describe('"usually bought with" after adding an item (issue 25)', () => {
  function openWithSuggestions(suggestions: unknown[]) {
    const opened = openList(listDetail([item(1, 'Tea')]));
    const { server } = opened;
    let nextId = 10;
    server.protectedRoute('POST', '/lists/1/items', async (request) => {
      const body = (await request.json()) as { name: string; category_id?: number };
      return jsonResponse(
        item(nextId++, body.name, { category_id: body.category_id ?? null, position: nextId }),
        201,
      );
    });
    server.protectedRoute('GET', '/lists/1/suggestions', () => jsonResponse({ suggestions }));
    return opened;
  }

  const suggestion = (name: string, overrides: Record<string, unknown> = {}) => ({
    name,
    category_id: null,
    reason: 'bought_with',
    times: 3,
    every_days: null,
    last_bought_at: '2025-03-10T10:00:00.000Z',
    ...overrides,
  });

  it('suggests what goes with the item just added and what is due again; one tap adds one', async () => {
    const { server } = openWithSuggestions([
      suggestion('Bread', { category_id: 2 }),
      suggestion('Eggs'),
      suggestion('Coffee', { reason: 'due_again', times: 5, every_days: 7 }),
    ]);
    await rowOf('Tea');
    expect(server.callsTo('/lists/1/suggestions')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Add item'), 'Milk{enter}');
    const strip = await screen.findByRole('region', { name: 'Suggestions' });
    expect(within(strip).getByText('Usually bought with Milk:')).toBeInTheDocument();
    expect(within(strip).getByText('Due again:')).toBeInTheDocument();
    // Each button is named by the text it shows (WCAG 2.5.3 "Label in Name").
    expect(
      within(strip)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Bread', 'Eggs', 'Coffee', '']);
    expect(within(strip).getByRole('button', { name: 'Coffee' })).toHaveAttribute(
      'title',
      'Bought about every 7 days',
    );
    const asked = new URL(server.callsTo('/lists/1/suggestions')[0]!.url);
    expect(asked.searchParams.get('item')).toBe('Milk');
    // The field is free for the next item at once.
    expect(screen.getByLabelText('Add item')).toHaveValue('');

    await userEvent.click(within(strip).getByRole('button', { name: 'Bread' }));
    expect(await rowOf('Bread')).toBeInTheDocument();
    expect(within(strip).queryByRole('button', { name: 'Bread' })).not.toBeInTheDocument();
    expect(within(strip).getByRole('button', { name: 'Eggs' })).toBeInTheDocument();
    const posts = server.callsTo('/lists/1/items').filter((r) => r.method === 'POST');
    expect(await posts[1]!.json()).toEqual({ name: 'Bread', category_id: 2 });

    await userEvent.click(within(strip).getByRole('button', { name: 'Dismiss suggestions' }));
    expect(screen.queryByRole('region', { name: 'Suggestions' })).not.toBeInTheDocument();
  });

  it('shows nothing when there is nothing to suggest', async () => {
    const { server } = openWithSuggestions([]);
    await rowOf('Tea');
    await userEvent.type(screen.getByLabelText('Add item'), 'Milk{enter}');
    expect(await rowOf('Milk')).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('/lists/1/suggestions')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Suggestions' })).not.toBeInTheDocument();
  });
});
