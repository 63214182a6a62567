import { isApiError } from '../../../lib/api-client';
import type { TranslationKey } from '../../../lib/i18n';

/** What a failed action on a list says: no right to it, a concurrent change, or anything else. */
export function listActionFailureKey(error: unknown): TranslationKey {
  if (isApiError(error, 'forbidden')) return 'errors.forbidden';
  if (isApiError(error, 'conflict')) return 'lists.actions.conflict';
  return 'lists.actions.failed';
}
