import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import type { ApiClient } from '../lib/api-client';
import { MantineIslands } from '../components/MantineIsland';
import { ApiProvider } from '../lib/api-context';
import { loadPageTexts } from '../lib/i18n';
import { RealtimeProvider } from '../lib/realtime-context';
import { SessionProvider } from '../lib/session';
import { loadToastView, useToastShown, type ToastsProps } from '../lib/toasts';
import type { TokenStore } from '../lib/token-store';
import './theme/focus-ring.css';
import { UpdatePrompt } from './UpdatePrompt';

/** Mantine's notifications, with a provider of their own: a toast may show on a page without one. */
const Notifications = lazy(() =>
  Promise.all([loadToastView(), import('./layouts/MantineRoot')]).then(
    ([view, { MantineRoot }]) => ({
      default: (props: ToastsProps) => (
        <MantineRoot>
          <view.Notifications {...props} />
        </MantineRoot>
      ),
    }),
  ),
);

/**
 * Mantine for a part of a page drawn without it (components/MantineIsland.tsx), with the English
 * texts of every page: such a part (a dialog, the expenses) may draw texts of any feature.
 */
const loadMantineRoot = () =>
  Promise.all([import('./layouts/MantineRoot'), loadPageTexts()]).then(([m]) => m.MantineRoot);

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

/**
 * What every page is drawn within. Mantine is not here: the pages that use it are drawn within
 * `MantineRoot`, which the login page does not load.
 */
export function AppProviders({
  api,
  tokens,
  queryClient,
  children,
}: AppServices & { children: ReactNode }) {
  return (
    <>
      <Toasts />
      <UpdatePrompt />
      <QueryClientProvider client={queryClient}>
        <ApiProvider api={api} tokens={tokens}>
          <SessionProvider>
            <RealtimeProvider>
              <MantineIslands load={loadMantineRoot}>{children}</MantineIslands>
            </RealtimeProvider>
          </SessionProvider>
        </ApiProvider>
      </QueryClientProvider>
    </>
  );
}
