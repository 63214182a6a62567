import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, get } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { realtimeEmitter } from '../../../lib/realtime-events';
import { jsonResponse, problemResponse } from '../../../../test/fake-api';
import { bob, item, listDetail } from '../../../../test/features/lists/fixtures';
import { openList } from '../../../../test/features/lists/open-list';

let online = true;
beforeEach(() => {
  online = true;
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
});
afterEach(() => {
  online = true;
});

function goOffline() {
  online = false;
  window.dispatchEvent(new Event('offline'));
}
function goOnline() {
  online = true;
  window.dispatchEvent(new Event('online'));
}

const rowOf = (name: string) =>
  waitFor(() => {
    const row = screen.getAllByTestId('item-row').find((r) => r.textContent?.includes(name));
    if (!row) throw new Error(`no row ${name}`);
    return row;
  });

async function tick(name: string) {
  await userEvent.click(within(await rowOf(name)).getByRole('checkbox', { name }));
  await userEvent.click(
    within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }),
  );
}

/** The queue as the outbox keeps it across visits (IndexedDB, docs/offline.md). */
async function storedOutbox(userId = 5): Promise<{ key: string }[] | undefined> {
  return get(`lists.${userId}`, createStore('household-outbox', 'item-changes'));
}

const writes = (server: { requests: Request[] }) =>
  server.requests.filter((request) => request.method !== 'GET');

