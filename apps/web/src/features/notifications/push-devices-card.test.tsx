import type { PushDevice } from '@household/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, jsonResponse, problemResponse } from '../../../test/fake-api';
import { renderApp, signInAs } from '../../../test/render-app';
import { device } from '../../../test/features/notifications/fixtures';

const TITLE = 'Push notifications on your devices';
const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const ENDPOINT = 'https://push.example.test/send/abc';
// A P-256 public key (65 bytes) and an auth secret (16 bytes), base64url, as browsers give them.
const KEYS = { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' };
const VAPID_KEY = `B${'A'.repeat(86)}`;

/** The devices as the server keeps them: marked `current` when the endpoint asked for is theirs. */
function openAccount(devices: (PushDevice & { endpoint?: string })[]) {
  const server = createFakeApi();
  signInAs(server);
  const state = { devices: [...devices] };
  server.protectedRoute('GET', '/push/subscriptions', (request) => {
    const endpoint = new URL(request.url).searchParams.get('endpoint');
    return jsonResponse({
      items: state.devices.map(({ endpoint: own, ...rest }) => ({
        ...rest,
        current: endpoint !== null && own === endpoint,
      })),
    });
  });
  server.protectedRoute('GET', '/push/public-key', () => jsonResponse({ public_key: VAPID_KEY }));
  server.protectedRoute('POST', '/push/subscriptions', async (request) => {
    const body = (await request.clone().json()) as { endpoint: string; label: string };
    const added = { ...device({ id: 99, label: body.label }), endpoint: body.endpoint };
    state.devices.push(added);
    return jsonResponse(added, 201);
  });
  for (const { id } of devices) {
    server.protectedRoute('DELETE', `/push/subscriptions/${id}`, () => {
      state.devices = state.devices.filter((each) => each.id !== id);
      return new Response(null, { status: 204 });
    });
  }
  return renderApp('/account', server);
}

const card = () => screen.findByRole('region', { name: TITLE });

/** A browser with push, whose service worker is ready and whose push service answers `subscribe`. */
function browserWithPush({
  permission = 'granted',
  subscribe = async () => ({
    endpoint: ENDPOINT,
    toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: KEYS }),
  }),
  existing = null,
}: {
  permission?: NotificationPermission;
  subscribe?: () => Promise<unknown>;
  existing?: { endpoint: string } | null;
} = {}) {
  const pushManager = {
    getSubscription: vi.fn(async () => existing),
    subscribe: vi.fn(subscribe),
  };
  const registration = { pushManager };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', {
    permission: 'default',
    requestPermission: vi.fn(async () => permission),
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      ready: Promise.resolve(registration),
      getRegistration: async () => registration,
    },
  });
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROME_ON_LINUX);
  return pushManager;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('push devices on the account page (issue 13 §2)', () => {
  it('lists the devices and removes one after a confirmation', async () => {
    const { server } = openAccount([
      device(),
      device({ id: 8, label: 'Safari on iOS', last_used_at: '2026-11-24T08:00:00.000Z' }),
    ]);
    const section = await card();
    const rows = await within(section).findAllByTestId('push-device');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Firefox on Android'),
      expect.stringContaining('Safari on iOS'),
    ]);
    expect(rows[0]).toHaveTextContent('Added November 20, 2026');
    expect(rows[1]).toHaveTextContent('Last notified November 24, 2026');

    await userEvent.click(
      within(section).getByRole('button', { name: 'Remove Firefox on Android' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove this device?' });
    expect(dialog).toHaveTextContent(
      '“Firefox on Android” will no longer receive push notifications.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Device removed')).toBeInTheDocument();
    await waitFor(() => expect(within(section).getAllByTestId('push-device')).toHaveLength(1));
    expect(within(section).getByTestId('push-device')).toHaveTextContent('Safari on iOS');
    expect(server.callsTo('/push/subscriptions/7').map((r) => r.method)).toEqual(['DELETE']);
  });

  it('keeps the device when the removal is cancelled', async () => {
    const { server } = openAccount([device()]);
    const section = await card();
    await userEvent.click(
      await within(section).findByRole('button', { name: 'Remove Firefox on Android' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove this device?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(within(section).getAllByTestId('push-device')).toHaveLength(1);
    expect(server.callsTo('/push/subscriptions/7')).toHaveLength(0);
  });

  it('says so when the browser cannot receive push, and still lists the other devices', async () => {
    openAccount([device()]);
    const section = await card();
    expect(
      await within(section).findByText(/This browser does not support push notifications/),
    ).toBeInTheDocument();
    expect(
      within(section).queryByRole('button', { name: 'Enable notifications on this device' }),
    ).not.toBeInTheDocument();
    expect(await within(section).findByTestId('push-device')).toBeInTheDocument();
  });

  it('enables push on this device and marks it as this device', async () => {
    const pushManager = browserWithPush();
    const { server } = openAccount([]);
    const section = await card();
    expect(
      await within(section).findByText('No device receives push notifications yet.'),
    ).toBeInTheDocument();

    await userEvent.click(
      within(section).getByRole('button', { name: 'Enable notifications on this device' }),
    );

    expect(await screen.findByText('Notifications enabled on this device')).toBeInTheDocument();
    const row = await within(section).findByTestId('push-device');
    expect(row).toHaveTextContent('Chrome on Linux');
    expect(within(row).getByText('This device')).toBeInTheDocument();
    expect(
      within(section).getByText('Notifications are enabled on this device.'),
    ).toBeInTheDocument();
    const [subscribeOptions] = pushManager.subscribe.mock.calls[0] as unknown as [
      PushSubscriptionOptionsInit,
    ];
    expect(subscribeOptions.userVisibleOnly).toBe(true);
    expect((subscribeOptions.applicationServerKey as Uint8Array).length).toBe(65);
    const [post] = server.callsTo('/push/subscriptions').filter((r) => r.method === 'POST');
    expect(await post!.json()).toEqual({
      endpoint: ENDPOINT,
      keys: KEYS,
      label: 'Chrome on Linux',
    });
  });

  it('asks for the password when the login is old, and registers with it', async () => {
    browserWithPush();
    const { server } = openAccount([]);
    server.protectedRoute('POST', '/push/subscriptions', async (request) => {
      const body = (await request.clone().json()) as { label: string; current_password?: string };
      if (body.current_password === undefined)
        return problemResponse(403, 'reauthentication_required');
      if (body.current_password !== 'right password')
        return problemResponse(400, 'invalid_credentials');
      return jsonResponse(device({ id: 99, label: body.label }), 201);
    });
    const section = await card();
    await userEvent.click(
      await within(section).findByRole('button', { name: 'Enable notifications on this device' }),
    );

    const prompt = await screen.findByRole('dialog', { name: 'Confirm your password' });
    await userEvent.type(within(prompt).getByLabelText(/^Password/), 'wrong{Enter}');
    expect(await within(prompt).findByRole('alert')).toHaveTextContent('The password is incorrect');
    await userEvent.clear(within(prompt).getByLabelText(/^Password/));
    await userEvent.type(within(prompt).getByLabelText(/^Password/), 'right password{Enter}');

    expect(await screen.findByText('Notifications enabled on this device')).toBeInTheDocument();
    const posts = server.callsTo('/push/subscriptions').filter((r) => r.method === 'POST');
    const bodies = await Promise.all(posts.map((post) => post.json()));
    expect(bodies.map((body: { current_password?: string }) => body.current_password)).toEqual([
      undefined,
      'wrong',
      'right password',
    ]);
  });

  it('shows no failure when the password prompt is closed', async () => {
    browserWithPush();
    const { server } = openAccount([]);
    server.protectedRoute('POST', '/push/subscriptions', () =>
      problemResponse(403, 'reauthentication_required'),
    );
    const section = await card();
    const enable = await within(section).findByRole('button', {
      name: 'Enable notifications on this device',
    });
    await userEvent.click(enable);
    await screen.findByRole('dialog', { name: 'Confirm your password' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
    expect(enable).toBeEnabled();
  });

  it('says how to allow notifications when permission is denied', async () => {
    const pushManager = browserWithPush({ permission: 'denied' });
    const { server } = openAccount([]);
    const section = await card();
    await userEvent.click(
      await within(section).findByRole('button', { name: 'Enable notifications on this device' }),
    );
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Notifications are blocked for this site.',
    );
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(server.callsTo('/push/subscriptions').filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('says so when the browser cannot reach its push service, and can try again', async () => {
    browserWithPush({
      subscribe: () =>
        Promise.reject(new DOMException('Registration failed - push service error', 'AbortError')),
    });
    const { server } = openAccount([]);
    const section = await card();
    const enable = await within(section).findByRole('button', {
      name: 'Enable notifications on this device',
    });
    await userEvent.click(enable);
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'This device could not subscribe to push notifications',
    );
    expect(server.callsTo('/push/subscriptions').filter((r) => r.method === 'POST')).toEqual([]);
    expect(enable).toBeEnabled();
  });

  it('says so when the server does not take the subscription', async () => {
    browserWithPush();
    const { server } = openAccount([]);
    server.protectedRoute('POST', '/push/subscriptions', () =>
      problemResponse(400, 'validation_failed'),
    );
    const section = await card();
    await userEvent.click(
      await within(section).findByRole('button', { name: 'Enable notifications on this device' }),
    );
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'This device could not be registered. Please try again.',
    );
  });

  it('marks the device whose endpoint this browser holds', async () => {
    browserWithPush({ existing: { endpoint: ENDPOINT } });
    openAccount([{ ...device(), endpoint: ENDPOINT }, device({ id: 8, label: 'Safari on iOS' })]);
    const section = await card();
    await waitFor(() => expect(within(section).getByText('This device')).toBeInTheDocument());
    const [mine, other] = within(section).getAllByTestId('push-device');
    expect(mine).toHaveTextContent('Firefox on AndroidThis device');
    expect(other).not.toHaveTextContent('This device');
  });
});
