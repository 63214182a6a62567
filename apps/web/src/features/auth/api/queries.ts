import type { UnlockBody } from '@household/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { authKeys } from './keys';
import { apiPaths } from './paths';

/** A mailed link is used once: the answer is kept, never fetched again. */
export const verifyEmailQueryOptions = (api: ApiClient, token: string) =>
  queryOptions({
    queryKey: authKeys.verify(token),
    queryFn: () => api.post(apiPaths.verify, { json: { token }, schema: (c) => c.ZUser }),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

/**
 * The mailed unlock link, used once like the verification link: the answer (204, with the
 * known-device cookie for this browser) is kept, never asked for again.
 */
export const unlockDeviceQueryOptions = (api: ApiClient, token: string) =>
  queryOptions({
    queryKey: authKeys.unlock(token),
    queryFn: async () => {
      await api.post(apiPaths.unlock, { json: { token } satisfies UnlockBody });
      return true;
    },
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
