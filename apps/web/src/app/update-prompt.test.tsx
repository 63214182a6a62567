import { MantineProvider, TextInput } from '@mantine/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { RegisterSWOptions } from 'vite-plugin-pwa/types';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UpdatePrompt } from './UpdatePrompt';

/** Stands in for the plugin's register module: the test says when a new version waits. */
const sw = vi.hoisted(() => ({
  options: null as RegisterSWOptions | null,
  announceUpdate: () => {},
  updateServiceWorker: vi.fn(async () => {}),
}));

vi.mock('virtual:pwa-register/react', async () => {
  const { useState } = await import('react');
  return {
    useRegisterSW(options: RegisterSWOptions) {
      sw.options = options;
      const needRefresh = useState(false);
      const offlineReady = useState(false);
      sw.announceUpdate = () => needRefresh[1](true);
      return { needRefresh, offlineReady, updateServiceWorker: sw.updateServiceWorker };
    },
  };
});

/** The prompt beside a half-filled form, once the page has settled and the worker is registered. */
async function renderWithForm(reloadPage: () => void) {
  const view = render(
    <MantineProvider>
      <TextInput label="Item name" />
      <UpdatePrompt reloadPage={reloadPage} />
    </MantineProvider>,
  );
  await waitFor(() => expect(sw.options).not.toBeNull());
  return view;
}

describe('UpdatePrompt (a new deployed version)', () => {
  beforeEach(() => {
    sw.options = null;
    sw.updateServiceWorker.mockClear();
  });

  it('registers the service worker once the page has settled, and shows nothing until a new version waits', async () => {
    render(
      <MantineProvider>
        <UpdatePrompt reloadPage={vi.fn()} />
      </MantineProvider>,
    );
    expect(sw.options).toBeNull();
    await waitFor(() => expect(sw.options?.immediate).toBe(true));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('announces the new version without touching a half-filled form, and reloads only on "Reload"', async () => {
    const user = userEvent.setup();
    const reloadPage = vi.fn();
    await renderWithForm(reloadPage);
    await user.type(screen.getByLabelText('Item name'), 'Oat mi');

    act(() => sw.announceUpdate());

    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('A new version is available');
    expect(sw.updateServiceWorker).not.toHaveBeenCalled();
    expect(reloadPage).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Item name')).toHaveValue('Oat mi');
    // Not modal: the form keeps working while the notice shows.
    await user.type(screen.getByLabelText('Item name'), 'lk');
    expect(screen.getByLabelText('Item name')).toHaveValue('Oat milk');

    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(sw.updateServiceWorker).toHaveBeenCalledTimes(1);
    // The new service worker takes over: only now does the page reload.
    expect(reloadPage).not.toHaveBeenCalled();
    act(() => sw.options?.onNeedReload?.());
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('does not reload when another tab put the new version in charge, until "Reload" here', async () => {
    const user = userEvent.setup();
    const reloadPage = vi.fn();
    await renderWithForm(reloadPage);
    act(() => sw.announceUpdate());

    act(() => sw.options?.onNeedReload?.());
    expect(reloadPage).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('A new version is available');

    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('"Later" hides the notice and reloads nothing', async () => {
    const user = userEvent.setup();
    const reloadPage = vi.fn();
    await renderWithForm(reloadPage);
    act(() => sw.announceUpdate());

    await user.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(sw.updateServiceWorker).not.toHaveBeenCalled();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('speaks the language shown', async () => {
    await i18next.changeLanguage('de');
    await renderWithForm(vi.fn());
    act(() => sw.announceUpdate());
    expect(screen.getByRole('status')).toHaveTextContent('Eine neue Version ist verfügbar');
    expect(screen.getByRole('button', { name: 'Neu laden' })).toBeInTheDocument();
  });
});
