import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError, type ApiClient } from '../../../lib/api-client';
import { useApi, useTokenStore } from '../../../lib/api-context';
import { paths } from '../../../lib/paths';
import { CURRENT_USER_QUERY_KEY, useSession } from '../../../lib/session';

type LinkKind = 'confirm' | 'undo';

const endpoints: Record<LinkKind, string> = {
  confirm: '/auth/confirm-email',
  undo: '/auth/undo-email-change',
};

/** A mailed link works once: its answer is kept for the page's life, never asked for again. */
const emailChangeLinkOptions = (api: ApiClient, kind: LinkKind, token: string) =>
  queryOptions({
    queryKey: ['auth', 'email-change', kind, token],
    queryFn: async () => {
      await api.post(endpoints[kind], { json: { token } });
      return true;
    },
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** `/auth/confirm-email?token=...`: the new address, confirmed from its inbox, becomes the account's. */
export function ConfirmEmailChangePage() {
  return <EmailChangeLinkPage kind="confirm" />;
}

/** `/auth/undo-email-change?token=...`: from the old address, undoes the change and signs out everywhere. */
export function UndoEmailChangePage() {
  return <EmailChangeLinkPage kind="undo" />;
}

function EmailChangeLinkPage({ kind }: { kind: LinkKind }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return (
    <Stack>
      <Title order={2}>{t(`account.emailChange.${kind}.title`)}</Title>
      {token ? (
        <LinkOutcome kind={kind} token={token} />
      ) : (
        <Alert color="red">{t('account.emailChange.invalidLink')}</Alert>
      )}
    </Stack>
  );
}

/**
 * The profile this page's start asked for may still be on its way with the old address: an
 * invalidation alone would wait for that answer and keep it, so it is dropped and asked again.
 */
async function refreshCurrentUser(queryClient: QueryClient) {
  await queryClient.cancelQueries({ queryKey: CURRENT_USER_QUERY_KEY });
  await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
}

function LinkOutcome({ kind, token }: { kind: LinkKind; token: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const { isAuthenticated } = useSession();
  const tokens = useTokenStore();
  const queryClient = useQueryClient();
  const outcome = useQuery(emailChangeLinkOptions(api, kind, token));

  useEffect(() => {
    if (!outcome.isSuccess) return;
    // Undo ends every session, this browser's too; a confirmation changes the cached profile.
    if (kind === 'undo') tokens.clear();
    else void refreshCurrentUser(queryClient);
  }, [outcome.isSuccess, kind, tokens, queryClient]);

  if (outcome.isPending) {
    return (
      <Group role="status">
        <Loader size="sm" aria-hidden />
        <Text>{t('account.emailChange.working')}</Text>
      </Group>
    );
  }
  if (outcome.isError) {
    const message = isApiError(outcome.error, 'invalid_token')
      ? 'account.emailChange.invalidLink'
      : isApiError(outcome.error, 'email_taken')
        ? 'account.emailChange.taken'
        : 'errors.generic';
    return <Alert color="red">{t(message)}</Alert>;
  }
  const next = kind === 'confirm' && isAuthenticated ? paths.account : paths.login;
  return (
    <>
      <Alert color="brand" role="status">
        {t(`account.emailChange.${kind}.success`)}
      </Alert>
      {kind === 'undo' && (
        <Button component={Link} to={paths.forgotPassword} variant="light">
          {t('account.emailChange.undo.resetPassword')}
        </Button>
      )}
      <Button component={Link} to={next}>
        {t('account.emailChange.continue')}
      </Button>
    </>
  );
}
