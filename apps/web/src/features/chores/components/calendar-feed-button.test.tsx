import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { choresServer } from '../../../../test/features/chores/chores-page-fixtures';

const FEED = {
  url: 'https://app.example.org/api/v1/chores/calendar/abc.ics',
  webcal_url: 'webcal://app.example.org/api/v1/chores/calendar/abc.ics',
};

/** The chores page, with no calendar address yet; making one wants the password. */
function openChores() {
  const server = choresServer();
  let made = false;
  server.protectedRoute('GET', '/chores/calendar-feed', () =>
    made ? jsonResponse(FEED) : problemResponse(404, 'not_found'),
  );
  server.protectedRoute('POST', '/chores/calendar-feed', async (request) => {
    const body = (await request.clone().text()) || '{}';
    const { current_password: password } = JSON.parse(body) as { current_password?: string };
    if (password === undefined) return problemResponse(403, 'reauthentication_required');
    if (password !== 'right password') return problemResponse(400, 'invalid_credentials');
    made = true;
    return jsonResponse(FEED);
  });
  return { ...renderApp('/chores', server), server };
}

describe('the calendar address (docs/chores.md "Calendar feed")', () => {
  it('is made on request, after the password when the login is old', async () => {
    const { server } = openChores();
    await userEvent.click(await screen.findByRole('button', { name: 'Calendar feed' }));
    const feed = await screen.findByRole('dialog', { name: 'Your chores in your calendar' });
    expect(await within(feed).findByText('You have no calendar address yet.')).toBeVisible();

    await userEvent.click(within(feed).getByRole('button', { name: 'Create address' }));
    const prompt = await screen.findByRole('dialog', { name: 'Confirm your password' });
    await userEvent.type(within(prompt).getByLabelText(/^Password/), 'right password{Enter}');

    expect(await within(feed).findByLabelText('Calendar address')).toHaveValue(FEED.webcal_url);
    const posts = server.callsTo('/chores/calendar-feed').filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(await posts[1]!.json()).toEqual({ current_password: 'right password' });
  });
});
