import { ZItem, type Item } from '@household/contracts';
import { isApiError, type ApiClient } from '../../../lib/api-client';
import type { OutboxEntry } from './outbox-changes';
import { apiPaths } from './paths';

/** How long to wait before sending again when there was no answer at all. */
export const RETRY_MS = 10_000;

export const isOnline = () => globalThis.navigator?.onLine !== false;

/** fetch rejects with a TypeError when there is no answer at all; anything else is an answer. */
export function isNetworkError(error: unknown): boolean {
  if (isApiError(error)) return false;
  return error instanceof TypeError || !isOnline();
}

/**
 * How long to wait before sending a change again that the server could not take now: a server
 * shedding load (503) or behind a proxy that lost it (502, 504), or an earlier copy of the change
 * still running (docs/lists.md "Idempotency-Key"). Null when the answer is final.
 */
export function retryLaterMs(error: unknown): number | null {
  if (!isApiError(error)) return null;
  const transient =
    [502, 503, 504].includes(error.status) || isApiError(error, 'idempotency_in_progress');
  if (!transient) return null;
  return error.retryAfterSeconds === null ? RETRY_MS : error.retryAfterSeconds * 1000;
}

/** One waiting change to the server, with its own Idempotency-Key; the item as the server has it. */
export function sendChange(api: ApiClient, { key, change }: OutboxEntry): Promise<Item | null> {
  const headers = { 'Idempotency-Key': key };
  switch (change.op) {
    case 'add':
      return api.post(apiPaths.listItems(change.listId), {
        json: change.body,
        headers,
        schema: ZItem,
      });
    case 'update':
      return api.patch(apiPaths.listItem(change.listId, change.itemId), {
        json: change.body,
        headers,
        schema: ZItem,
      });
    case 'delete':
      return api
        .delete(apiPaths.listItem(change.listId, change.itemId), { headers })
        .then(() => null);
  }
}
