import { z } from './zod';

/** Stable machine codes of problem+json errors; the web app maps them to translated messages. */
export const ERROR_CODES = [
  'validation_failed',
  'unauthenticated',
  'invalid_credentials',
  'invalid_token',
  'reauthentication_required',
  'forbidden',
  'not_found',
  'conflict',
  'idempotency_in_progress',
  'already_applied',
  'email_taken',
  'last_owner',
  'list_archived',
  'invalid_invite_code',
  'removed_from_group',
  'already_assigned',
  'already_done',
  'not_done',
  'not_open_yet',
  'timer_running',
  'swap_pending',
  'swap_outdated',
  'swap_answered',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
  'request_timeout',
  'uri_too_long',
  'headers_too_large',
  'service_unavailable',
  'internal_error',
] as const;
export const ZErrorCode = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ZErrorCode>;

export const ZFieldError = z.object({
  /** Dotted path of the offending field, e.g. `email` or `items.0.name`. */
  path: z.string(),
  /** Machine code of the rule that failed (`required`, `too_short`, `invalid_format`, ...). */
  code: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof ZFieldError>;

/** RFC 9457 problem details, the body of every error answer. */
export const ZProblem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  code: ZErrorCode,
  detail: z.string().optional(),
  instance: z.string().optional(),
  errors: z.array(ZFieldError).optional(),
  /** With 409 `conflict` on a stale version: the resource as it is now. */
  current: z.unknown().optional(),
  /** With 409 `not_open_yet`: the first day the turn can be done. */
  opens_on: z.string().optional(),
});
export type Problem = z.infer<typeof ZProblem>;
