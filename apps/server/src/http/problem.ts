import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorCode, FieldError, Problem } from '@household/contracts';
import { PROBLEM_CONTENT_TYPE } from '@household/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { CLIENT_GONE_MESSAGE, isConnectionClosedError, watchClientConnection } from '../lib/logger';

const TITLES: Record<ErrorCode, string> = {
  validation_failed: 'Validation failed',
  unauthenticated: 'Authentication required',
  invalid_credentials: 'Invalid credentials',
  invalid_token: 'Invalid or expired token',
  reauthentication_required: 'Reauthentication required',
  forbidden: 'Forbidden',
  not_found: 'Not found',
  conflict: 'Conflict',
  idempotency_in_progress: 'Request still running',
  already_applied: 'Change already applied',
  email_taken: 'Email already registered',
  last_owner: 'A group needs an owner',
  list_archived: 'The list is archived',
  invalid_invite_code: 'Invalid invite code',
  removed_from_group: 'Removed from this group',
  already_assigned: 'Already assigned',
  already_done: 'Already done',
  not_done: 'Not done',
  not_open_yet: 'This turn cannot be done yet',
  timer_running: 'Timer already running',
  swap_pending: 'A swap of this turn is waiting for an answer',
  swap_outdated: 'The turn was done or handed on since the swap was asked',
  swap_answered: 'The swap was answered already',
  rate_limited: 'Too many requests',
  payload_too_large: 'Payload too large',
  unsupported_media_type: 'Unsupported media type',
  request_timeout: 'Request timeout',
  uri_too_long: 'URI too long',
  headers_too_large: 'Request header fields too large',
  service_unavailable: 'Service unavailable',
  internal_error: 'Internal server error',
};

/** An expected failure a service raises; the error handler turns it into problem+json. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly detail?: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
    /** Extra problem members, e.g. `current` with a stale-version conflict. */
    readonly extensions?: Partial<Pick<Problem, 'current' | 'opens_on'>>,
  ) {
    super(detail ?? TITLES[code]);
    this.name = 'AppError';
  }
}

export const notFound = (detail?: string) => new AppError(404, 'not_found', detail);
export const forbidden = (detail?: string) => new AppError(403, 'forbidden', detail);
export const unauthenticated = (detail?: string) => new AppError(401, 'unauthenticated', detail);
export const validationFailed = (errors: FieldError[], detail?: string) =>
  new AppError(400, 'validation_failed', detail, errors);

export function problem(
  status: number,
  code: ErrorCode,
  extra: Partial<Omit<Problem, 'status' | 'code'>> = {},
): Problem {
  return { type: `about:blank#${code}`, title: TITLES[code], status, code, ...extra };
}

export function sendProblem(reply: FastifyReply, body: Problem): FastifyReply {
  return reply.status(body.status).type(PROBLEM_CONTENT_TYPE).send(body);
}

/** Fastify's own error codes for bad input, mapped to our stable codes. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; code: ErrorCode }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload_too_large' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'payload_too_large' },
  FST_PARTS_LIMIT: { status: 413, code: 'payload_too_large' },
  FST_FILES_LIMIT: { status: 413, code: 'payload_too_large' },
  FST_FIELDS_LIMIT: { status: 413, code: 'payload_too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported_media_type' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, code: 'unsupported_media_type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'validation_failed' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'validation_failed' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'validation_failed' },
};

/**
 * nginx's status for a request whose client closed the connection before the answer. Nobody
 * receives it; it ends the request (so shutdown does not wait for it) without calling it a 500.
 */
const CLIENT_CLOSED_REQUEST = 499;

