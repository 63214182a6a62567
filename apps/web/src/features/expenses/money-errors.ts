import { isApiError } from '../../lib/api-client';
import type { TranslationKey } from '../../lib/i18n';

/** The field codes the money routes answer with, each with its own text. */
const FIELD_ERRORS: Record<string, TranslationKey> = {
  not_a_member: 'money.errors.notAMember',
  same_person: 'money.errors.samePerson',
  exceeds_remaining: 'money.errors.exceedsRemaining',
};

/** The message for a failed money change: the causes a person can act on get their own text. */
export function moneyErrorKey(error: unknown, fallback: TranslationKey): TranslationKey {
  if (isApiError(error, 'conflict')) return 'money.errors.conflict';
  if (isApiError(error, 'forbidden')) return 'money.errors.forbidden';
  if (isApiError(error, 'not_found')) return 'money.errors.notFound';
  if (isApiError(error, 'payload_too_large')) return 'money.errors.tooLarge';
  if (isApiError(error, 'rate_limited')) return 'money.errors.rateLimited';
  if (isApiError(error, 'validation_failed')) {
    const code = error.problem.errors?.find((field) => field.code in FIELD_ERRORS)?.code;
    if (code) return FIELD_ERRORS[code]!;
  }
  if (error instanceof Error && error.name === 'ZodError') return 'errors.invalidData';
  return fallback;
}

/** The message for a failed load: a broken answer is named as such (spec §8), else the fallback. */
export function moneyLoadErrorKey(error: unknown, fallback: TranslationKey): TranslationKey {
  return error instanceof Error && error.name === 'ZodError' ? 'errors.invalidData' : fallback;
}
