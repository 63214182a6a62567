import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiClient } from '../lib/api-client';
import { ApiProvider } from '../lib/api-context';
import { RealtimeProvider } from '../lib/realtime-context';
import { SessionProvider } from '../lib/session';
import { loadNotifications, useToastShown } from '../lib/toasts';
import type { TokenStore } from '../lib/token-store';
import './theme/focus-ring.css';
import { colorSchemeManager, createAppTheme, cssVariablesResolver } from './theme/theme';
import { UpdatePrompt } from './UpdatePrompt';

const Notifications = lazy(() => loadNotifications().then((m) => ({ default: m.Notifications })));

/** Mounted from the first toast on (lib/toasts.tsx), and then kept so toasts leave animated. */
function Toasts() {
  if (!useToastShown()) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  );
}

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
      <Toasts />
      <UpdatePrompt />
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
