import { sharedApiPaths } from './api-paths';
import { loadContracts } from './api-contracts';
import { readBody, toApiError } from './api-error';
import type { SendRequest } from './api-request';
import type { TokenStore } from './token-store';

export type ExclusiveLock = <T>(task: () => Promise<T>) => Promise<T>;

const REFRESH_LOCK_NAME = 'household-token-refresh';

/**
 * Tabs share the tokens in local storage, and the server revokes a session whose refresh token is
 * used twice. A Web Lock lets one tab refresh while the others wait and then reuse its tokens.
 */
export async function webLock<T>(task: () => Promise<T>): Promise<T> {
  if (!globalThis.navigator?.locks) return task();
  return await navigator.locks.request(REFRESH_LOCK_NAME, task);
}

export interface TokenRefreshOptions {
  tokens: TokenStore;
  send: SendRequest;
  lock: ExclusiveLock;
  /** Called after the tokens were cleared because the session cannot be renewed. */
  onUnauthenticated: () => void;
}

/**
 * The access-token renewal of one API client: resolves to the new access token, or null after
 * signing out.
 */
export function createTokenRefresh({
  tokens,
  send,
  lock,
  onUnauthenticated,
}: TokenRefreshOptions): (staleToken: string | null) => Promise<string | null> {
  let refreshing: Promise<string | null> | null = null;

  function endSession() {
    tokens.clear();
    onUnauthenticated();
  }

  /** Asks for a new token pair; resolves to the new access token, or null after signing out. */
  async function refreshSession(): Promise<string | null> {
    const refreshToken = tokens.getRefreshToken();
    if (!refreshToken) {
      endSession();
      return null;
    }
    // A network failure is not an answer from the server, so it keeps the session and rethrows.
    const response = await send(
      sharedApiPaths.refresh,
      { method: 'POST', json: { refresh_token: refreshToken } },
      null,
    );
    // A proxy without its server (502, 504) or a server shedding load (503) has not judged the
    // token either: an app opened offline or mid-restart keeps its session and its cached data.
    if (response.status >= 500) throw await toApiError(response);
    const { ZTokenPair } = await loadContracts();
    const pair = response.ok ? ZTokenPair.safeParse(await readBody(response)) : null;
    if (!pair?.success) {
      endSession();
      return null;
    }
    tokens.setTokens(pair.data);
    return pair.data.access_token;
  }

  /**
   * spec §8: one refresh at a time. Requests that fail meanwhile wait for it and reuse its result;
   * a request whose token was already renewed (by this tab or another) just uses the new one.
   */
  return function renewAccessToken(staleToken: string | null): Promise<string | null> {
    refreshing ??= lock(async () => {
      const current = tokens.getAccessToken();
      return current && current !== staleToken ? current : refreshSession();
    }).finally(() => {
      refreshing = null;
    });
    return refreshing;
  };
}
