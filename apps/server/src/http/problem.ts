import type { ErrorCode, FieldError, Problem } from '@household/contracts';
import { PROBLEM_CONTENT_TYPE } from '@household/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

const TITLES: Record<ErrorCode, string> = {
  validation_failed: 'Validation failed',
  unauthenticated: 'Authentication required',
  invalid_credentials: 'Invalid credentials',
  invalid_token: 'Invalid or expired token',
  forbidden: 'Forbidden',
  not_found: 'Not found',
  conflict: 'Conflict',
  email_taken: 'Email already registered',
  last_owner: 'A group needs an owner',
  list_archived: 'The list is archived',
  invalid_invite_code: 'Invalid invite code',
  rate_limited: 'Too many requests',
  payload_too_large: 'Payload too large',
  unsupported_media_type: 'Unsupported media type',
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
    readonly extensions?: Partial<Pick<Problem, 'current'>>,
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

export function registerProblemHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
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
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(reply, problem(500, 'internal_error'));
  });
}

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  return 'validation_failed';
}

/** The zod rule a field broke (too_small, invalid_format, ...), with a missing field as `required`. */
function fieldErrorCode(keyword: string, message: string | undefined): string {
  if (keyword === 'invalid_type' && message?.endsWith('received undefined')) return 'required';
  return keyword;
}
