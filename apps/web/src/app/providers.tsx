import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiClient } from '../lib/api-client';
import { ApiProvider } from '../lib/api-context';
import { RealtimeProvider } from '../lib/realtime-context';
import { SessionProvider } from '../lib/session';
import type { TokenStore } from '../lib/token-store';
import './focus-ring.css';
import { colorSchemeManager, createAppTheme, cssVariablesResolver } from './theme';

export interface AppServices {
  api: ApiClient;
  tokens: TokenStore;
  queryClient: QueryClient;
}

export function AppProviders({
  api,
  tokens,
  queryClient,
  children,
}: AppServices & { children: ReactNode }) {
  const { t } = useTranslation();
  const theme = useMemo(
    () => createAppTheme({ showPassword: t('fields.showPassword'), close: t('app.close') }),
    [t],
  );
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
    >
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>
        <ApiProvider api={api} tokens={tokens}>
          <SessionProvider>
            <RealtimeProvider>{children}</RealtimeProvider>
          </SessionProvider>
        </ApiProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
