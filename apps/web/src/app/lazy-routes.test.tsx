import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';

// What an open tab meets after a redeploy: the old page chunk is gone from the server.
vi.mock('../features/auth/pages/ForgotPasswordPage', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('pages loaded on demand', () => {
  it('a page whose code cannot be fetched shows the error page with a reload button', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    renderApp('/auth/forgot-password');

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('a page reached by a link waits for its code, then shows', async () => {
    renderApp('/auth/login');
    await userEvent.click(await screen.findByRole('link', { name: 'Sign up' }));
    expect(await screen.findByRole('heading', { name: 'Sign up' })).toBeVisible();
  });
});
