import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, problemResponse } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';

const INVALID = 'This sign-in link is invalid, expired or already used.';

describe('the mailed sign-in link (unlock page)', () => {
  it('makes this browser a known device once, then leads to the login page', async () => {
    const server = createFakeApi();
    server.route('POST', '/auth/unlock', () => new Response(null, { status: 204 }));
    renderApp('/auth/unlock?token=mailed', server);

    expect(await screen.findByText('This device can sign in now.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
    expect(server.callsTo('/auth/unlock')).toHaveLength(1);
    expect(await server.callsTo('/auth/unlock')[0]!.json()).toEqual({ token: 'mailed' });
  });

  it('says when the link is invalid, expired or used, with a way back to login', async () => {
    const server = createFakeApi();
    server.route('POST', '/auth/unlock', () => problemResponse(400, 'invalid_token'));
    renderApp('/auth/unlock?token=used', server);

    expect(await screen.findByText(INVALID)).toBeInTheDocument();
    expect(screen.queryByText('This device can sign in now.')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
  });

  it('says the link is invalid when it carries no token, and sends nothing', async () => {
    const server = createFakeApi();
    renderApp('/auth/unlock', server);

    expect(await screen.findByText(INVALID)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toBeInTheDocument();
    expect(server.callsTo('/auth/unlock')).toEqual([]);
  });
});
