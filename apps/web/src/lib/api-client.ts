import type * as contracts from '@household/contracts';
import type { ErrorCode, Problem } from '@household/contracts';
import { API_PREFIX, PROBLEM_CONTENT_TYPE } from '@household/contracts/limits';
import type { ZodType } from 'zod';
import { sharedApiPaths } from './api-paths';
import { markRetryingRead } from './busy-server';
import type { TokenStore } from './token-store';

/** A problem+json answer (ARCHITECTURE "Errors"), typed by its stable machine code. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly problem: Problem;
  /** From the Retry-After header (a 429, a 503, a write still running), in seconds. */
  readonly retryAfterSeconds: number | null;

  constructor(problem: Problem, retryAfterSeconds: number | null = null) {
    super(problem.detail ?? problem.title);
    this.name = 'ApiError';
    this.status = problem.status;
    this.code = problem.code;
    this.problem = problem;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export function isApiError(error: unknown, code?: ErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

type QueryScalar = string | number | boolean;
export type QueryParams = Record<string, QueryScalar | readonly QueryScalar[] | null | undefined>;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: QueryParams;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent form-encoded (the login endpoint, spec §7). */
  form?: Record<string, string>;
  /** Sent as multipart (file uploads). */
  formData?: FormData;
  /** Validates the answer against its contract. */
  schema?: SchemaSource<T>;
  /** Statuses that start the refresh logic; spec §8 adds 403 for the current-user fetch. */
  refreshOn?: readonly number[];
  /** Uses this token instead of the stored one and never refreshes (the auth callback). */
  accessToken?: string;
  /** Extra request headers, e.g. the `Idempotency-Key` of a change replayed after going offline. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

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

type Contracts = typeof contracts;

/**
 * A contract, or a pick from the contracts module loaded when the answer arrives. The pages of the
 * first visit (login, the session check) use picks, so that zod and the schemas stay out of the
 * code they must download before they can draw (issue 9's budget); pages that already import
 * schemas pass them directly.
 */
export type SchemaSource<T> = ZodType<T> | ((contracts: Contracts) => ZodType<T>);

const loadContracts = (): Promise<Contracts> => import('@household/contracts');

async function parseWith<T>(source: SchemaSource<T>, body: unknown): Promise<T> {
  const schema = typeof source === 'function' ? source(await loadContracts()) : source;
  return schema.parse(body);
}

type ExclusiveLock = <T>(task: () => Promise<T>) => Promise<T>;

const REFRESH_LOCK_NAME = 'household-token-refresh';

/**
 * Tabs share the tokens in local storage, and the server revokes a session whose refresh token is
 * used twice. A Web Lock lets one tab refresh while the others wait and then reuse its tokens.
 */
async function webLock<T>(task: () => Promise<T>): Promise<T> {
  if (!globalThis.navigator?.locks) return task();
  return await navigator.locks.request(REFRESH_LOCK_NAME, task);
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

const FALLBACK_CODES: Record<number, ErrorCode> = {
  400: 'validation_failed',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'validation_failed',
  429: 'rate_limited',
};

/** spec §7: the API lives under `{api host}/api/v1`; an empty host means this page's origin. */
export function apiBaseUrl(apiUrl: string): string {
  return `${apiUrl.replace(/\/+$/, '')}${API_PREFIX}`;
}

/** spec §7: array query parameters are sent as repeated keys (`?a=1&a=2`). */
export function buildQuery(params: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    const values: readonly QueryScalar[] = Array.isArray(value) ? value : [value as QueryScalar];
    for (const item of values) search.append(key, String(item));
  }
  const query = search.toString();
  return query ? `?${query}` : '';
}

function parseRetryAfter(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  return type.includes('json') ? JSON.parse(text) : text;
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = await readBody(response).catch(() => undefined);
  const { ZProblem } = await loadContracts();
  const parsed = ZProblem.safeParse(body);
  const problem: Problem = parsed.success
    ? parsed.data
    : {
        type: 'about:blank',
        title: response.statusText || 'Error',
        status: response.status,
        code: FALLBACK_CODES[response.status] ?? 'internal_error',
      };
  return new ApiError(problem, parseRetryAfter(response.headers.get('retry-after')));
}

/**
 * A read the server was too busy for (503 with `Retry-After`, docs/decisions.md "Load and
 * faults") is sent again after that delay, this many times at most. Writes are not: the lists'
 * outbox keeps and resends its own, with their Idempotency-Keys.
 */
export const BUSY_READ_RETRIES = 3;
/** A `Retry-After` longer than this is not waited for: the read fails and the page says so. */
const LONGEST_BUSY_WAIT_SECONDS = 30;

function isBusyRefusal(response: Response): boolean {
  if (response.status !== 503) return false;
  const seconds = parseRetryAfter(response.headers.get('retry-after'));
  return seconds !== null && seconds <= LONGEST_BUSY_WAIT_SECONDS;
}

/** Retry-After plus up to half again, so that the readers a busy server refused do not return at once. */
function busyDelayMs(response: Response): number {
  const seconds = parseRetryAfter(response.headers.get('retry-after')) ?? 1;
  return Math.max(seconds, 0.1) * 1000 * (1 + Math.random() / 2);
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function methodOf<T>(options: RequestOptions<T>): NonNullable<RequestOptions<T>['method']> {
  return options.method ?? (encodeBody(options).body === undefined ? 'GET' : 'POST');
}

function encodeBody<T>(options: RequestOptions<T>): { body?: BodyInit; contentType?: string } {
  if (options.formData) return { body: options.formData };
  if (options.form) {
    return {
      body: new URLSearchParams(options.form).toString(),
      contentType: 'application/x-www-form-urlencoded',
    };
  }
  if (options.json !== undefined) {
    return { body: JSON.stringify(options.json), contentType: 'application/json' };
  }
  return {};
}

export function createApiClient({
  baseUrl,
  tokens,
  onUnauthenticated,
  fetch: fetchImpl = (...args) => globalThis.fetch(...args),
  lock = webLock,
}: ApiClientOptions) {
  let refreshing: Promise<string | null> | null = null;

  function send<T>(path: string, options: RequestOptions<T>, token: string | null) {
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
  }

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
  function renewAccessToken(staleToken: string | null): Promise<string | null> {
    refreshing ??= lock(async () => {
      const current = tokens.getAccessToken();
      return current && current !== staleToken ? current : refreshSession();
    }).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** Sends a request; a read that a busy server refused goes again after its Retry-After. */
  async function sendRidingOutBusy<T>(path: string, options: RequestOptions<T>) {
    let sentToken = options.accessToken ?? tokens.getAccessToken();
    let response = await send(path, options, sentToken);
    if (methodOf(options) !== 'GET' || !isBusyRefusal(response)) return { response, sentToken };
    const retried = markRetryingRead();
    try {
      for (let retry = 1; retry <= BUSY_READ_RETRIES && isBusyRefusal(response); retry += 1) {
        await response.body?.cancel();
        await wait(busyDelayMs(response), options.signal);
        // Another request may have renewed the token meanwhile.
        sentToken = options.accessToken ?? tokens.getAccessToken();
        response = await send(path, options, sentToken);
      }
    } finally {
      retried();
    }
    return { response, sentToken };
  }

  async function request<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    const sent = await sendRidingOutBusy(path, options);
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
    const body = await readBody(response);
    return options.schema ? parseWith(options.schema, body) : (body as T);
  }

  const withMethod =
    (method: NonNullable<RequestOptions<unknown>['method']>) =>
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
