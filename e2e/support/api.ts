import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';

/** Set-up through the API, for tests whose subject is not the sign-up form itself. */

export interface TestUser {
  id: number;
  name: string;
  email: string;
  password: string;
}

export interface TokenPair {
  access_token: string;
  refresh_token: string;
}

export interface Me {
  id: number;
  name: string | null;
  email: string | null;
  is_guest: boolean;
  locale: string;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

export async function signUpViaApi(
  request: APIRequestContext,
  fields: Partial<Omit<TestUser, 'id'>> = {},
): Promise<TestUser> {
  const user = {
    name: fields.name ?? `Tester ${randomUUID().slice(0, 6)}`,
    email: fields.email ?? uniqueEmail(),
    password: fields.password ?? 'correct horse battery',
  };
  const response = await request.post('/api/v1/auth/register', { data: user });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as Me;
  return { id, ...user };
}

export async function loginViaApi(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<TokenPair> {
  const response = await request.post('/api/v1/auth/jwt/login', {
    form: { username: email, password },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as TokenPair;
}

/** GET /users/me with the given access token; the status tells whether the token is valid. */
export async function fetchMe(request: APIRequestContext, token: string) {
  const response = await request.get('/api/v1/users/me', {
    headers: { Authorization: `Bearer ${token}` },
  });
  return { status: response.status(), me: response.ok() ? ((await response.json()) as Me) : null };
}