export function registerProblemHandlers(app: FastifyInstance): void {
  // A client that hangs up is no fault of the server: what is logged about it goes out at info.
  app.addHook('onRequest', (request, _reply, done) => {
    watchClientConnection(request.log, request.raw.socket);
    done();
  });
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasClientHungUp(error, request)) {
      request.log.info({ reason: error.code ?? error.message }, CLIENT_GONE_MESSAGE);
      return reply.status(CLIENT_CLOSED_REQUEST).send();
    }
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return sendProblem(
        reply,
        problem(error.status, error.code, {
          ...(error.detail ? { detail: error.detail } : {}),
          ...(error.errors ? { errors: error.errors } : {}),
          ...error.extensions,
        }),
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path names a thing: one that cannot exist (`/lists/01`, `/lists/abc`) is not found,
      // as one that does not exist or that the caller may not see (docs/api.md "Text and ids").
      if (error.validationContext === 'params')
        return sendProblem(reply, problem(404, 'not_found'));
      const errors = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        code: fieldErrorCode(issue.keyword, issue.message),
        message: issue.message ?? 'Invalid value',
      }));
      return sendProblem(
        reply,
        problem(400, 'validation_failed', { detail: `Invalid ${error.validationContext}`, errors }),
      );
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) {
      return sendProblem(reply, problem(known.status, known.code, { detail: error.message }));
    }
    if (error.statusCode === 429) {
      return sendProblem(reply, problem(429, 'rate_limited', { detail: error.message }));
    }
    // A JSON syntax error or any other client error Fastify raised while reading the request.
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendProblem(
        reply,
        problem(error.statusCode, codeForStatus(error.statusCode), { detail: error.message }),
      );
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendProblem(
        reply,
        problem(503, 'service_unavailable', { detail: 'The database is busy or unreachable' }),
      );
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(reply, problem(500, 'internal_error'));
  });
}

const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The client closed the connection while its answer was being made (a compressed answer's stream
 * ends early when the connection goes): nothing failed that anyone is waiting for.
 */
function hasClientHungUp(error: unknown, request: FastifyRequest): boolean {
  return request.raw.socket?.destroyed === true && isConnectionClosedError(error);
}

/**
 * SQLSTATEs of a database that cannot serve the request now: restarting (57P01 admin shutdown,
 * 57P03 cannot connect now), or a transaction it rolled back for another's sake (40P01 deadlock
 * detected, 40001 serialization failure, 55P03 lock not available).
 */
const DATABASE_BUSY_STATES = new Set(['ECONNREFUSED', '57P01', '57P03', '40P01', '40001', '55P03']);

/**
 * The database could not serve the request now: no pooled connection came free in time, the server
 * refused the connection or is restarting, or it rolled the request's transaction back. Every
 * change is one transaction, so the request changed nothing and a retry is safe: 503, not 500.
 */
function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && DATABASE_BUSY_STATES.has(code)) return true;
    if (cause.message.includes('timeout exceeded when trying to connect')) return true;
    cause = cause.cause;
  }
  return false;
}

const CODE_FOR_STATUS: Partial<Record<number, ErrorCode>> = {
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  408: 'request_timeout',
  409: 'conflict',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  431: 'headers_too_large',
  503: 'service_unavailable',
};

/** The stable code of an error status the HTTP layer raised, with 400 for any other 4xx. */
export function codeForStatus(status: number): ErrorCode {
  return CODE_FOR_STATUS[status] ?? 'validation_failed';
}

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (an oversized header, a
 * request line it cannot read, a client too slow to send its headers). Fastify would answer those
 * with its own JSON; this writes problem+json like every other error, then closes the connection,
 * which the parser can no longer read.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 431
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 408
        : error.code === 'HPE_URI_TOO_LONG'
          ? 414
          : 400;
  const body = JSON.stringify(problem(status, codeForStatus(status)));
  socket.end(
    [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      `Content-Type: ${PROBLEM_CONTENT_TYPE}; charset=utf-8`,
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  );
}

/** The zod rule a field broke (too_small, invalid_format, ...), with a missing field as `required`. */
function fieldErrorCode(keyword: string, message: string | undefined): string {
  if (keyword === 'invalid_type' && message?.endsWith('received undefined')) return 'required';
  return keyword;
}