describe('offline changes (docs/lists.md: never lose an edit)', () => {
  it('queues changes made offline, shows them, and sends them in order when back online', async () => {
    const { server } = openList(listDetail([item(1, 'Milk', { version: 4 })]));
    server.protectedRoute('PATCH', '/lists/1/items/1', () =>
      jsonResponse(item(1, 'Milk', { version: 5, done: true })),
    );
    server.protectedRoute('POST', '/lists/1/items', () => jsonResponse(item(2, 'Eggs'), 201));
    await rowOf('Milk');
    goOffline();

    await tick('Milk');
    await userEvent.type(screen.getByLabelText('Add item'), 'Eggs{enter}');

    expect(await screen.findByText('Offline — 2 changes waiting')).toBeInTheDocument();
    expect(await rowOf('Milk')).toHaveAttribute('data-done', 'true');
    expect(await rowOf('Eggs')).toBeInTheDocument();
    expect(writes(server)).toHaveLength(0);
    await waitFor(async () => expect(await storedOutbox()).toHaveLength(2));
    const stored = (await storedOutbox())!;

    goOnline();
    await waitFor(() => expect(writes(server)).toHaveLength(2));
    const [patch, post] = writes(server);
    expect(patch!.method).toBe('PATCH');
    expect(await patch!.json()).toEqual({ version: 4, done: true });
    expect(post!.method).toBe('POST');
    expect(await post!.json()).toEqual({ name: 'Eggs', quantity: 1 });
    const keys = [patch, post].map((request) => request!.headers.get('Idempotency-Key'));
    expect(keys).toEqual(stored.map((entry) => entry.key));
    expect(new Set(keys).size).toBe(2);
    await waitFor(async () => expect(await storedOutbox()).toBeUndefined());
    expect(screen.queryByText(/changes? waiting/)).not.toBeInTheDocument();
  });

  it('keeps a change made offline when the tab is closed, shows it on reopening offline, and sends it once', async () => {
    const first = openList(listDetail([item(1, 'Milk', { version: 4 })]));
    await rowOf('Milk');
    goOffline();
    await tick('Milk');
    await waitFor(async () => expect(await storedOutbox()).toHaveLength(1));
    const [queued] = (await storedOutbox())!;
    first.unmount();

    // The app opens again, still offline, on a list as it was before the tick.
    const { server } = openList(listDetail([item(1, 'Milk', { version: 4 })]));
    let patches = 0;
    server.protectedRoute('PATCH', '/lists/1/items/1', () => {
      patches += 1;
      return jsonResponse(item(1, 'Milk', { version: 5, done: true }));
    });
    expect(await screen.findByText('Offline — 1 change waiting')).toBeInTheDocument();
    await waitFor(async () => expect(await rowOf('Milk')).toHaveAttribute('data-done', 'true'));
    expect(writes(server)).toHaveLength(0);

    goOnline();
    await waitFor(async () => expect(await storedOutbox()).toBeUndefined());
    expect(patches).toBe(1);
    const [patch] = writes(server);
    expect(patch!.headers.get('Idempotency-Key')).toBe(queued!.key);
    expect(await patch!.json()).toEqual({ version: 4, done: true });
    expect(screen.queryByText(/changes? waiting/)).not.toBeInTheDocument();
  });

  it('keeps a tick made offline in supermarket mode as one made in the shop (issue 25)', async () => {
    const first = openList(listDetail([item(1, 'Milk', { version: 4 })]), {
      path: '/lists/1/shop',
    });
    await screen.findByRole('button', { name: 'Tick off Milk' });
    goOffline();
    await userEvent.click(screen.getByRole('button', { name: 'Tick off Milk' }));
    await waitFor(async () => expect(await storedOutbox()).toHaveLength(1));
    first.unmount();

    // Reopened later, the kept tick still says it was made in the shop when it goes out.
    const { server } = openList(listDetail([item(1, 'Milk', { version: 4 })]), {
      path: '/lists/1/shop',
    });
    server.protectedRoute('PATCH', '/lists/1/items/1', () =>
      jsonResponse(item(1, 'Milk', { version: 5, done: true })),
    );
    expect(await screen.findByText('Offline — 1 change waiting')).toBeInTheDocument();
    goOnline();
    await waitFor(async () => expect(await storedOutbox()).toBeUndefined());
    const [patch] = writes(server);
    expect(await patch!.json()).toEqual({ version: 4, done: true, in_shop: true });
  });

  it('moves a queue kept in local storage by an earlier version into IndexedDB and sends it', async () => {
    window.localStorage.setItem(
      'household.lists.outbox.5',
      JSON.stringify([
        {
          key: 'from-local-storage',
          change: { op: 'update', listId: 1, itemId: 1, body: { version: 4, done: true } },
          previous: null,
          failureKey: 'lists.item.updateFailed',
          queuedAt: '2025-03-12T10:00:00.000Z',
        },
      ]),
    );
    const { server } = openList(listDetail([item(1, 'Milk', { version: 4 })]));
    server.protectedRoute('PATCH', '/lists/1/items/1', () =>
      jsonResponse(item(1, 'Milk', { version: 5, done: true })),
    );
    await waitFor(() => expect(writes(server)).toHaveLength(1));
    expect(writes(server)[0]!.headers.get('Idempotency-Key')).toBe('from-local-storage');
    await waitFor(async () => expect(await storedOutbox()).toBeUndefined());
    expect(window.localStorage.getItem('household.lists.outbox.5')).toBeNull();
    expect(writes(server)).toHaveLength(1);
    await waitFor(async () => expect(await rowOf('Milk')).toHaveAttribute('data-done', 'true'));
  });

  it('shows the current item when a replayed change meets a newer one (409)', async () => {
    const { server } = openList(listDetail([item(1, 'Milk', { version: 2 })]));
    const current = item(1, 'Milk', { version: 3, done: true, completed_by: bob });
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
    await rowOf('Milk');
    goOffline();
    await userEvent.click(
      within(await rowOf('Milk')).getByRole('button', { name: 'Add price for Milk' }),
    );
    await userEvent.type(screen.getByLabelText('Price of Milk'), '3{enter}');
    expect(await screen.findByText('Offline — 1 change waiting')).toBeInTheDocument();

    // Meanwhile Bob ticked it: the list refetched on reconnect shows that, with our price on top
    // until the server has answered.
    server.protectedRoute('GET', '/lists/1', () => jsonResponse(listDetail([current])));
    goOnline();
    expect(
      await screen.findByText(/Someone else changed "Milk" at the same time/),
    ).toBeInTheDocument();
    await waitFor(async () => expect(await rowOf('Milk')).toHaveAttribute('data-done', 'true'));
    expect(screen.getByText('Completed by Bob Member')).toBeInTheDocument();
    expect(
      within(await rowOf('Milk')).getByRole('button', { name: 'Add price for Milk' }),
    ).toHaveTextContent('Add price');
  });
});

