import { ZGroup, ZGroupSummary, ZPreferences } from '@household/contracts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from './api-client';
import { sharedApiPaths } from './api-paths';
import { sharedKeys } from './shared-keys';

/** GET /groups: my groups, for their cards and for every group picker. */
export const myGroupsQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: sharedKeys.myGroups,
    queryFn: () => api.get(sharedApiPaths.groups, { schema: z.array(ZGroupSummary) }),
  });

/** GET /groups/{id}: the group with its members (who may pay, share, be assigned). */
export const groupQueryOptions = (api: ApiClient, id: number) =>
  queryOptions({
    queryKey: sharedKeys.group(id),
    queryFn: () => api.get(sharedApiPaths.group(id), { schema: ZGroup }),
  });

/** GET /users/preferences: my preferred currency preselects a new group's and a personal one. */
export const preferencesQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: sharedKeys.preferences,
    queryFn: () => api.get(sharedApiPaths.preferences, { schema: ZPreferences }),
    retry: false,
  });
