import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { reportError } from '../lib/sentry';

/** A page that crashed is reported (spec §1) and the user can reload. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => reportError(error), [error]);
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="sm">
        <Title order={2}>{t('errors.crashTitle')}</Title>
        <Text c="dimmed" ta="center">
          {t('errors.crashText')}
        </Text>
        <Button onClick={() => window.location.reload()}>{t('errors.reload')}</Button>
      </Stack>
    </Center>
  );
}
