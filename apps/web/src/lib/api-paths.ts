/**
 * The API endpoints lib/ calls itself, relative to `${api_url}/api/v1`: the session's
 * (lib/api-client.ts, lib/session.tsx) and those of the answers several features share
 * (lib/shared-queries.ts). Every feature keeps the rest in its own `api/paths.ts`.
 */

type Id = number | string;

export const sharedApiPaths = {
  register: '/auth/register',
  login: '/auth/jwt/login',
  guest: '/auth/guest',
  refresh: '/auth/jwt/refresh',
  logout: '/auth/jwt/logout',
  me: '/users/me',
  preferences: '/users/preferences',
  groups: '/groups',
  group: (id: Id) => `/groups/${id}`,
} as const;
