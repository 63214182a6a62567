import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, jsonResponse, problemResponse } from '../../../test/fake-api';
import { renderApp, signInAs } from '../../../test/render-app';

const BUTTON = 'Turn off email notifications';

function serverWithTokens(valid: string) {
  const server = createFakeApi();
  server.route('POST', '/notifications/unsubscribe', async (request) => {
    const { token } = (await request.clone().json()) as { token: string };
    return token === valid
      ? jsonResponse({ email_notifications: false })
      : problemResponse(400, 'invalid_token');
  });
  return server;
}

describe('the unsubscribe page (issue 13 §2)', () => {
  it('works signed out: opening it changes nothing, the button turns email off', async () => {
    const server = serverWithTokens('good-token');
    const { router } = renderApp('/unsubscribe?token=good-token', server);

    const button = await screen.findByRole('button', { name: BUTTON });
    expect(router.state.location.pathname).toBe('/unsubscribe');
    expect(screen.getByText(/Turn off all email notifications for this account\?/)).toBeVisible();
    expect(server.callsTo('/notifications/unsubscribe')).toHaveLength(0);

    await userEvent.click(button);

    expect(
      await screen.findByText(
        'Email notifications are turned off. You will get no more notification emails.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
    const [call] = server.callsTo('/notifications/unsubscribe');
    expect(await call!.json()).toEqual({ token: 'good-token' });
    expect(call!.headers.get('Authorization')).toBeNull();
  });

  it('shows that a bad link is not valid', async () => {
    renderApp('/unsubscribe?token=forged', serverWithTokens('good-token'));
    await userEvent.click(await screen.findByRole('button', { name: BUTTON }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This unsubscribe link is not valid',
    );
    expect(screen.queryByRole('button', { name: BUTTON })).not.toBeInTheDocument();
  });

  it('shows that a link without a token is not valid', async () => {
    const server = serverWithTokens('good-token');
    renderApp('/unsubscribe', server);
    expect(await screen.findByText('This unsubscribe link is not valid')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: BUTTON })).not.toBeInTheDocument();
  });

  it('stays on the page for a signed-in user and leads back to the account', async () => {
    const server = serverWithTokens('good-token');
    signInAs(server);
    const { router } = renderApp('/unsubscribe?token=good-token', server);
    await userEvent.click(await screen.findByRole('button', { name: BUTTON }));
    expect(await screen.findByRole('link', { name: 'Go to account settings' })).toHaveAttribute(
      'href',
      '/account',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/unsubscribe'));
  });

  it('lets the person try again after a failure that is not the link', async () => {
    const server = createFakeApi();
    let attempts = 0;
    server.route('POST', '/notifications/unsubscribe', () => {
      attempts += 1;
      return attempts === 1
        ? problemResponse(503, 'internal_error')
        : jsonResponse({ email_notifications: false });
    });
    renderApp('/unsubscribe?token=good-token', server);
    await userEvent.click(await screen.findByRole('button', { name: BUTTON }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again.',
    );
    await userEvent.click(screen.getByRole('button', { name: BUTTON }));
    expect(await screen.findByText(/Email notifications are turned off/)).toBeInTheDocument();
  });
});
