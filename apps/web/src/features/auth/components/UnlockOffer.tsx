import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/plain/Button';
import plain from '../../../components/plain/plain.module.css';
import { isApiError } from '../../../lib/api-client';
import { retryAfterMinutes } from '../../../lib/errors';
import { notify } from '../../../lib/toasts';
import { useUnlockRequest } from '../api/mutations';

/**
 * Shown under the login form once a login answers 429. Logins from a browser that never signed in
 * to the account wait while someone guesses its password; a mailed link makes this browser a known
 * device, which signs in at once. The answer says the same whether or not the address has an
 * account. A polite live region: the toast has already said "too many attempts" out loud. Drawn
 * without Mantine, as the login page is.
 */
export function UnlockOffer({ email }: { email: string }) {
  const { t } = useTranslation();
  const unlockRequest = useUnlockRequest();

  const requestLink = () =>
    unlockRequest.mutate(email, {
      onError: (error) =>
        notify({
          type: 'error',
          message: isApiError(error, 'rate_limited')
            ? t('errors.rateLimited', { count: retryAfterMinutes(error) })
            : t('errors.generic'),
        }),
    });

  return (
    <div className={`${plain.notice} ${plain.stack}`} role="status">
      {unlockRequest.isSuccess ? (
        <p className={plain.text}>{t('auth.unlock.sent')}</p>
      ) : (
        <>
          <p className={plain.text}>{t('auth.unlock.offer')}</p>
          <div>
            <Button variant="light" onClick={requestLink} loading={unlockRequest.isPending}>
              {t('auth.unlock.request')}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
