import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { CURRENT_USER_QUERY_KEY, useSession } from '../../../lib/session';
import { paths } from '../../../lib/paths';
import { verifyEmailQueryOptions } from '../api/queries';

/** The mailed link is `/auth/verify?token=...`; it works signed in or out. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return (
    <Stack>
      <Title order={2}>{t('auth.verify.title')}</Title>
      {token ? (
        <Verification token={token} />
      ) : (
        <Alert color="red">{t('auth.verify.invalidLink')}</Alert>
      )}
    </Stack>
  );
}

function Verification({ token }: { token: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const { isAuthenticated } = useSession();
  const queryClient = useQueryClient();
  const verification = useQuery(verifyEmailQueryOptions(api, token));

  // A signed-in user's account page then shows the email as verified.
  useEffect(() => {
    if (verification.isSuccess) {
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    }
  }, [verification.isSuccess, queryClient]);

  if (verification.isPending) {
    return (
      <Group role="status">
        <Loader size="sm" aria-hidden />
        <Text>{t('auth.verify.verifying')}</Text>
      </Group>
    );
  }
  if (verification.isError) {
    const invalid = isApiError(verification.error, 'invalid_token');
    return <Alert color="red">{t(invalid ? 'auth.verify.invalidLink' : 'errors.generic')}</Alert>;
  }
  return (
    <>
      <Alert color="brand">{t('auth.verify.success')}</Alert>
      <Button component={Link} to={isAuthenticated ? paths.home : paths.login}>
        {t('auth.verify.continue')}
      </Button>
    </>
  );
}
