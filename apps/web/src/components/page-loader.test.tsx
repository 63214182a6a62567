import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { PageLoader } from './PageLoader';

describe('PageLoader', () => {
  it('is a status named "Loading…" in the language shown, with the spinner hidden', async () => {
    const { unmount } = render(
      <MantineProvider>
        <PageLoader />
      </MantineProvider>,
    );
    const status = screen.getByRole('status', { name: 'Loading…' });
    expect(status).toHaveTextContent('Loading…');
    unmount();

    await i18next.changeLanguage('de');
    try {
      render(
        <MantineProvider>
          <PageLoader />
        </MantineProvider>,
      );
      expect(screen.getByRole('status', { name: 'Wird geladen…' })).toBeInTheDocument();
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
