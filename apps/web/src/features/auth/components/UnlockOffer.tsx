import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { retryAfterMinutes } from '../../../lib/errors';
import { notify } from '../../../lib/toasts';
import { useUnlockRequest } from '../api/mutations';

/**
 * Shown under the login form once a login answers 429. Logins from a browser that never signed in
 * to the account wait while someone guesses its password; a mailed link makes this browser a known
 * device, which signs in at once. The answer says the same whether or not the address has an
 * account. A polite live region: the toast has already said "too many attempts" out loud.
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
    <Alert color="yellow" role="status">
      {unlockRequest.isSuccess ? (
        <Text size="sm">{t('auth.unlock.sent')}</Text>
      ) : (
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('auth.unlock.offer')}</Text>
          <Button variant="light" onClick={requestLink} loading={unlockRequest.isPending}>
            {t('auth.unlock.request')}
          </Button>
        </Stack>
      )}
    </Alert>
  );
}
