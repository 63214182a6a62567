import type { Category } from '@household/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse } from '../../../../test/fake-api';
import { category, item, listDetail } from '../../../../test/features/lists/fixtures';
import { openList } from '../../../../test/features/lists/open-list';

/** Dairy, Fruit and Bakery, sent out of order: the aisle order is Fruit, Bakery, Dairy. */
const everyday = () => [
  category(3, 'Dairy', 2),
  category(1, 'Fruit', 0),
  { ...category(2, 'Bakery', 1), color: 'orange' },
];

/**
 * A list page whose fake server keeps its categories like the real one: PATCH {position} moves a
 * category to that index and renumbers the rest.
 */
function openWithCategories(
  detail = listDetail([item(1, 'Milk', { category_id: 3 })]),
  initial: Category[] = everyday(),
) {
  let categories = initial;
  const app = openList(detail);
  const ordered = () => categories.slice().sort((a, b) => a.position - b.position || a.id - b.id);
  app.server.protectedRoute('GET', '/categories', () => jsonResponse(categories));
  for (const { id } of initial) {
    app.server.protectedRoute('PATCH', `/categories/${id}`, async (request) => {
      const body = (await request.json()) as { name?: string; position?: number };
      const rest = ordered().filter((known) => known.id !== id);
      let changed = { ...categories.find((known) => known.id === id)!, ...body };
      if (body.position !== undefined) rest.splice(body.position, 0, changed);
      else rest.splice(changed.position, 0, changed);
      categories = rest.map((known, position) => ({ ...known, position }));
      changed = categories.find((known) => known.id === id)!;
      return jsonResponse(changed);
    });
    app.server.protectedRoute('DELETE', `/categories/${id}`, () => {
      categories = categories.filter((known) => known.id !== id);
      return new Response(null, { status: 204 });
    });
  }
  return { ...app, current: () => ordered().map(({ name }) => name) };
}

