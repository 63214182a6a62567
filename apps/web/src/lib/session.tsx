import type { User } from '@household/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { sharedApiPaths } from './api-paths';
import { paths } from './paths';
import type { ApiClient } from './api-client';
import { useApi, useTokenStore } from './api-context';
import { forgetListSnapshot } from './list-snapshot';
import { clearOfflineReads } from './offline-cache';
import type { StoredTokens, TokenStore } from './token-store';

export const CURRENT_USER_QUERY_KEY = ['users', 'me'] as const;

/**
 * spec §8: without a stored token the session is empty; 401 and 403 start the refresh logic;
 * any other error keeps the token and is reported to the caller, which then has no user.
 */
export async function fetchCurrentUser(api: ApiClient, tokens: TokenStore): Promise<User | null> {
  if (!tokens.getAccessToken()) return null;
  return api.get(sharedApiPaths.me, { schema: (c) => c.ZUser, refreshOn: [401, 403] });
}

export const currentUserQueryOptions = (api: ApiClient, tokens: TokenStore) =>
  queryOptions({
    queryKey: CURRENT_USER_QUERY_KEY,
    queryFn: () => fetchCurrentUser(api, tokens),
    staleTime: 60_000,
  });

function useAccessToken(): string | null {
  const tokens = useTokenStore();
  return useSyncExternalStore(tokens.subscribe, tokens.getAccessToken);
}

/** Data cached for one user must never show for the next one: signing out empties the cache. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const tokens = useTokenStore();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      tokens.subscribe(() => {
        if (tokens.getAccessToken() !== null) return;
        queryClient.clear();
        void clearOfflineReads();
        forgetListSnapshot();
      }),
    [tokens, queryClient],
  );
  return children;
}

/** spec §4: unauthenticated until a login, guest login or token set; clearing tokens ends it. */
export function useSession() {
  const api = useApi();
  const tokens = useTokenStore();
  const token = useAccessToken();
  const userQuery = useQuery({ ...currentUserQueryOptions(api, tokens), enabled: token !== null });
  const signIn = useCallback((pair: StoredTokens) => tokens.setTokens(pair), [tokens]);

  return {
    token,
    isAuthenticated: token !== null,
    user: token === null ? null : (userQuery.data ?? null),
    userQuery,
    signIn,
  };
}

/** Marks the one navigation to the login page that a deliberate sign-out makes. */
const SIGNING_OUT = { signingOut: true } as const;

export function isSigningOut(locationState: unknown): boolean {
  return (
    typeof locationState === 'object' && locationState !== null && 'signingOut' in locationState
  );
}

/**
 * Logging out or deleting the account ends on the plain login page: the next person to sign in
 * on this device should not land on the page the last one left. The page changes first, so the
 * route guard never sees a signed-out user on a page that needs a token; the marker that lets a
 * still signed-in user onto the login page is then dropped, so the next login moves on again.
 */
export function useSignOut() {
  const navigate = useNavigate();
  const tokens = useTokenStore();
  return useCallback(async () => {
    // The first navigation may have to fetch the login page's code, and a navigation that waited
    // for code is not drawn at once; the second one, with the code in, is on screen when it returns.
    await navigate(paths.login, { replace: true, state: SIGNING_OUT });
    await navigate(paths.login, { replace: true, flushSync: true, state: SIGNING_OUT });
    tokens.clear();
    await navigate(paths.login, { replace: true });
  }, [navigate, tokens]);
}
