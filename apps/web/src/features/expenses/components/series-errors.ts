import { isApiError } from '../../../lib/api-client';
import type { TranslationKey } from '../../../lib/i18n';

/**
 * The message for a failed change of a recurring bill: a stale version (someone changed it
 * meanwhile; the list is refetched), no right to change it, or a bill that is gone.
 */
export function seriesErrorKey(error: unknown, fallback: TranslationKey): TranslationKey {
  if (isApiError(error, 'conflict')) return 'expenses.series.conflictAction';
  if (isApiError(error, 'forbidden')) return 'expenses.series.forbidden';
  if (isApiError(error, 'not_found')) return 'expenses.series.gone';
  if (isApiError(error, 'rate_limited')) return 'money.errors.rateLimited';
  return fallback;
}
