import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { paths } from '../../../lib/paths';
import { sharedKeys } from '../../../lib/shared-keys';
import { useUnsubscribeEmail } from '../api/mutations';

/**
 * The link in every notification email: `/unsubscribe?token=...`, signed in or out. Opening it
 * changes nothing (mail scanners fetch links); the button does (docs/notifications.md).
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return (
    <Stack>
      <Title order={2}>{t('notifications.unsubscribe.title')}</Title>
      {token ? (
        <Unsubscribe token={token} />
      ) : (
        <Alert color="red">{t('notifications.unsubscribe.invalidLink')}</Alert>
      )}
    </Stack>
  );
}

function Unsubscribe({ token }: { token: string }) {
  const { t } = useTranslation();
  const { isAuthenticated } = useSession();
  const queryClient = useQueryClient();
  const unsubscribe = useUnsubscribeEmail();

  if (unsubscribe.isSuccess) {
    return (
      <>
        <Alert color="brand" role="status">
          {t('notifications.unsubscribe.success')}
        </Alert>
        <Button component={Link} to={isAuthenticated ? paths.account : paths.login}>
          {t(
            isAuthenticated
              ? 'notifications.unsubscribe.toAccount'
              : 'notifications.unsubscribe.toLogin',
          )}
        </Button>
      </>
    );
  }

  const isInvalid =
    unsubscribe.isError && isApiError(unsubscribe.error) && unsubscribe.error.status === 400;
  return (
    <>
      <Text>{t('notifications.unsubscribe.explanation')}</Text>
      {unsubscribe.isError && (
        <Alert color="red" role="alert">
          {t(isInvalid ? 'notifications.unsubscribe.invalidLink' : 'errors.generic')}
        </Alert>
      )}
      {!isInvalid && (
        <Button
          color="red"
          loading={unsubscribe.isPending}
          onClick={() =>
            unsubscribe.mutate(token, {
              // A signed-in user's account page then shows email notifications as off.
              onSuccess: () =>
                void queryClient.invalidateQueries({ queryKey: sharedKeys.settings }),
            })
          }
        >
          {t('notifications.unsubscribe.button')}
        </Button>
      )}
    </>
  );
}
