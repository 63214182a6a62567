import './app/mantine-styles';
import './app/first-paint.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { AppRouter } from './app/AppRouter';
import { AppProviders } from './app/providers';
import { routes } from './app/router';
import { apiBaseUrl, createApiClient } from './lib/api-client';
import { initI18n } from './lib/i18n';
import { settleAfter } from './lib/page-settled';
import { createQueryClient } from './lib/query-client';
import { loadRuntimeConfig } from './lib/runtime-config';
import { initErrorReporting } from './lib/sentry';
import { createTokenStore } from './lib/token-store';
import { isPublicPath, loginPath } from './lib/paths';

async function start() {
  // The router starts fetching the first page's code as soon as it exists; the runtime config
  // (API host, error-reporting DSN) and the saved language's texts load alongside it, and the
  // first render waits for the language so that it never flashes English.
  const router = createBrowserRouter(routes);
  const queryClient = createQueryClient();
  // What the first page waits for before deferred work starts (lib/page-settled.ts): its code,
  // then its reads.
  settleAfter([
    {
      isBusy: () => !router.state.initialized || router.state.navigation.state !== 'idle',
      subscribe: (listener) => router.subscribe(() => listener()),
    },
    {
      isBusy: () => queryClient.isFetching() > 0,
      subscribe: (listener) => queryClient.getQueryCache().subscribe(() => listener()),
    },
  ]);
  const [config] = await Promise.all([loadRuntimeConfig(), initI18n()]);
  await initErrorReporting(config);
  const tokens = createTokenStore();
  const api = createApiClient({
    baseUrl: apiBaseUrl(config.api_url),
    tokens,
    // spec §8: a session that cannot be renewed ends on the login page, which returns here after.
    onUnauthenticated: () => {
      const { pathname, search, hash } = router.state.location;
      if (!isPublicPath(pathname)) void router.navigate(loginPath(`${pathname}${search}${hash}`));
    },
  });

  const root = createRoot(document.getElementById('root')!);
  // As a transition, React renders the first page in slices between frames rather than in one
  // task that keeps a phone from answering a tap meanwhile.
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders api={api} tokens={tokens} queryClient={queryClient}>
          <AppRouter router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  );
}

void start();
