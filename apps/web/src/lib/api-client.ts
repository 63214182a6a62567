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

/**
 * How long an early read (`readEarly`) waits for the page that asked for it: a page that comes
 * later asks again, so that it never draws an old answer.
 */
export const EARLY_READ_MAX_AGE_MS = 10_000;

interface EarlyRead {
  token: string;
  response: Promise<Response | null>;
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

  const earlyReads = new Map<string, EarlyRead>();

  /**
   * Sends a GET now, with the stored token, for a page whose code is still on its way
   * (app/early-reads.ts): the page's first plain `get` of this path takes the answer instead of
   * asking again. Only a 200 is kept; anything else (an expired token, a busy server, no network)
   * is asked again the usual way, with its refresh, retries and errors.
   */
  function readEarly(path: string): void {
    const token = tokens.getAccessToken();
    if (!token || earlyReads.has(path)) return;
    const response = send(path, {}, token).then(
      (answer) => (answer.ok ? answer : null),
      () => null,
    );
    earlyReads.set(path, { token, response });
    setTimeout(() => {
      if (earlyReads.get(path)?.response === response) earlyReads.delete(path);
    }, EARLY_READ_MAX_AGE_MS);
  }

  /** The early answer for this request, if it is a plain GET of the path, with the same token. */
  async function takeEarlyRead<T>(
    path: string,
    options: RequestOptions<T>,
  ): Promise<Response | null> {
    const early = earlyReads.get(path);
    if (!early) return null;
    earlyReads.delete(path);
    const plainGet =
      methodOf(options) === 'GET' &&
      buildQuery(options.query) === '' &&
      options.headers === undefined &&
      options.accessToken === undefined &&
      !options.blob;
    if (!plainGet || tokens.getAccessToken() !== early.token) return null;
    return early.response;
  }

  async function readAnswer<T>(response: Response, options: RequestOptions<T>): Promise<T> {
    if (options.blob) return (await response.blob()) as T;
    const body = await readBody(response);
    return options.schema ? parseWith(options.schema, body) : (body as T);
  }

  async function request<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    const early = await takeEarlyRead(path, options);
    if (early) return readAnswer(early, options);

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
    return readAnswer(response, options);
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
    readEarly,
    get: withMethod('GET'),
    post: withMethod('POST'),
    put: withMethod('PUT'),
    patch: withMethod('PATCH'),
    delete: withMethod('DELETE'),
  };
}
