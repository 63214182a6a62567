import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { describeBrowser, base64UrlToBytes, subscribeThisDevice, PushSetupError } from './push';
import { notificationText, relativeTime } from './text';
import { notification } from '../../../test/features/notifications/fixtures';

const t = i18next.t.bind(i18next);

describe('notification sentences', () => {
  it.each([
    [
      notification({ kind: 'chore_due', data: { chore_name: 'Bins out' } }),
      '“Bins out” is due today',
    ],
    [
      notification({
        kind: 'chore_overdue',
        data: { chore_name: 'Bins out', due_date: '2026-11-20' },
      }),
      '“Bins out” is overdue (due Nov 20, 2026)',
    ],
    [
      notification({
        kind: 'chore_assigned',
        data: { chore_name: 'Hoover', actor_name: 'Ann', due_date: '2026-11-27', count: 1 },
      }),
      'Ann assigned “Hoover” to you (due Nov 27, 2026)',
    ],
    [
      notification({
        kind: 'chore_assigned',
        data: { chore_name: 'Hoover', actor_name: 'Ann', due_date: '2026-11-27', count: 4 },
      }),
      'Ann assigned you 4 chores, starting with “Hoover” on Nov 27, 2026',
    ],
    [
      notification({
        kind: 'chore_due',
        data: { chore_name: 'Bins out', actor_name: '' },
      }),
      '“Bins out” is due today',
    ],
    [
      notification({
        kind: 'list_changes',
        data: { actor_name: 'Cat', list_name: 'Shop', count: 1, item_names: 'Milk' },
      }),
      'Cat changed 1 item on “Shop”: Milk',
    ],
    [
      notification({
        kind: 'settlement_received',
        data: { payer_name: 'Ben', amount_cents: 1250, currency: 'GBP' },
      }),
      'Ben paid you £12.50',
    ],
    [
      notification({ kind: 'invitation', data: { actor_name: 'Ann', group_name: 'Flat 3' } }),
      'Ann invited you to join “Flat 3”',
    ],
    [
      notification({
        kind: 'sign_in_attempts',
        group_id: null,
        data: { count: 12 },
        link: '/account',
      }),
      'Someone tried to sign in to your account with a wrong password 12 times. Your password still protects it.',
    ],
    [
      notification({
        kind: 'sign_in_attempts',
        group_id: null,
        data: { count: 1 },
        link: '/account',
      }),
      'Someone tried to sign in to your account with a wrong password once. Your password still protects it.',
    ],
    [
      notification({
        kind: 'bill_amount_needed',
        data: { expense_description: 'Electricity', due_date: '2026-12-01', series_id: 4 },
      }),
      'Fill in the amount of “Electricity” for Dec 1, 2026',
    ],
    [
      notification({
        kind: 'list_changes',
        data: { list_name: 'Shop', count: 2, item_names: 'A, B' },
      }),
      'A housemate changed 2 items on “Shop”: A, B',
    ],
  ])('%#: reads as a sentence from its kind and data', (item, sentence) => {
    expect(notificationText(t, item, 'en')).toBe(sentence);
  });

  it('an amount in an unknown currency still reads', () => {
    const item = notification({
      data: { actor_name: 'Ben', expense_description: 'Tea', amount_cents: 250, currency: 'XYZW' },
    });
    expect(notificationText(t, item, 'en')).toBe('Ben added “Tea” (2.50)');
  });

  it('times read relative to now, in the language asked for', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(relativeTime('2026-11-25T11:59:40Z', 'en', now)).toBe('now');
    expect(relativeTime('2026-11-25T11:55:00Z', 'en', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-11-24T12:00:00Z', 'en', now)).toBe('yesterday');
    expect(relativeTime('2026-11-24T12:00:00Z', 'de', now)).toBe('gestern');
  });
});

describe('push on this device', () => {
  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
      'Chrome',
      'Linux',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36 Edg/142.0.0.0',
      'Edge',
      'Windows',
    ],
    ['Mozilla/5.0 (Android 15; Mobile; rv:145.0) Gecko/145.0 Firefox/145.0', 'Firefox', 'Android'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
      'Safari',
      'iOS',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15',
      'Safari',
      'macOS',
    ],
  ])('names the browser and system of %s', (userAgent, browser, os) => {
    expect(describeBrowser(userAgent)).toEqual({ browser, os });
  });

  it('turns the base64url VAPID key into its 65 bytes', () => {
    const bytes = base64UrlToBytes('BP_-' + 'A'.repeat(83));
    expect(bytes).toHaveLength(65);
    expect([...bytes.slice(0, 3)]).toEqual([0x04, 0xff, 0xfe]);
  });

  it('gives up on a service worker that never becomes ready, with its own reason', async () => {
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { ready: new Promise(() => undefined) },
    });
    globalThis.PushManager = class {} as unknown as typeof PushManager;
    globalThis.Notification = {
      requestPermission: async () => 'granted',
    } as unknown as typeof Notification;
    try {
      const attempt = subscribeThisDevice(async () => 'BAAA', 1);
      await expect(attempt).rejects.toBeInstanceOf(PushSetupError);
      await expect(attempt).rejects.toMatchObject({ problem: 'notReady' });
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
      Reflect.deleteProperty(globalThis, 'PushManager');
      Reflect.deleteProperty(globalThis, 'Notification');
    }
  });

  it('says push is unsupported where the browser has none', async () => {
    await expect(subscribeThisDevice(async () => 'BAAA')).rejects.toMatchObject({
      problem: 'unsupported',
    });
  });
});
