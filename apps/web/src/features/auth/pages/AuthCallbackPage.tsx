import { Alert, Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useApi } from '../../../lib/api-context';
import { CURRENT_USER_QUERY_KEY, useSession } from '../../../lib/session';
import { notify } from '../../../lib/toasts';
import { paths } from '../../../lib/paths';
import { callbackUserQueryOptions } from '../api/queries';

/** Tokens arrive in the query (`?access_token=` or `?token=`) or in the hash. */
export function readCallbackTokens(search: string, hash: string) {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const read = (...names: string[]) =>
    names.map((name) => query.get(name) ?? fragment.get(name)).find(Boolean) ?? null;
  return {
    accessToken: read('access_token', 'token'),
    refreshToken: read('refresh_token'),
  };
}

/** spec §2 Auth callback: shows Redirecting; fails with 'No token provided' or 'Authentication failed'. */
export function AuthCallbackPage() {
  const { search, hash } = useLocation();
  const { accessToken, refreshToken } = readCallbackTokens(search, hash);
  return accessToken ? (
    <CallbackSignIn accessToken={accessToken} refreshToken={refreshToken} />
  ) : (
    <CallbackFailure messageKey="auth.callback.noToken" />
  );
}

function CallbackSignIn({
  accessToken,
  refreshToken,
}: {
  accessToken: string;
  refreshToken: string | null;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const { signIn } = useSession();
  const { data: user, isError } = useQuery(callbackUserQueryOptions(api, accessToken));

  // Once the user is known the tokens are kept; the route guard then leaves for `redirect`.
  useEffect(() => {
    if (!user) return;
    queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user);
    signIn({ access_token: accessToken, refresh_token: refreshToken ?? undefined });
  }, [user, accessToken, refreshToken, queryClient, signIn]);

  if (isError) return <CallbackFailure messageKey="auth.callback.failed" />;
  return (
    <Group justify="center" py="xl" role="status">
      <Loader size="sm" aria-hidden />
      <Text>{t('auth.callback.redirecting')}</Text>
    </Group>
  );
}

function CallbackFailure({
  messageKey,
}: {
  messageKey: 'auth.callback.noToken' | 'auth.callback.failed';
}) {
  const { t } = useTranslation();
  useEffect(() => {
    notify({ id: messageKey, type: 'error', message: t(messageKey) });
  }, [messageKey, t]);
  return (
    <Stack>
      <Alert color="red" title={t(messageKey)} />
      <Anchor component={Link} to={paths.login}>
        {t('auth.backToLogin')}
      </Anchor>
    </Stack>
  );
}
