import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { paths } from '../../../lib/paths';
import { unlockDeviceQueryOptions } from '../api/queries';

/**
 * The mailed link is `/auth/unlock?token=...`: opening it makes this browser a known device of the
 * account (the server's cookie), so its logins no longer wait while others guess the password.
 */
export function UnlockPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return (
    <Stack>
      <Title order={2}>{t('auth.unlock.title')}</Title>
      {token ? <Unlock token={token} /> : <Failure message={t('auth.unlock.invalidLink')} />}
    </Stack>
  );
}

function Unlock({ token }: { token: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const unlock = useQuery(unlockDeviceQueryOptions(api, token));

  if (unlock.isPending) {
    return (
      <Group role="status">
        <Loader size="sm" aria-hidden />
        <Text>{t('auth.unlock.checking')}</Text>
      </Group>
    );
  }
  if (unlock.isError) {
    const invalid = isApiError(unlock.error, 'invalid_token');
    return <Failure message={t(invalid ? 'auth.unlock.invalidLink' : 'errors.generic')} />;
  }
  return (
    <>
      <Alert color="brand">{t('auth.unlock.success')}</Alert>
      <Button component={Link} to={paths.login}>
        {t('auth.unlock.toLogin')}
      </Button>
    </>
  );
}

/** Without a working link the person signs in as before, waiting if they must. */
function Failure({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Alert color="red">{message}</Alert>
      <Anchor component={Link} to={paths.login}>
        {t('auth.backToLogin')}
      </Anchor>
    </>
  );
}
