import type { User } from '@household/contracts';
import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { retryAfterMinutes } from '../../../lib/errors';
import { notify } from '../../../lib/toasts';
import { useRequestVerification } from '../api/mutations';

/** Shown while the account's email address is not confirmed; the mail links to /auth/verify. */
export function EmailVerificationAlert({ user }: { user: User }) {
  const { t } = useTranslation();
  const requestVerification = useRequestVerification();
  if (user.is_verified || !user.email) return null;

  const onSend = () =>
    requestVerification.mutate(undefined, {
      onSuccess: () => notify({ type: 'success', message: t('account.verification.sent') }),
      onError: (error) =>
        notify({
          type: 'error',
          message: isApiError(error, 'rate_limited')
            ? t('errors.rateLimited', { count: retryAfterMinutes(error) })
            : t('account.verification.failed'),
        }),
    });

  return (
    <Alert color="yellow" title={t('account.verification.notVerified')}>
      <Button
        mt="xs"
        size="xs"
        variant="light"
        onClick={onSend}
        loading={requestVerification.isPending}
        disabled={requestVerification.isSuccess}
      >
        {t('account.verification.send')}
      </Button>
    </Alert>
  );
}
