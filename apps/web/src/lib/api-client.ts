import { API_PREFIX, PROBLEM_CONTENT_TYPE } from '@household/contracts/limits';
import { sharedApiPaths } from './api-paths';
import { parseWith } from './api-contracts';
import { readBody, toApiError } from './api-error';
import {
  buildQuery,
  encodeBody,
  methodOf,
  type RequestMethod,
  type RequestOptions,
  type SendRequest,
} from './api-request';
import { sendRidingOutBusy } from './busy-read-retry';
import { createTokenRefresh, webLock, type ExclusiveLock } from './token-refresh';
import type { TokenStore } from './token-store';

export type { SchemaSource } from './api-contracts';
export { ApiError, isApiError } from './api-error';
export { buildQuery, type QueryParams, type RequestOptions } from './api-request';
export { BUSY_READ_RETRIES } from './busy-read-retry';

export interface ApiClientOptions {
  /** `${api_url}/api/v1`, see `apiBaseUrl`. */
  baseUrl: string;
  tokens: TokenStore;
  /** Called after the tokens were cleared because the session cannot be renewed. */
  onUnauthenticated: () => void;
  fetch?: typeof fetch;
  /** Runs a token refresh exclusively across this browser's tabs; see `webLock`. */
  lock?: ExclusiveLock;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** Endpoints that must never start a refresh: they create or end the session themselves. */
const NO_REFRESH_PATHS: readonly string[] = [
  sharedApiPaths.login,
  sharedApiPaths.register,
  sharedApiPaths.guest,
  sharedApiPaths.refresh,
  sharedApiPaths.logout,
];

/** spec §7: the API lives under `{api host}/api/v1`; an empty host means this page's origin. */
export function apiBaseUrl(apiUrl: string): string {
  return `${apiUrl.replace(/\/+$/, '')}${API_PREFIX}`;
}

function createSender(baseUrl: string, fetchImpl: typeof fetch): SendRequest {
  return (path, options, token) => {
    const { body, contentType } = encodeBody(options);
    const headers = new Headers({
      ...options.headers,
      Accept: `application/json, ${PROBLEM_CONTENT_TYPE}`,
    });
    if (contentType) headers.set('Content-Type', contentType);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return fetchImpl(`${baseUrl}${path}${buildQuery(options.query)}`, {
      method: methodOf(options),
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  };
}

export function createApiClient({
  baseUrl,
  tokens,
  onUnauthenticated,
  fetch: fetchImpl = (...args) => globalThis.fetch(...args),
  lock = webLock,
}: ApiClientOptions) {
  const send = createSender(baseUrl, fetchImpl);
  const renewAccessToken = createTokenRefresh({ tokens, send, lock, onUnauthenticated });

  async function request<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    const sent = await sendRidingOutBusy({
      path,
      options,
      send,
      currentToken: () => options.accessToken ?? tokens.getAccessToken(),
    });
    const { sentToken } = sent;
    let { response } = sent;

    const refreshOn = options.refreshOn ?? [401];
    const mayRefresh = options.accessToken === undefined && !NO_REFRESH_PATHS.includes(path);
    if (mayRefresh && refreshOn.includes(response.status)) {
      // spec §8: a request refreshes at most once, and is retried once with the new token.
      const token = await renewAccessToken(sentToken);
      if (token === null) throw await toApiError(response);
      response = await send(path, options, token);
    }

    if (!response.ok) throw await toApiError(response);
    if (options.blob) return (await response.blob()) as T;
    const body = await readBody(response);
    return options.schema ? parseWith(options.schema, body) : (body as T);
  }

  const withMethod =
    (method: RequestMethod) =>
    <T = unknown>(path: string, options: Omit<RequestOptions<T>, 'method'> = {}) =>
      request<T>(path, { ...options, method });

  /** A URL the API handed out (an avatar), resolved against the API host. */
  const assetUrl = (url: string) =>
    new URL(url, new URL(baseUrl, window.location.origin)).toString();

  return {
    request,
    assetUrl,
    /** `${api_url}/api/v1`: where the realtime connection goes too. */
    baseUrl,
    /** The refresh above, for callers outside fetch (the realtime connection after a 4401). */
    renewAccessToken,
    get: withMethod('GET'),
    post: withMethod('POST'),
    put: withMethod('PUT'),
    patch: withMethod('PATCH'),
    delete: withMethod('DELETE'),
  };
}
