import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, problemResponse } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';

const INVALID = 'This link is invalid, expired or already used.';

describe('the email change links', () => {
  it('the confirm link sends its token once and says the new address is confirmed', async () => {
    const server = createFakeApi();
    server.route('POST', '/auth/confirm-email', () => Response.json({}, { status: 200 }));
    renderApp('/auth/confirm-email?token=mailed', server);

    expect(
      await screen.findByText('Your new email address is confirmed and now signs you in.'),
    ).toBeInTheDocument();
    expect(server.callsTo('/auth/confirm-email')).toHaveLength(1);
    expect(await server.callsTo('/auth/confirm-email')[0]!.json()).toEqual({ token: 'mailed' });
  });

  it('the undo link says every device is signed out and offers a new password', async () => {
    const server = createFakeApi();
    server.route('POST', '/auth/undo-email-change', () => new Response(null, { status: 204 }));
    renderApp('/auth/undo-email-change?token=mailed', server);

    expect(await screen.findByText(/every device is signed out/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose a new password' })).toHaveAttribute(
      'href',
      '/auth/forgot-password',
    );
  });

  it('a used or expired link says so', async () => {
    const server = createFakeApi();
    server.route('POST', '/auth/undo-email-change', () => problemResponse(400, 'invalid_token'));
    renderApp('/auth/undo-email-change?token=used', server);
    expect(await screen.findByText(INVALID)).toBeInTheDocument();
  });

  it('a link without a token sends nothing', async () => {
    const server = createFakeApi();
    renderApp('/auth/confirm-email', server);
    expect(await screen.findByText(INVALID)).toBeInTheDocument();
    expect(server.callsTo('/auth/confirm-email')).toEqual([]);
  });
});
