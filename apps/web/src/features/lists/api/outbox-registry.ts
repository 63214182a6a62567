import type { PersonRef } from '@household/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { ItemOutbox } from './outbox';

const outboxes = new WeakMap<QueryClient, ItemOutbox>();

/** The outbox of the signed-in user on this query cache (one per user; replaced on a switch). */
export function outboxFor(
  queryClient: QueryClient,
  api: ApiClient,
  userId: number,
  me: PersonRef | null,
): ItemOutbox {
  let outbox = outboxes.get(queryClient);
  if (!outbox || outbox.userId !== userId) {
    outbox = new ItemOutbox(api, queryClient, userId, me);
    outboxes.set(queryClient, outbox);
  } else {
    outbox.setMe(me);
  }
  return outbox;
}

/** The active outbox, if any: a refetched list shows its waiting changes on top. */
export function activeOutbox(queryClient: QueryClient): ItemOutbox | undefined {
  return outboxes.get(queryClient);
}
