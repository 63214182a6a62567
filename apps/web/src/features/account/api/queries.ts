import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { accountKeys } from './keys';
import { apiPaths } from './paths';

export const settingsQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: accountKeys.settings,
    queryFn: () => api.get(apiPaths.settings, { schema: (c) => c.ZSettings }),
  });
