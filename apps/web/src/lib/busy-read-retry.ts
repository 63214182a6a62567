import { parseRetryAfter } from './api-error';
import { methodOf, type RequestOptions, type SendRequest } from './api-request';
import { markRetryingRead } from './busy-server';

/**
 * A read the server was too busy for (503 with `Retry-After`, docs/decisions.md "Load and
 * faults") is sent again after that delay, this many times at most. Writes are not: the lists'
 * outbox keeps and resends its own, with their Idempotency-Keys.
 */
export const BUSY_READ_RETRIES = 3;
/** A `Retry-After` longer than this is not waited for: the read fails and the page says so. */
const LONGEST_BUSY_WAIT_SECONDS = 30;

function isBusyRefusal(response: Response): boolean {
  if (response.status !== 503) return false;
  const seconds = parseRetryAfter(response.headers.get('retry-after'));
  return seconds !== null && seconds <= LONGEST_BUSY_WAIT_SECONDS;
}

/** Retry-After plus up to half again, so that the readers a busy server refused do not return at once. */
function busyDelayMs(response: Response): number {
  const seconds = parseRetryAfter(response.headers.get('retry-after')) ?? 1;
  return Math.max(seconds, 0.1) * 1000 * (1 + Math.random() / 2);
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export interface SendRidingOutBusyOptions<T> {
  path: string;
  options: RequestOptions<T>;
  send: SendRequest;
  /** The token to send; asked again before each retry. */
  currentToken: () => string | null;
}

/** Sends a request; a read that a busy server refused goes again after its Retry-After. */
export async function sendRidingOutBusy<T>({
  path,
  options,
  send,
  currentToken,
}: SendRidingOutBusyOptions<T>): Promise<{ response: Response; sentToken: string | null }> {
  let sentToken = currentToken();
  let response = await send(path, options, sentToken);
  if (methodOf(options) !== 'GET' || !isBusyRefusal(response)) return { response, sentToken };
  const retried = markRetryingRead();
  try {
    for (let retry = 1; retry <= BUSY_READ_RETRIES && isBusyRefusal(response); retry += 1) {
      await response.body?.cancel();
      await wait(busyDelayMs(response), options.signal);
      // Another request may have renewed the token meanwhile.
      sentToken = currentToken();
      response = await send(path, options, sentToken);
    }
  } finally {
    retried();
  }
  return { response, sentToken };
}
