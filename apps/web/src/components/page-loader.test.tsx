import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { markRetryingRead } from '../lib/busy-server';
import { PageLoader } from './PageLoader';

// Without MantineProvider: the loader is the first thing the app draws, before Mantine is loaded.
describe('PageLoader', () => {
  it('is a status named "Loading…" in the language shown, with the spinner hidden', async () => {
    const { unmount } = render(<PageLoader />);
    const status = screen.getByRole('status', { name: 'Loading…' });
    expect(status).toHaveTextContent('Loading…');
    unmount();

    await i18next.changeLanguage('de');
    try {
      render(<PageLoader />);
      expect(screen.getByRole('status', { name: 'Wird geladen…' })).toBeInTheDocument();
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('says, visibly, that it is retrying while a read waits for a busy server, then "Loading…" again', () => {
    render(<PageLoader />);
    let retried = () => {};
    act(() => {
      retried = markRetryingRead();
    });
    const status = screen.getByRole('status', { name: 'The server is busy; trying again…' });
    expect(screen.getByText('The server is busy; trying again…')).toBeVisible();
    act(() => retried());
    expect(status).toHaveAccessibleName('Loading…');
  });
});
