import { expect, type APIRequestContext } from '@playwright/test';
import { loginViaApi, signUpViaApi, type TestUser } from './api';

/** Someone set up through the API, with the header that speaks for them. */
export interface Housemate extends TestUser {
  headers: { Authorization: string };
}

export async function housemate(request: APIRequestContext, name: string): Promise<Housemate> {
  const user = await signUpViaApi(request, { name });
  const { access_token } = await loginViaApi(request, user.email, user.password);
  return { ...user, headers: { Authorization: `Bearer ${access_token}` } };
}

async function json<T>(pending: ReturnType<APIRequestContext['get']>): Promise<T> {
  const response = await pending;
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

/**
 * A group of the given people, the first its owner, the others joined with its invite code the
 * way people join.
 */
export async function groupOf(
  request: APIRequestContext,
  name: string,
  [owner, ...others]: Housemate[],
): Promise<{ id: number }> {
  const group = await json<{ id: number }>(
    request.post('/api/v1/groups', { headers: owner!.headers, data: { name } }),
  );
  const { code } = await json<{ code: string }>(
    request.post(`/api/v1/groups/${group.id}/invites`, { headers: owner!.headers }),
  );
  for (const other of others) {
    await json(request.post('/api/v1/groups/join', { headers: other.headers, data: { code } }));
  }
  return group;
}

/** A group list made from text lines (e.g. "Milk 1.99"), with the named items ticked. */
export async function shopOf(
  request: APIRequestContext,
  by: Housemate,
  groupId: number,
  name: string,
  lines: string[],
  ticked: string[],
): Promise<{ id: number }> {
  const { list } = await json<{ list: { id: number } }>(
    request.post('/api/v1/lists/import', {
      headers: by.headers,
      data: { format: 'text', content: lines.join('\n'), name, group_id: groupId },
    }),
  );
  const detail = await json<{ items: { id: number; name: string; version: number }[] }>(
    request.get(`/api/v1/lists/${list.id}`, { headers: by.headers }),
  );
  for (const item of detail.items.filter((each) => ticked.includes(each.name))) {
    await json(
      request.patch(`/api/v1/items/${item.id}`, {
        headers: by.headers,
        data: { done: true, version: item.version },
      }),
    );
  }
  return list;
}

/** A chore made through the API, as the chores page would make it. */
export async function choreOf(
  request: APIRequestContext,
  by: Housemate,
  body: Record<string, unknown>,
): Promise<{ id: number; due_date: string; version: number }> {
  return json(request.post('/api/v1/chores', { headers: by.headers, data: body }));
}