describe('a server that cannot take a change now (docs/lists.md "Idempotency-Key")', () => {
  it.each([
    ['sheds load (503)', () => problemResponse(503, 'service_unavailable', { 'retry-after': '1' })],
    [
      'still runs an earlier copy of it (409)',
      () => problemResponse(409, 'idempotency_in_progress', { 'retry-after': '1' }),
    ],
  ])('sends the change again after Retry-After when the server %s', async (_label, notNow) => {
    const { server } = openList(listDetail([]));
    let attempts = 0;
    server.protectedRoute('POST', '/lists/1/items', () =>
      ++attempts === 1 ? notNow() : jsonResponse(item(2, 'Eggs'), 201),
    );
    await userEvent.type(await screen.findByLabelText('Add item'), 'Eggs{enter}');
    await waitFor(() => expect(writes(server)).toHaveLength(2), { timeout: 3000 });
    const keys = writes(server).map((request) => request.headers.get('Idempotency-Key'));
    expect(keys[1]).toBe(keys[0]);
    await waitFor(async () => expect(await storedOutbox()).toBeUndefined());
    expect(await rowOf('Eggs')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('takes "already applied" as done and shows the list as the server has it', async () => {
    const { server } = openList(listDetail([]));
    server.protectedRoute('POST', '/lists/1/items', () => {
      server.protectedRoute('GET', '/lists/1', () => jsonResponse(listDetail([item(7, 'Eggs')])));
      return problemResponse(409, 'already_applied');
    });
    await userEvent.type(await screen.findByLabelText('Add item'), 'Eggs{enter}');
    await waitFor(async () => expect(await storedOutbox()).toBeUndefined());
    expect(await rowOf('Eggs')).toBeInTheDocument();
    expect(writes(server)).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('live updates (docs/lists.md: catch-up and live updates)', () => {
  it('shows an item added on another phone as soon as its event arrives', async () => {
    const { server } = openList(listDetail([item(1, 'Milk')]));
    server.protectedRoute('GET', '/items/9', () =>
      jsonResponse(item(9, 'Coffee', { added_by: bob })),
    );
    await rowOf('Milk');
    realtimeEmitter.emitEvent({
      entity: 'item',
      id: 9,
      action: 'created',
      list_id: 1,
      group_id: null,
      user_id: 5,
      version: 1,
      actor: 6,
    });
    expect(await rowOf('Coffee')).toBeInTheDocument();
    expect(screen.getByText('Added by Bob Member')).toBeInTheDocument();
  });

  it('removes an item deleted elsewhere and ignores an older copy of one', async () => {
    openList(listDetail([item(1, 'Milk'), item(2, 'Bread', { version: 3 })]));
    await rowOf('Bread');
    realtimeEmitter.emitEvent({
      entity: 'item',
      id: 1,
      action: 'deleted',
      list_id: 1,
      group_id: null,
      user_id: 5,
      version: null,
      actor: 6,
    });
    await waitFor(() => expect(screen.queryByText('Milk')).not.toBeInTheDocument());
    expect(await rowOf('Bread')).toBeInTheDocument();
  });

  it('after a reconnect, refetches the lists whose version moved on', async () => {
    const { server } = openList(listDetail([item(1, 'Milk')], { version: 1 }));
    await rowOf('Milk');
    server.protectedRoute('GET', '/lists/statuses', () =>
      jsonResponse([
        {
          id: 1,
          status: 'active',
          version: 4,
          item_count: 2,
          done_count: 0,
          updated_at: '2025-03-12T12:00:00.000Z',
        },
      ]),
    );
    server.protectedRoute('GET', '/lists/1', () =>
      jsonResponse(listDetail([item(1, 'Milk'), item(2, 'Tea')], { version: 4 })),
    );
    realtimeEmitter.emitResync();
    expect(await rowOf('Tea')).toBeInTheDocument();
    const statuses = server.callsTo('/lists/statuses')[0]!;
    expect(new URL(statuses.url).searchParams.getAll('ids')).toEqual(['1']);
  });
});
