import { randomUUID } from 'node:crypto';
import type { TokenPair, User } from '@household/contracts';
import type { App } from '../app';

let sequence = 0;

export function uniqueEmail(prefix = 'user'): string {
  sequence += 1;
  return `${prefix}.${sequence}.${randomUUID().slice(0, 8)}@example.test`;
}

export const DEFAULT_PASSWORD = 'correct horse battery';

export interface TestUser {
  user: User;
  email: string;
  password: string;
  tokens: TokenPair;
  auth: { authorization: string };
}

export function bearer(accessToken: string) {
  return { authorization: `Bearer ${accessToken}` };
}

export async function login(app: App, email: string, password: string, remoteAddress?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/jwt/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username: email, password }).toString(),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** Registers a user through the API and logs them in, as a person would. */
export async function buildUser(
  app: App,
  overrides: { name?: string; email?: string; password?: string } = {},
): Promise<TestUser> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const registered = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: { name: overrides.name ?? 'Alex Example', email, password },
  });
  if (registered.statusCode !== 201) {
    throw new Error(`register failed: ${registered.statusCode} ${registered.body}`);
  }
  const loggedIn = await login(app, email, password);
  const tokens = loggedIn.json<TokenPair>();
  return {
    user: registered.json<User>(),
    email,
    password,
    tokens,
    auth: bearer(tokens.access_token),
  };
}

export async function buildGuest(app: App) {
  const response = await app.inject({ method: 'POST', url: '/api/v1/auth/guest' });
  const tokens = response.json<TokenPair>();
  return { tokens, auth: bearer(tokens.access_token) };
}
