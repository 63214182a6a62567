import type { ChannelStates, NotificationChannel, Webhook } from '@household/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, jsonResponse, problemResponse } from '../../../test/fake-api';
import { renderApp, signInAs } from '../../../test/render-app';

const TITLE = 'Channels';

const webhook = (): Webhook => ({
  url: 'https://ntfy.example/topic',
  format: 'ntfy',
  enabled: true,
  secret_hint: '••••a1b2',
  secret: null,
  updated_at: '2026-11-27T10:00:00.000Z',
});

function openAccount(saved: Webhook | null, setUp: NotificationChannel[]) {
  const server = createFakeApi();
  signInAs(server);
  const state = { webhook: saved };
  const states = (): ChannelStates => ({
    items: (['in_app', 'email', 'push', 'webhook'] as const).map((channel) => ({
      channel,
      configured: channel === 'webhook' ? state.webhook !== null : setUp.includes(channel),
      last: null,
    })),
  });
  server.protectedRoute('GET', '/notifications/deliveries', () => jsonResponse(states()));
  server.protectedRoute('GET', '/notifications/webhook', () =>
    state.webhook ? jsonResponse(state.webhook) : problemResponse(404, 'not_found'),
  );
  server.protectedRoute('DELETE', '/notifications/webhook', () => {
    state.webhook = null;
    return new Response(null, { status: 204 });
  });
  return renderApp('/account', server);
}

const card = () => screen.findByRole('region', { name: TITLE });
const testButton = (section: HTMLElement, channel: string) =>
  within(section).findByRole('button', { name: `Send a test: ${channel}` });

describe('the webhook form and tests per channel (issue 27 §4)', () => {
  it('offers a test only on a channel that is set up, and says why not on the others', async () => {
    openAccount(null, ['in_app']);
    const section = await card();
    expect(await testButton(section, 'In the app')).toBeEnabled();
    for (const channel of ['Email', 'Push on my devices', 'Webhook']) {
      const button = await testButton(section, channel);
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription('Set this channel up first to send a test');
    }
    expect(within(section).queryByRole('button', { name: 'Remove webhook' })).toBeNull();
  });

  it('removes the saved webhook after a confirm, and its test waits again', async () => {
    const { server } = openAccount(webhook(), ['in_app']);
    const section = await card();
    expect(await testButton(section, 'Webhook')).toBeEnabled();
    await userEvent.click(await within(section).findByRole('button', { name: 'Remove webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the webhook?' });
    expect(dialog).toHaveTextContent(
      'Notifications will no longer be posted to https://ntfy.example/topic.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove webhook' }));

    expect(await screen.findByText('Webhook removed')).toBeInTheDocument();
    expect(server.callsTo('/notifications/webhook').map((r) => r.method)).toContain('DELETE');
    await waitFor(() => expect(within(section).getByLabelText(/Webhook URL/)).toHaveValue(''));
    await waitFor(async () => expect(await testButton(section, 'Webhook')).toBeDisabled());
  });

  it('keeps the webhook when the removal is cancelled', async () => {
    const { server } = openAccount(webhook(), ['in_app']);
    const section = await card();
    await userEvent.click(await within(section).findByRole('button', { name: 'Remove webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the webhook?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('/notifications/webhook').map((r) => r.method)).not.toContain('DELETE');
    expect(within(section).getByLabelText(/Webhook URL/)).toHaveValue('https://ntfy.example/topic');
  });
});
