import webpush from 'web-push';
import type { PushPayload } from '@household/contracts';
import type { VapidKeys } from './vapid';
import { describeFailure } from './webhook';

export type PushOutcome = 'sent' | 'gone' | 'failed';

/** How long a push service may keep an undelivered message (the device is off): a day. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
const PUSH_TIMEOUT_MS = 10_000;

/**
 * Encrypts the payload for the subscription and signs the request with the VAPID key (the
 * `web-push` library), then posts it. `fetch` rather than the library's own https request, so
 * that a local http push service works in tests (docs/notifications.md).
 */
export async function sendPush(
  subscription: { endpoint: string; p256dh: string; auth: string },
  payload: PushPayload,
  vapid: VapidKeys & { subject: string },
): Promise<{ outcome: PushOutcome; status: number | null; error: string | null }> {
  const details = webpush.generateRequestDetails(
    {
      endpoint: subscription.endpoint,
      keys: { p256dh: subscription.p256dh, auth: subscription.auth },
    },
    JSON.stringify(payload),
    {
      TTL: PUSH_TTL_SECONDS,
      urgency: 'normal',
      topic: payload.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
      vapidDetails: vapid,
    },
  );
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers)) headers[name] = String(value);
  // fetch sets the length itself and refuses a hand-set one.
  delete headers['Content-Length'];
  try {
    const response = await fetch(details.endpoint, {
      method: details.method,
      headers,
      body: details.body ? new Uint8Array(details.body) : null,
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      redirect: 'manual',
    });
    await response.body?.cancel();
    if (response.status === 404 || response.status === 410) {
      return { outcome: 'gone', status: response.status, error: null };
    }
    return response.ok
      ? { outcome: 'sent', status: response.status, error: null }
      : { outcome: 'failed', status: response.status, error: `HTTP ${response.status}` };
  } catch (error) {
    return { outcome: 'failed', status: null, error: describeFailure(error) };
  }
}
