/**
 * The soak's households, built through the API as people would (guests, a group joined by code,
 * two lists), and their realtime clients: one WebSocket client per guest.
 */
import type { Balancer } from '../lib/balancer';
import { RealtimeClient } from '../lib/realtime-client';
import { call, fetchPatiently, importList } from '../lib/seed';
import { API } from '../lib/server';

export const HOUSEHOLD_SIZE = 10;
const LISTS_PER_HOUSEHOLD = 2;
const ITEMS_PER_LIST = 30;

export interface TrackedItem {
  id: number;
  version: number;
  done: boolean;
  /** Added by the load (not one of the lists' first items): it may be removed again. */
  added: boolean;
  /** When it may be toggled again (Infinity while a toggle is in flight). */
  idleFrom: number;
}

export interface Household {
  index: number;
  groupId: number;
  ownerToken: string;
  tokens: string[];
  listIds: number[];
  /** The items the load toggles; those a phase created are dropped again when it tidies up. */
  items: TrackedItem[];
  clients: RealtimeClient[];
}

async function guestToken(base: string): Promise<string> {
  const response = await fetchPatiently(`${base}${API}/auth/guest`, () => ({
    method: 'POST',
    signal: AbortSignal.timeout(30_000),
  }));
  if (response.status !== 201) throw new Error(`POST /auth/guest answered ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A group of ten guests (the first owns it, nine joined by code) with two group lists. */
export async function createHousehold(base: string, index: number): Promise<Household> {
  const ownerToken = await guestToken(base);
  const group = await call<{ id: number }>(base, ownerToken, 'POST', '/groups', {
    name: `Soak household ${index + 1}`,
  });
  const { code } = await call<{ code: string }>(
    base,
    ownerToken,
    'POST',
    `/groups/${group.id}/invites`,
  );
  const others = await Promise.all(
    Array.from({ length: HOUSEHOLD_SIZE - 1 }, async () => {
      const token = await guestToken(base);
      await call(base, token, 'POST', '/groups/join', { code });
      return token;
    }),
  );
  const listIds: number[] = [];
  const items: TrackedItem[] = [];
  for (let i = 0; i < LISTS_PER_HOUSEHOLD; i++) {
    const list = await importList(base, ownerToken, group.id, `Shop ${i + 1}`, ITEMS_PER_LIST);
    listIds.push(list.id);
    for (const item of list.items) {
      items.push({ id: item.id, version: item.version, done: false, added: false, idleFrom: 0 });
    }
  }
  return {
    index,
    groupId: group.id,
    ownerToken,
    tokens: [ownerToken, ...others],
    listIds,
    items,
    clients: [],
  };
}

/** One realtime client per guest, connected to a given process; throws if one is not ready. */
export async function connectClients(
  households: Household[],
  balancer: Balancer,
  processCount: number,
): Promise<void> {
  let clientIndex = 0;
  for (const household of households) {
    for (const token of household.tokens) {
      household.clients.push(new RealtimeClient(balancer, token));
    }
  }
  // Half of each household on each process, so that every write has readers on both.
  await Promise.all(
    households.flatMap((household) =>
      household.clients.map((client) =>
        client.start(balancer.upstreams[clientIndex++ % processCount]!),
      ),
    ),
  );
}
