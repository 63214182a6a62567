import { notifications } from '@mantine/notifications';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify, toNotification } from './toasts';

describe('toasts (spec §2 notification area)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('closes a toast after 5000 ms by default, with a close button', () => {
    expect(toNotification({ type: 'success', message: 'Profile updated' })).toMatchObject({
      message: 'Profile updated',
      autoClose: 5000,
      withCloseButton: true,
    });
  });

  it('names the close button in the language shown', async () => {
    const data = toNotification({ type: 'success', message: 'm' });
    expect(data.closeButtonProps).toMatchObject({ 'aria-label': 'Close notification' });
    await i18next.changeLanguage('de');
    try {
      expect(toNotification({ type: 'info', message: 'm' }).closeButtonProps).toMatchObject({
        'aria-label': 'Benachrichtigung schließen',
      });
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('uses a toast’s own duration', () => {
    expect(toNotification({ type: 'info', message: 'm', duration: 1200 }).autoClose).toBe(1200);
  });

  it('keeps a manual-close toast until it is closed, whatever its duration', () => {
    const data = toNotification({
      type: 'warning',
      message: 'm',
      duration: 1200,
      manualClose: true,
    });
    expect(data.autoClose).toBe(false);
    expect(data.withCloseButton).toBe(true);
  });

  it.each([
    ['success', 'brand'],
    ['error', 'red'],
    ['warning', 'yellow'],
    ['info', 'blue'],
  ] as const)('gives a %s toast its own colour', (type, color) => {
    expect(toNotification({ type, message: 'm' }).color).toBe(color);
  });

  it('announces errors as alerts and the rest as status messages', () => {
    expect(toNotification({ type: 'error', message: 'm' }).role).toBe('alert');
    expect(toNotification({ type: 'info', message: 'm' }).role).toBe('status');
  });

  it('shows the toast through Mantine notifications, loaded with the first toast', async () => {
    const show = vi.spyOn(notifications, 'show');
    notify({ type: 'error', message: 'Failed to load profile', id: 'profile' });
    await vi.waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({
          id: 'profile',
          message: 'Failed to load profile',
          color: 'red',
          icon: expect.anything(),
        }),
      ),
    );
  });
});
