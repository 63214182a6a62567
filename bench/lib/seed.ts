/** Builds, through the public API, the household the benchmarks read and write. */
import { randomBytes } from 'node:crypto';
import { API, sleep } from './server';

export interface Account {
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
}

export interface Household {
  owner: Account;
  /** A household of four with an invite code and a page of activity. */
  groupId: number;
  /** Group lists of 100 and 1,000 items; the toggle scenario ticks a hundred of the big one. */
  listIds: { items100: number; items1000: number };
  toggleItems: { id: number; version: number }[];
}

/**
 * A set-up request as a well-behaved client sends it: answered 503 by a server shedding load, it
 * waits for `Retry-After` and sends it again. `init` is called for each attempt (a fresh time-out).
 */
export async function fetchPatiently(url: string, init: () => RequestInit): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(url, init());
    if (response.status !== 503 || attempt === SET_UP_ATTEMPTS) return response;
    await response.arrayBuffer();
    await sleep((Number(response.headers.get('retry-after')) || 1) * 1000);
  }
}
const SET_UP_ATTEMPTS = 10;

async function expectStatus(response: Response, status: number, what: string) {
  if (response.status !== status) {
    throw new Error(
      `${what}: expected ${status}, got ${response.status}: ${await response.text()}`,
    );
  }
}

export async function signUp(base: string, name = 'Bench User'): Promise<Account> {
  const email = `bench-${Date.now()}-${randomBytes(3).toString('hex')}@example.com`;
  const password = `bench-${randomBytes(12).toString('base64url')}`;
  const signal = () => AbortSignal.timeout(30_000);

  const registered = await fetchPatiently(`${base}${API}/auth/register`, () => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password }),
    signal: signal(),
  }));
  await expectStatus(registered, 201, 'POST /auth/register');

  const login = await fetchPatiently(`${base}${API}/auth/jwt/login`, () => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password }).toString(),
    signal: signal(),
  }));
  await expectStatus(login, 200, 'POST /auth/jwt/login');
  const tokens = (await login.json()) as { access_token?: string; refresh_token?: string };
  if (!tokens.access_token || !tokens.refresh_token) {
    throw new Error('POST /auth/jwt/login: no tokens in the answer');
  }
  return {
    email,
    password,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
  };
}

/** An authenticated JSON call that must answer `expected` (201 for a creating POST, else 200). */
export async function call<T>(
  base: string,
  token: string,
  method: string,
  url: string,
  body?: unknown,
  expected = method === 'POST' && !url.includes('join') ? 201 : 200,
): Promise<T> {
  const response = await fetchPatiently(`${base}${API}${url}`, () => ({
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  }));
  await expectStatus(response, expected, `${method} ${url}`);
  return (await response.json()) as T;
}

interface ImportedList {
  list: { id: number; version: number; items: { id: number; version: number }[] };
}

export async function importList(
  base: string,
  token: string,
  groupId: number,
  name: string,
  n: number,
) {
  const lines = Array.from({ length: n }, (_, i) => `${(i % 5) + 1} x Item ${i + 1} 1,99`);
  const { list } = await call<ImportedList>(base, token, 'POST', '/lists/import', {
    format: 'text',
    content: lines.join('\n'),
    name,
    group_id: groupId,
  });
  return list;
}

/**
 * A household of four (a group, three housemates joined by invite code), group lists of 100 and
 * 1,000 items and six small ones, and the owner's personal list: what the lists page shows.
 */
export async function createHousehold(base: string): Promise<Household> {
  const owner = await signUp(base);
  const group = await call<{ id: number }>(base, owner.accessToken, 'POST', '/groups', {
    name: 'Bench household',
  });
  for (let i = 0; i < 3; i++) {
    const { code } = await call<{ code: string }>(
      base,
      owner.accessToken,
      'POST',
      `/groups/${group.id}/invites`,
    );
    const housemate = await signUp(base, `Housemate ${i + 1}`);
    await call(base, housemate.accessToken, 'POST', '/groups/join', { code });
  }
  const big = await importList(base, owner.accessToken, group.id, 'Big shop', 1000);
  const hundred = await importList(base, owner.accessToken, group.id, 'Weekly shop', 100);
  for (let i = 1; i <= 6; i++) {
    await importList(base, owner.accessToken, group.id, `Small list ${i}`, 15);
  }
  await call(base, owner.accessToken, 'POST', '/lists', { name: 'My own list' });
  return {
    owner,
    groupId: group.id,
    listIds: { items100: hundred.id, items1000: big.id },
    toggleItems: big.items.slice(0, 100),
  };
}
