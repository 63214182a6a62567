import type { WebhookFormat } from '@household/contracts';
import { createHmac } from 'node:crypto';

/** A webhook endpoint has this long to answer (docs/notifications.md "Channels, tests and retries"). */
export const WEBHOOK_TIMEOUT_MS = 5_000;

/** What a webhook carries: the notification's texts in the recipient's language, ready to show. */
export interface WebhookMessage {
  /** Null for a test sent without a notification. */
  id: number | null;
  kind: string;
  title: string;
  message: string;
  /** An absolute URL to open. */
  link: string;
  createdAt: Date;
}

export interface WebhookRequest {
  body: string;
  headers: Record<string, string>;
}

/** `sha256=<hex HMAC-SHA256 of the raw body>`, keyed with the person's secret. */
export function webhookSignature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** HTTP header values are Latin-1; ntfy reads RFC 2047 encoded words for anything else. */
function headerText(text: string): string {
  const line = text.replace(/[\r\n]+/g, ' ');
  if (/^[\x20-\x7e]*$/.test(line)) return line;
  return `=?UTF-8?B?${Buffer.from(line, 'utf8').toString('base64')}?=`;
}

/**
 * The request for one format: `json` is the app's own body; `ntfy` posts the message as the body
 * with `Title`, `Click` and `Tags` headers (what an ntfy topic URL reads); `gotify` is Gotify's
 * message JSON, whose click URL its apps open. Every format is signed the same way.
 */
export function buildWebhookRequest(
  format: WebhookFormat,
  message: WebhookMessage,
  secret: string,
  now: Date,
): WebhookRequest {
  let body: string;
  const headers: Record<string, string> = {};
  if (format === 'ntfy') {
    body = message.message;
    headers['Content-Type'] = 'text/plain; charset=utf-8';
    headers.Title = headerText(message.title);
    headers.Click = message.link;
    headers.Tags = message.kind === 'channel_test' ? 'test_tube' : 'house';
  } else if (format === 'gotify') {
    body = JSON.stringify({
      title: message.title,
      message: message.message,
      priority: 5,
      extras: { 'client::notification': { click: { url: message.link } } },
    });
    headers['Content-Type'] = 'application/json';
  } else {
    body = JSON.stringify({
      event: 'notification',
      id: message.id,
      kind: message.kind,
      title: message.title,
      message: message.message,
      link: message.link,
      created_at: message.createdAt.toISOString(),
    });
    headers['Content-Type'] = 'application/json';
  }
  headers['User-Agent'] = 'household-app-webhook';
  headers['X-Household-Timestamp'] = String(Math.floor(now.getTime() / 1000));
  headers['X-Household-Signature'] = webhookSignature(secret, body);
  return { body, headers };
}

/** A short, stable reason for a failed request, shown to the person. */
export function describeFailure(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`;
  }
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  switch (cause?.code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host not found';
    case 'ECONNRESET':
      return 'connection reset';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'host unreachable';
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return 'connection timed out';
    default:
      if (cause?.code?.startsWith('ERR_TLS') || cause?.code?.includes('CERT')) {
        return 'TLS certificate not accepted';
      }
      return 'request failed';
  }
}

/** Posts the request; redirects are not followed (a 3xx is a failure). */
export async function postWebhook(
  url: string,
  request: WebhookRequest,
): Promise<{ ok: true } | { ok: false; error: string }> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.status >= 200 && response.status < 300) return { ok: true };
    if (response.status >= 300 && response.status < 400) {
      return { ok: false, error: `HTTP ${response.status}: redirects are not followed` };
    }
    // `redirect: 'manual'` answers an opaque redirect with status 0.
    if (response.status === 0) return { ok: false, error: 'redirects are not followed' };
    return { ok: false, error: `HTTP ${response.status}` };
  } catch (error) {
    return { ok: false, error: describeFailure(error) };
  }
}
