import type { ErrorCode, Problem } from '@household/contracts';
import { loadContracts } from './api-contracts';

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

export function parseRetryAfter(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  return type.includes('json') ? JSON.parse(text) : text;
}

/** The problem+json of a failed answer; an answer without one gets a problem made from its status. */
export async function toApiError(response: Response): Promise<ApiError> {
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
