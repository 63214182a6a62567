import { isApiError } from './api-client';
import type { TranslationKey } from './i18n';

/**
 * The server refuses the most common passwords (docs/accounts.md "Common passwords"); the list
 * stays there, out of the web bundle, so a form learns it only from the answer's field error.
 */
export const PASSWORD_TOO_COMMON: TranslationKey = 'auth.passwordTooCommon';

export function isPasswordTooCommon(error: unknown): boolean {
  return (
    isApiError(error, 'validation_failed') &&
    (error.problem.errors ?? []).some((fieldError) => fieldError.code === 'password_too_common')
  );
}
