import type { NotificationDelivery } from '@household/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, jsonResponse, problemResponse } from '../../../test/fake-api';
import { renderApp, signInAs } from '../../../test/render-app';
import { delivery } from '../../../test/features/notifications/fixtures';

const TITLE = 'Reminders and notification types';

function openAccount(saved: NotificationDelivery = delivery()) {
  const server = createFakeApi();
  signInAs(server);
  server.protectedRoute('GET', '/notifications/settings', () => jsonResponse(saved));
  server.protectedRoute('PUT', '/notifications/settings', async (request) => {
    const changes = (await request.clone().json()) as Partial<NotificationDelivery>;
    return jsonResponse({ ...saved, ...changes, kinds: { ...saved.kinds, ...changes.kinds } });
  });
  return renderApp('/account', server);
}

const card = () => screen.findByRole('region', { name: TITLE });

afterEach(() => vi.restoreAllMocks());

describe('the notification delivery card on the account page (issue 13 §2)', () => {
  it('shows the saved switches, reminder time, time zone and email digest', async () => {
    openAccount(
      delivery({
        kinds: { ...delivery().kinds, list_changes: false },
        reminder_time: '07:30',
        time_zone: 'Europe/Paris',
        email_digest: 'instant',
      }),
    );
    const section = await card();
    const listChanges = await within(section).findByLabelText("Housemates' changes to lists");
    expect(listChanges).not.toBeChecked();
    expect(within(section).getByLabelText('Chores due today')).toBeChecked();
    expect(within(section).getByLabelText('Sign-in attempts on my account')).toBeChecked();
    expect(within(section).getByLabelText('Reminder time')).toHaveValue('07:30');
    expect(within(section).getByLabelText('Time zone')).toHaveValue('Europe/Paris');
    expect(within(section).getByLabelText('Each notification right away')).toBeChecked();
  });

  it('saves every choice with one Save', async () => {
    const { server } = openAccount();
    const section = await card();
    await userEvent.click(await within(section).findByLabelText('Payments to me'));
    const time = within(section).getByLabelText('Reminder time');
    await userEvent.clear(time);
    await userEvent.type(time, '18:45');
    await userEvent.selectOptions(within(section).getByLabelText('Time zone'), 'America/New_York');
    await userEvent.click(within(section).getByLabelText('Each notification right away'));
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    const [put] = server.callsTo('/notifications/settings').filter((r) => r.method === 'PUT');
    expect(await put!.json()).toEqual({
      kinds: { ...delivery().kinds, settlement_received: false },
      reminder_time: '18:45',
      time_zone: 'America/New_York',
      email_digest: 'instant',
      quiet_hours_start: null,
      quiet_hours_end: null,
    });
  });

  it("offers the browser's time zone while none was chosen, and saves it", async () => {
    const resolved = Intl.DateTimeFormat().resolvedOptions();
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...resolved,
      timeZone: 'Asia/Tokyo',
    });
    const { server } = openAccount(delivery({ time_zone: 'UTC' }));
    const section = await card();
    await waitFor(() =>
      expect(within(section).getByLabelText('Time zone')).toHaveValue('Asia/Tokyo'),
    );
    expect(within(section).getByText('This browser is set to Asia/Tokyo.')).toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    const [put] = server.callsTo('/notifications/settings').filter((r) => r.method === 'PUT');
    expect(await put!.json()).toMatchObject({ time_zone: 'Asia/Tokyo' });
  });

  it('asks for a reminder time and sends nothing without one', async () => {
    const { server } = openAccount();
    const section = await card();
    await userEvent.clear(await within(section).findByLabelText('Reminder time'));
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));

    expect(await within(section).findByText('Enter a time such as 08:00')).toBeInTheDocument();
    expect(server.callsTo('/notifications/settings').filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('says so when saving fails', async () => {
    const { server } = openAccount();
    server.protectedRoute('PUT', '/notifications/settings', () =>
      problemResponse(400, 'validation_failed'),
    );
    const section = await card();
    await within(section).findByLabelText('Reminder time');
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to save the notification settings')).toBeInTheDocument();
  });

  it('says so when the settings cannot be loaded', async () => {
    const server = createFakeApi();
    signInAs(server);
    renderApp('/account', server);
    const section = await card();
    expect(
      await within(section).findByText('Failed to load the notification settings'),
    ).toBeInTheDocument();
  });
});

describe('quiet hours in the notification delivery card (issue 27 §4)', () => {
  it('shows saved quiet hours and saves changed ones with the settings', async () => {
    const { server } = openAccount(
      delivery({ quiet_hours_start: '22:00', quiet_hours_end: '07:00' }),
    );
    const section = await card();
    const start = await within(section).findByLabelText('Quiet from');
    const end = within(section).getByLabelText('Quiet until');
    expect(start).toHaveValue('22:00');
    expect(end).toHaveValue('07:00');

    await userEvent.clear(start);
    await userEvent.type(start, '23:30');
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    const [put] = server.callsTo('/notifications/settings').filter((r) => r.method === 'PUT');
    expect(await put!.json()).toMatchObject({
      quiet_hours_start: '23:30',
      quiet_hours_end: '07:00',
    });
  });

  it('turns quiet hours off when both are emptied', async () => {
    const { server } = openAccount(
      delivery({ quiet_hours_start: '22:00', quiet_hours_end: '07:00' }),
    );
    const section = await card();
    await userEvent.clear(await within(section).findByLabelText('Quiet from'));
    await userEvent.clear(within(section).getByLabelText('Quiet until'));
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    const [put] = server.callsTo('/notifications/settings').filter((r) => r.method === 'PUT');
    expect(await put!.json()).toMatchObject({ quiet_hours_start: null, quiet_hours_end: null });
  });

  it('asks for the end when only the start is set, and sends nothing', async () => {
    const { server } = openAccount();
    const section = await card();
    await userEvent.type(await within(section).findByLabelText('Quiet from'), '22:00');
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));

    expect(
      await within(section).findByText('Enter both a start and an end, or leave both empty'),
    ).toBeInTheDocument();
    expect(within(section).getByLabelText('Quiet until')).toHaveAttribute('aria-invalid', 'true');
    expect(within(section).getByLabelText('Quiet from')).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(server.callsTo('/notifications/settings').filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('refuses quiet hours that end when they start', async () => {
    const { server } = openAccount();
    const section = await card();
    await userEvent.type(await within(section).findByLabelText('Quiet from'), '22:00');
    await userEvent.type(within(section).getByLabelText('Quiet until'), '22:00');
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));

    expect(
      await within(section).findByText('Quiet hours must end at another time than they start'),
    ).toBeInTheDocument();
    expect(server.callsTo('/notifications/settings').filter((r) => r.method === 'PUT')).toEqual([]);
  });
});
