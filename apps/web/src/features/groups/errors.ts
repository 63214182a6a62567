import { isApiError } from '../../lib/api-client';
import type { TranslationKey } from '../../lib/i18n';
import { z } from 'zod';

/** An answer that does not match its contract (spec §8 "Invalid data received from server."). */
export function isInvalidData(error: unknown): boolean {
  return error instanceof z.ZodError;
}

/** The message for a failed load: a broken answer is named as such (spec §8). */
export function loadErrorKey(error: unknown, fallback: TranslationKey): TranslationKey {
  return isInvalidData(error) ? 'errors.invalidData' : fallback;
}

/**
 * Why joining failed: a person removed from the group is told to ask for a new invitation; every
 * other failure, an unknown or expired code included, reads the same (spec §8).
 */
export function joinErrorKey(error: unknown): TranslationKey {
  return isApiError(error, 'removed_from_group') ? 'groups.join.removed' : 'groups.join.failed';
}

/** Errors whose cause the person can act on get their own text; the rest get the fallback. */
export function actionErrorKey(error: unknown, fallback: TranslationKey): TranslationKey {
  if (isApiError(error, 'last_owner')) return 'groups.lastOwner';
  if (isApiError(error, 'forbidden')) return 'errors.forbidden';
  if (isApiError(error, 'conflict')) return 'groups.conflict';
  return fallback;
}
