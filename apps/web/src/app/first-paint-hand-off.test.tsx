import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeApi, jsonResponse, problemResponse } from '../../test/fake-api';
import { renderApp, signInAs } from '../../test/render-app';
import { item, listDetail } from '../../test/features/lists/fixtures';
import { LIST_SNAPSHOT_KEY, LIST_SNAPSHOT_ROWS } from '../lib/list-snapshot';

/**
 * index.html's outline of a list's page (public/first-paint.js marks <html> on a list's path)
 * stands in for the page until the app draws it, and gives way at once to anything else.
 */
/** Whether the outline still stands in for the page (the mark public/first-paint.js sets). */
const isOutlineShown = () => document.documentElement.hasAttribute('data-first-paint');

describe("the hand-off from index.html's outline to the app (lib/first-paint.ts)", () => {
  beforeEach(() => document.documentElement.setAttribute('data-first-paint', 'list'));
  afterEach(() => document.documentElement.removeAttribute('data-first-paint'));

  it('keeps the outline while the list is read, and takes it away when the list is drawn', async () => {
    const server = createFakeApi();
    signInAs(server);
    let answer: (response: Response) => void = () => undefined;
    server.protectedRoute(
      'GET',
      '/lists/1',
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    server.protectedRoute('GET', '/categories', () => jsonResponse([]));
    renderApp('/lists/1', server);

    await waitFor(() => expect(server.callsTo('/lists/1')).toHaveLength(1));
    // The layout is drawn beneath the outline meanwhile, unseen.
    expect(await screen.findByRole('navigation')).toBeInTheDocument();
    expect(isOutlineShown()).toBe(true);

    answer(jsonResponse(listDetail([item(1, 'Milk')])));
    expect(await screen.findByRole('heading', { name: 'Weekly shop' })).toBeInTheDocument();
    expect(isOutlineShown()).toBe(false);
  });

  it('gives way to the alert of a list that cannot be read', async () => {
    const server = createFakeApi();
    signInAs(server);
    server.protectedRoute('GET', '/lists/1', () => problemResponse(404, 'not_found'));
    renderApp('/lists/1', server);
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(isOutlineShown()).toBe(false);
  });

  it('gives way to the login page when the session has ended', async () => {
    renderApp('/lists/1');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(isOutlineShown()).toBe(false);
  });

  it('gives way at once to any page other than a list', async () => {
    const server = createFakeApi();
    signInAs(server);
    renderApp('/lists/1/items', server);
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(isOutlineShown()).toBe(false);
  });

  it('keeps the list drawn, for the outline of its next opening, and none while it is grouped', async () => {
    const server = createFakeApi();
    signInAs(server);
    const items = Array.from({ length: LIST_SNAPSHOT_ROWS + 2 }, (_, index) =>
      item(index + 1, `Item ${index + 1}`, { done: index === 1 }),
    );
    server.protectedRoute('GET', '/lists/1', () => jsonResponse(listDetail(items)));
    server.protectedRoute('GET', '/categories', () => jsonResponse([]));
    renderApp('/lists/1', server);
    expect(await screen.findByRole('heading', { name: 'Weekly shop' })).toBeInTheDocument();

    const saved = () => JSON.parse(window.localStorage.getItem(LIST_SNAPSHOT_KEY) ?? 'null');
    await waitFor(() =>
      expect(saved()).toEqual({
        list: 1,
        name: 'Weekly shop',
        items: items
          .slice(0, LIST_SNAPSHOT_ROWS)
          .map((shown) => ({ name: shown.name, done: shown.done })),
      }),
    );

    await userEvent.click(screen.getByRole('switch', { name: 'Group by category' }));
    await waitFor(() => expect(saved()).toBeNull());
  });
});
