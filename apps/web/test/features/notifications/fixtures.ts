import type {
  Notification as AppNotification,
  NotificationDelivery,
  PushDevice,
} from '@household/contracts';
import { createFakeApi, jsonResponse } from '../../fake-api';
import { signInAs } from '../../render-app';

export function notification(overrides: Partial<AppNotification> = {}): AppNotification {
  return {
    id: 1,
    kind: 'expense_added',
    group_id: 3,
    data: {
      actor_name: 'Ben',
      expense_description: 'Groceries',
      amount_cents: 3000,
      currency: 'EUR',
      group_name: 'Flat 3',
    },
    link: '/groups/3/expenses',
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    read_at: null,
    ...overrides,
  };
}

export const delivery = (overrides: Partial<NotificationDelivery> = {}): NotificationDelivery => ({
  kinds: {
    chore_due: true,
    chore_overdue: true,
    chore_assigned: true,
    list_changes: true,
    expense_added: true,
    settlement_received: true,
    invitation: true,
    sign_in_attempts: true,
    bill_amount_needed: true,
    chore_swap_requested: true,
    chore_swap_answered: true,
  },
  reminder_time: '08:00',
  time_zone: 'Europe/Berlin',
  email_digest: 'daily',
  quiet_hours_start: null,
  quiet_hours_end: null,
  ...overrides,
});

export const device = (overrides: Partial<PushDevice> = {}): PushDevice => ({
  id: 7,
  label: 'Firefox on Android',
  created_at: '2026-11-20T10:00:00.000Z',
  last_used_at: null,
  current: false,
  ...overrides,
});

/**
 * A signed-in user whose notifications the fake server pages like the real one: newest first,
 * `limit` at a time before the `before` id, the unread count over all of them; read marks stick.
 */
export function serverWithNotifications(items: AppNotification[]) {
  const server = createFakeApi();
  signInAs(server);
  const state = { items: [...items].sort((a, b) => b.id - a.id) };
  server.protectedRoute('GET', '/notifications', (request) => {
    const query = new URL(request.url).searchParams;
    const limit = Number(query.get('limit') ?? 30);
    const before = query.get('before');
    const older = state.items.filter((item) => before === null || item.id < Number(before));
    const page = older.slice(0, limit);
    return jsonResponse({
      items: page,
      unread_count: state.items.filter((item) => item.read_at === null).length,
      next_before: older.length > limit ? page.at(-1)!.id : null,
    });
  });
  server.protectedRoute('POST', '/notifications/read-all', () => {
    state.items = state.items.map((item) => ({
      ...item,
      read_at: item.read_at ?? new Date().toISOString(),
    }));
    return new Response(null, { status: 204 });
  });
  for (const { id } of items) {
    server.protectedRoute('POST', `/notifications/${id}/read`, () => {
      state.items = state.items.map((item) =>
        item.id === id ? { ...item, read_at: item.read_at ?? new Date().toISOString() } : item,
      );
      return new Response(null, { status: 204 });
    });
  }
  /** What a housemate's action does on the server: one more notification. */
  const add = (item: AppNotification) => {
    state.items = [item, ...state.items];
  };
  return { server, state, add };
}
