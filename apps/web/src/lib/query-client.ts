import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * A 4xx answer will not change on a second try, nor will an answer that breaks its contract (the
 * person sees "Invalid data received from server." at once); network and server errors may. A busy
 * server's 503 with `Retry-After` was already sent again by the API client, as often as it waits.
 */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  if (error instanceof ApiError && error.status === 503 && error.retryAfterSeconds !== null) {
    return false;
  }
  // By name: importing zod's class here would put zod in the first page's code.
  if (error instanceof Error && error.name === 'ZodError') return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The service worker answers the lists' reads from its cache offline (docs/offline.md): a
      // query runs once without a network before pausing its retries until the connection returns.
      queries: { retry: shouldRetry, networkMode: 'offlineFirst' },
      mutations: { retry: false },
    },
  });
}
