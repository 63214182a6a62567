import type { SchemaSource } from './api-contracts';

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
  /** Answers the body as a Blob (a picture), not as JSON or text; `schema` does not apply. */
  blob?: boolean;
  /** Statuses that start the refresh logic; spec §8 adds 403 for the current-user fetch. */
  refreshOn?: readonly number[];
  /**
   * Uses this token instead of the stored one and never refreshes; `''` sends none, for a page
   * whose mailed token speaks for its account whoever is signed in (the email unsubscribe link).
   */
  accessToken?: string;
  /** Extra request headers, e.g. the `Idempotency-Key` of a change replayed after going offline. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export type RequestMethod = NonNullable<RequestOptions<unknown>['method']>;

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

export function methodOf<T>(options: RequestOptions<T>): RequestMethod {
  return options.method ?? (encodeBody(options).body === undefined ? 'GET' : 'POST');
}

export function encodeBody<T>(options: RequestOptions<T>): {
  body?: BodyInit;
  contentType?: string;
} {
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

/** Sends one request as it is, with this bearer token (none when null): no retry, no refresh. */
export type SendRequest = <T>(
  path: string,
  options: RequestOptions<T>,
  token: string | null,
) => Promise<Response>;
