import {
  ACTIVITY_PAGE_DEFAULT,
  ZActivityPage,
  ZGroupSettings,
  ZInvitation,
  ZInviteCode,
  ZInviteCodePreview,
} from '@household/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../../lib/api-client';
import { apiPaths } from './paths';
import { groupKeys, PENDING_INVITATIONS_KEY } from './keys';

export const inviteCodeQueryOptions = (api: ApiClient, id: number) =>
  queryOptions({
    queryKey: groupKeys.inviteCode(id),
    queryFn: () => api.get(apiPaths.groupInviteCode(id), { schema: ZInviteCode.nullable() }),
  });

export const groupInvitationsQueryOptions = (api: ApiClient, id: number) =>
  queryOptions({
    queryKey: groupKeys.invitations(id),
    queryFn: () =>
      api.get(apiPaths.invitations, { query: { group_id: id }, schema: z.array(ZInvitation) }),
  });

export const groupSettingsQueryOptions = (api: ApiClient, id: number) =>
  queryOptions({
    queryKey: groupKeys.settings(id),
    queryFn: () => api.get(apiPaths.groupSettings(id), { schema: ZGroupSettings }),
  });

/** docs/groups.md: newest first; `next_cursor` goes back as `cursor` for older entries. */
export const activityQueryOptions = (api: ApiClient, id: number) =>
  infiniteQueryOptions({
    queryKey: groupKeys.activity(id),
    queryFn: ({ pageParam, signal }) =>
      api.get(apiPaths.groupActivity(id), {
        query: { limit: ACTIVITY_PAGE_DEFAULT, cursor: pageParam },
        schema: ZActivityPage,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
  });

export const joinPreviewQueryOptions = (api: ApiClient, code: string) =>
  queryOptions({
    queryKey: groupKeys.joinPreview(code),
    queryFn: () => api.get(apiPaths.groupJoinPreview(code), { schema: ZInviteCodePreview }),
  });

export const pendingInvitationsQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: PENDING_INVITATIONS_KEY,
    queryFn: () => api.get(apiPaths.pendingInvitations, { schema: z.array(ZInvitation) }),
  });