async function openCategories() {
  await userEvent.click(await screen.findByRole('button', { name: 'List actions' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Categories' }));
  return screen.findByRole('dialog', { name: 'Categories' });
}

const names = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByTestId('category-row')
    .map((row) => (within(row).getByRole('textbox') as HTMLInputElement).value);

describe('managing categories (docs/lists.md "Categories")', () => {
  it('lists my categories in aisle order, with move buttons disabled at the ends', async () => {
    const { server } = openWithCategories();
    const dialog = await openCategories();
    await waitFor(() => expect(names(dialog)).toEqual(['Fruit', 'Bakery', 'Dairy']));
    expect(within(dialog).getByRole('button', { name: 'Move Fruit up' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Move Fruit down' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Move Dairy down' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Move Dairy up' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Delete Bakery' })).toBeInTheDocument();
    // A personal list: my own categories, no group_id.
    const query = new URL(server.callsTo('/categories')[0]!.url).searchParams;
    expect(query.has('group_id')).toBe(false);
  });

  it("uses the group's categories for a group list", async () => {
    const { server } = openList(listDetail([], { group: { id: 4, name: 'Flat 3B' } }), {
      categories: everyday(),
    });
    const dialog = await openCategories();
    expect(await within(dialog).findByLabelText('Name of Dairy')).toBeInTheDocument();
    expect(within(dialog).getByText(/lists of Flat 3B/)).toBeInTheDocument();
    const urls = server.callsTo('/categories').map((request) => new URL(request.url));
    expect(urls.every((url) => url.searchParams.get('group_id') === '4')).toBe(true);
  });

  it('renames a category on Enter and on leaving the field, sending the new name once', async () => {
    const { server, current } = openWithCategories();
    const dialog = await openCategories();
    const field = await within(dialog).findByLabelText('Name of Dairy');
    await userEvent.clear(field);
    await userEvent.type(field, 'Milk & cheese{enter}');
    expect(await screen.findByText('Category renamed to "Milk & cheese"')).toBeInTheDocument();
    const patches = server.callsTo('/categories/3');
    expect(patches).toHaveLength(1);
    expect(await patches[0]!.json()).toEqual({ name: 'Milk & cheese' });
    expect(current()).toEqual(['Fruit', 'Bakery', 'Milk & cheese']);
    expect(await within(dialog).findByLabelText('Name of Milk & cheese')).toHaveValue(
      'Milk & cheese',
    );

    const fruit = within(dialog).getByLabelText('Name of Fruit');
    await userEvent.type(fruit, 's');
    await userEvent.tab();
    expect(await screen.findByText('Category renamed to "Fruits"')).toBeInTheDocument();
    expect(await server.callsTo('/categories/1')[0]!.json()).toEqual({ name: 'Fruits' });
  });

  it('does not save an empty name: "Category name is required"', async () => {
    const { server } = openWithCategories();
    const dialog = await openCategories();
    const field = await within(dialog).findByLabelText('Name of Bakery');
    await userEvent.clear(field);
    await userEvent.tab();
    expect(await within(dialog).findByText('Category name is required')).toBeInTheDocument();
    expect(server.callsTo('/categories/2')).toHaveLength(0);
  });

  it('moves a category down with PATCH {position} and refreshes the open list', async () => {
    const { server, current } = openWithCategories();
    const dialog = await openCategories();
    await waitFor(() => expect(names(dialog)).toEqual(['Fruit', 'Bakery', 'Dairy']));
    const listLoads = server.callsTo('/lists/1').length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move Fruit down' }));

    expect(await screen.findByText('Category "Fruit" moved')).toBeInTheDocument();
    expect(await server.callsTo('/categories/1')[0]!.json()).toEqual({ position: 1 });
    expect(current()).toEqual(['Bakery', 'Fruit', 'Dairy']);
    await waitFor(() => expect(names(dialog)).toEqual(['Bakery', 'Fruit', 'Dairy']));
    expect(within(dialog).getByRole('button', { name: 'Move Bakery up' })).toBeDisabled();
    // Grouping follows the positions: the list is fetched again.
    await waitFor(() => expect(server.callsTo('/lists/1').length).toBeGreaterThan(listLoads));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Move Dairy up' }));
    await waitFor(() => expect(current()).toEqual(['Bakery', 'Dairy', 'Fruit']));
    expect(await server.callsTo('/categories/3')[0]!.json()).toEqual({ position: 1 });
  });

  it('says "Failed to move category" and puts the order back when the server refuses', async () => {
    const { server } = openWithCategories();
    server.protectedRoute('PATCH', '/categories/2', () => problemResponse(500, 'internal_error'));
    const dialog = await openCategories();
    await waitFor(() => expect(names(dialog)).toEqual(['Fruit', 'Bakery', 'Dairy']));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move Bakery up' }));
    expect(await screen.findByText('Failed to move category')).toBeInTheDocument();
    await waitFor(() => expect(names(dialog)).toEqual(['Fruit', 'Bakery', 'Dairy']));
  });

  it('says "Failed to rename category" and shows the old name again', async () => {
    const { server } = openWithCategories();
    server.protectedRoute('PATCH', '/categories/3', () => problemResponse(403, 'forbidden'));
    const dialog = await openCategories();
    const field = await within(dialog).findByLabelText('Name of Dairy');
    await userEvent.type(field, ' products{enter}');
    expect(await screen.findByText('You are not allowed to do this.')).toBeInTheDocument();
    await waitFor(() => expect(field).toHaveValue('Dairy'));
  });

  it('deletes a category only after confirming, and its items lose it', async () => {
    const { server, current } = openWithCategories();
    const dialog = await openCategories();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Delete Dairy' }));
    expect(
      within(dialog).getByText(
        'Delete the category "Dairy"? Its items stay on their lists under "No Category".',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('/categories/3')).toHaveLength(0);

    const listLoads = server.callsTo('/lists/1').length;
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Delete Dairy' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Category "Dairy" deleted')).toBeInTheDocument();
    expect(server.callsTo('/categories/3').map((request) => request.method)).toEqual(['DELETE']);
    expect(current()).toEqual(['Fruit', 'Bakery']);
    await waitFor(() => expect(names(dialog)).toEqual(['Fruit', 'Bakery']));
    await waitFor(() => expect(server.callsTo('/lists/1').length).toBeGreaterThan(listLoads));
  });

  it('says "Failed to delete category" when the server refuses', async () => {
    const { server } = openWithCategories();
    server.protectedRoute('DELETE', '/categories/1', () => problemResponse(500, 'internal_error'));
    const dialog = await openCategories();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Delete Fruit' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete category')).toBeInTheDocument();
    await waitFor(() => expect(names(dialog)).toEqual(['Fruit', 'Bakery', 'Dairy']));
  });

  it('adds a category with a colour, asking for a name first', async () => {
    const { server } = openList(listDetail([], { group: { id: 4, name: 'Flat 3B' } }), {
      categories: everyday(),
    });
    server.protectedRoute('POST', '/categories', async (request) => {
      const body = (await request.json()) as { name: string; color: string };
      return jsonResponse({ id: 9, kind: 'item', position: 3, group_id: 4, ...body }, 201);
    });
    const dialog = await openCategories();
    await within(dialog).findByLabelText('Name of Dairy');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Category name is required')).toBeInTheDocument();
    expect(server.callsTo('/categories').filter(({ method }) => method === 'POST')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText(/Add category/), '  Spices ');
    expect(within(dialog).queryByText('Category name is required')).not.toBeInTheDocument();
    const colour = within(dialog).getByLabelText('Colour');
    expect(
      within(colour)
        .getAllByRole('option')
        .map((option) => (option as HTMLOptionElement).value),
    ).toEqual([
      'gray',
      'red',
      'pink',
      'grape',
      'violet',
      'indigo',
      'blue',
      'cyan',
      'teal',
      'green',
      'lime',
      'yellow',
      'orange',
    ]);
    await userEvent.selectOptions(colour, 'teal');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Category "Spices" added')).toBeInTheDocument();
    const post = server.callsTo('/categories').find(({ method }) => method === 'POST')!;
    expect(await post.json()).toEqual({ name: 'Spices', color: 'teal', group_id: 4 });
    expect(within(dialog).getByLabelText(/Add category/)).toHaveValue('');
  });

  it('says "Failed to add category" when the server refuses, and keeps the name', async () => {
    const { server } = openWithCategories();
    server.protectedRoute('POST', '/categories', () => problemResponse(500, 'internal_error'));
    const dialog = await openCategories();
    await userEvent.type(await within(dialog).findByLabelText(/Add category/), 'Spices{enter}');
    expect(await screen.findByText('Failed to add category')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Add category/)).toHaveValue('Spices');
  });

  it('lists the categories in aisle order in the edit-item dialog', async () => {
    openWithCategories();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Milk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit item' });
    const select = within(dialog).getByLabelText('Category');
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['No Category', 'Fruit', 'Bakery', 'Dairy']),
    );
    expect(select).toHaveValue('3');
  });
});
