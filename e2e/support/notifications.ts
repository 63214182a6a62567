import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import type { Housemate } from './household';
import { en } from './i18n';

/** The bell's accessible name for `unread` unread notifications, as the web app writes it. */
export function bellName(unread: number, m = en): string {
  if (unread === 0) return m.notifications.bell.label;
  const template =
    unread === 1 ? m.notifications.bell.labelUnread_one : m.notifications.bell.labelUnread_other;
  return template.replace('{{count}}', String(unread));
}

/**
 * A push subscription as a browser would send it, with a real P-256 key and auth secret, to an
 * endpoint on this machine: Chromium here cannot reach a real push service, and the endpoint is
 * never meant to receive anything.
 */
export function pushSubscriptionBody(label: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://localhost:9/push/${randomUUID()}`,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
    label,
  };
}

/** Registers a device for `who` through the API, as the account page does after subscribing. */
export async function registerDevice(
  request: APIRequestContext,
  who: Housemate,
  label: string,
): Promise<{ id: number }> {
  const response = await request.post('/api/v1/push/subscriptions', {
    headers: who.headers,
    data: pushSubscriptionBody(label),
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number };
}

/** An expense paid by `by` and split equally with `with`, added through the API. */
export async function sharedExpense(
  request: APIRequestContext,
  by: Housemate,
  other: Housemate,
  groupId: number,
  description: string,
  amountCents: number,
) {
  const response = await request.post('/api/v1/expenses', {
    headers: by.headers,
    data: {
      group_id: groupId,
      description,
      amount_cents: amountCents,
      date: new Date().toISOString().slice(0, 10),
      split: { type: 'equal', participants: [by.id, other.id] },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}
