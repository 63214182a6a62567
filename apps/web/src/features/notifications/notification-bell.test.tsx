import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { realtimeEmitter } from '../../lib/realtime-events';
import { jsonResponse } from '../../../test/fake-api';
import { renderApp, testUser } from '../../../test/render-app';
import {
  notification,
  serverWithNotifications,
} from '../../../test/features/notifications/fixtures';

const bell = (name: string | RegExp) => screen.findByRole('button', { name });

async function openCentre(name: string | RegExp, title = 'Notifications') {
  await userEvent.click(await bell(name));
  return screen.findByRole('dialog', { name: title });
}

const choreDue = notification({
  id: 2,
  kind: 'chore_due',
  data: { chore_name: 'Bins out', group_name: 'Flat 3' },
  link: '/chores',
});

describe('the notification bell (issue 13 §2)', () => {
  it('names the unread count and shows it as a badge', async () => {
    const { server } = serverWithNotifications([notification(), choreDue]);
    renderApp('/lists', server);
    const button = await bell('Notifications, 2 unread');
    expect(button).toHaveTextContent('2');
  });

  it('says just Notifications when everything is read', async () => {
    const { server } = serverWithNotifications([notification({ read_at: '2026-11-20T10:00:00Z' })]);
    renderApp('/lists', server);
    expect(await bell('Notifications')).not.toHaveTextContent(/\d/);
  });

  it('counts a new notification as soon as the realtime event arrives', async () => {
    const { server, add } = serverWithNotifications([notification()]);
    renderApp('/lists', server);
    await bell('Notifications, 1 unread');

    add(choreDue);
    realtimeEmitter.emitEvent({
      entity: 'notification',
      id: 2,
      action: 'created',
      list_id: null,
      group_id: null,
      user_id: 5,
      version: null,
      actor: null,
    });

    expect(await bell('Notifications, 2 unread')).toBeInTheDocument();
  });

  it('counts again once the connection is ready: a notification made before it sent its event to nobody', async () => {
    const { server, add } = serverWithNotifications([notification()]);
    renderApp('/lists', server);
    await bell('Notifications, 1 unread');

    add(choreDue);
    realtimeEmitter.emitConnected();

    expect(await bell('Notifications, 2 unread')).toBeInTheDocument();
  });

  it('opens the newest notifications as sentences, with their time and unread ones marked', async () => {
    const { server } = serverWithNotifications([
      notification(),
      notification({
        id: 3,
        kind: 'list_changes',
        data: { actor_name: 'Cat', list_name: 'Weekly shop', count: 3, item_names: 'Milk, Eggs' },
        link: '/lists/12',
        read_at: '2026-11-20T10:00:00Z',
      }),
    ]);
    renderApp('/lists', server);
    const centre = await openCentre('Notifications, 1 unread');

    const entries = await within(centre).findAllByTestId('notification');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('Cat changed 3 items on “Weekly shop”: Milk, Eggs');
    expect(entries[0]).not.toHaveTextContent('Unread');
    expect(entries[1]).toHaveTextContent('UnreadBen added “Groceries” (€30.00)');
    expect(entries[1]).toHaveTextContent('Flat 3 · 5 minutes ago');
    expect(entries[1]).toHaveAttribute('data-unread');
  });

  it('closes on a second press of the bell, on Escape, and gives focus back to the bell', async () => {
    const { server } = serverWithNotifications([notification()]);
    renderApp('/lists', server);
    await openCentre('Notifications, 1 unread');
    const button = await bell('Notifications, 1 unread');
    expect(button).toHaveAttribute('aria-expanded', 'true');

    await userEvent.click(button);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument(),
    );
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await openCentre('Notifications, 1 unread');
    await userEvent.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('writes the sentences in the language shown', async () => {
    const { server } = serverWithNotifications([notification()]);
    server.protectedRoute('GET', '/users/me', () => jsonResponse(testUser({ locale: 'de' })));
    renderApp('/lists', server);
    const centre = await openCentre('Benachrichtigungen, 1 ungelesen', 'Benachrichtigungen');
    expect(
      await within(centre).findByText('Ben hat „Groceries“ (30,00 €) hinzugefügt'),
    ).toBeInTheDocument();
    expect(within(centre).getByText('vor 5 Minuten')).toBeInTheDocument();
  });

  it('marks a notification read when it is clicked, and opens its link', async () => {
    const { server } = serverWithNotifications([notification(), choreDue]);
    const { router } = renderApp('/lists', server);
    const centre = await openCentre('Notifications, 2 unread');

    await userEvent.click(await within(centre).findByRole('link', { name: /Bins out/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/chores'));
    expect(await bell('Notifications, 1 unread')).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('/notifications/2/read')).toHaveLength(1));
    expect(server.callsTo('/notifications/1/read')).toHaveLength(0);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument(),
    );
  });

  it('marks everything read at once', async () => {
    const { server } = serverWithNotifications([notification(), choreDue]);
    renderApp('/lists', server);
    const centre = await openCentre('Notifications, 2 unread');
    await within(centre).findAllByTestId('notification');

    await userEvent.click(within(centre).getByRole('button', { name: 'Mark all as read' }));

    expect(await bell('Notifications')).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('/notifications/read-all')).toHaveLength(1));
    await waitFor(() =>
      expect(
        within(centre)
          .getAllByTestId('notification')
          .filter((entry) => entry.hasAttribute('data-unread')),
      ).toHaveLength(0),
    );
    expect(within(centre).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('shows older notifications with Show more', async () => {
    const many = Array.from({ length: 25 }, (_, i) =>
      notification({
        id: i + 1,
        kind: 'chore_due',
        data: { chore_name: `Chore ${i + 1}` },
        link: '/chores',
        read_at: '2026-11-20T10:00:00Z',
      }),
    );
    const { server } = serverWithNotifications(many);
    renderApp('/lists', server);
    const centre = await openCentre('Notifications');
    expect(await within(centre).findAllByTestId('notification')).toHaveLength(20);
    expect(within(centre).queryByText('“Chore 5” is due today')).not.toBeInTheDocument();

    await userEvent.click(within(centre).getByRole('button', { name: 'Show more' }));

    expect(await within(centre).findByText('“Chore 1” is due today')).toBeInTheDocument();
    expect(within(centre).getAllByTestId('notification')).toHaveLength(25);
    expect(within(centre).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    const pages = server.callsTo('/notifications').map((r) => new URL(r.url).searchParams);
    expect(pages.at(-1)!.get('before')).toBe('6');
  });

  it('says so when there is nothing yet', async () => {
    const { server } = serverWithNotifications([]);
    renderApp('/lists', server);
    const centre = await openCentre('Notifications');
    expect(await within(centre).findByText('You have no notifications yet.')).toBeInTheDocument();
    expect(within(centre).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });
});
