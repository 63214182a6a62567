import {
  ZGroupMember,
  ZGroupUnit,
  ZGroupSummary,
  ZInvitation,
  ZInviteCode,
  ZJoinGroupResult,
  normalizeInviteCode,
  type CreateGroupBody,
  type CreateUnitBody,
  type Group,
  type GroupRole,
  type InviteCode,
  type UpdateGroupBody,
  type UpdateGroupSettingsBody,
  type UpdateUnitBody,
} from '@household/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import { apiPaths } from './paths';
import { groupKeys, PENDING_INVITATIONS_KEY } from './keys';

function refreshGroup(queryClient: QueryClient, id: number) {
  void queryClient.invalidateQueries({ queryKey: groupKeys.detail(id) });
  void queryClient.invalidateQueries({ queryKey: groupKeys.all, exact: true });
}

export function useCreateGroup() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateGroupBody) =>
      api.post(apiPaths.groups, { json: body, schema: ZGroupSummary }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.all, exact: true }),
  });
}

/** spec §5 / docs/groups.md: entry is forgiving; the server gets the normalized code. */
export function useJoinGroup() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api.post(apiPaths.groupJoin, {
        json: { code: normalizeInviteCode(code) },
        schema: ZJoinGroupResult,
      }),
    // Not awaited: the person moves on to the group while the caches refresh.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: groupKeys.all }),
  });
}

export function useUpdateGroup(id: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateGroupBody) => api.patch(apiPaths.group(id), { json: body }),
    // A stale version (409) also refreshes, so the next try starts from the latest group.
    onSettled: () => {
      refreshGroup(queryClient, id);
      void queryClient.invalidateQueries({ queryKey: groupKeys.settings(id) });
      void queryClient.invalidateQueries({ queryKey: groupKeys.activity(id) });
    },
  });
}

export function useUpdateGroupSettings(id: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateGroupSettingsBody) =>
      api.patch(apiPaths.groupSettings(id), { json: body }),
    onSettled: () => {
      refreshGroup(queryClient, id);
      void queryClient.invalidateQueries({ queryKey: groupKeys.settings(id) });
      void queryClient.invalidateQueries({ queryKey: groupKeys.activity(id) });
    },
  });
}

export function useDeleteGroup(id: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(apiPaths.group(id)),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: groupKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: groupKeys.all, exact: true });
    },
  });
}

export function useLeaveGroup(id: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(apiPaths.groupLeave(id)),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: groupKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: groupKeys.all, exact: true });
    },
  });
}

export function useChangeRole(id: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: GroupRole }) =>
      api.put(apiPaths.groupMember(id, userId), { json: { role }, schema: ZGroupMember }),
    onSettled: () => {
      refreshGroup(queryClient, id);
      void queryClient.invalidateQueries({ queryKey: groupKeys.activity(id) });
    },
  });
}

export function useRemoveMember(id: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.delete(apiPaths.groupMember(id, userId)),
    onSuccess: () => {
      refreshGroup(queryClient, id);
      void queryClient.invalidateQueries({ queryKey: groupKeys.activity(id) });
    },
  });
}

/**
 * Weights and units change how the group's money is shared: the group, its activity and its money
 * views (the expenses feature's `['money']` queries, by their shared key) are read again.
 */
function refreshSharing(queryClient: QueryClient, id: number) {
  refreshGroup(queryClient, id);
  void queryClient.invalidateQueries({ queryKey: groupKeys.activity(id) });
  void queryClient.invalidateQueries({ queryKey: ['money'] });
}

export function useSetShareWeight(id: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, shareWeight }: { userId: number; shareWeight: number }) =>
      api.put(apiPaths.groupMemberWeight(id, userId), {
        json: { share_weight: shareWeight },
        schema: ZGroupMember,
      }),
    onSettled: () => refreshSharing(queryClient, id),
  });
}

export function useCreateUnit(id: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUnitBody) =>
      api.post(apiPaths.groupUnits(id), { json: body, schema: ZGroupUnit }),
    onSettled: () => refreshSharing(queryClient, id),
  });
}

export function useUpdateUnit(id: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ unitId, body }: { unitId: number; body: UpdateUnitBody }) =>
      api.patch(apiPaths.groupUnit(id, unitId), { json: body, schema: ZGroupUnit }),
    onSettled: () => refreshSharing(queryClient, id),
  });
}

export function useDissolveUnit(id: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (unitId: number) => api.delete(apiPaths.groupUnit(id, unitId)),
    onSettled: () => refreshSharing(queryClient, id),
  });
}

/** The new code replaces the old one everywhere it is cached (spec §4: one active code). */
function storeInviteCode(queryClient: QueryClient, id: number, code: InviteCode | null) {
  queryClient.setQueryData(groupKeys.inviteCode(id), code);
  queryClient.setQueryData<Group>(groupKeys.detail(id), (group) =>
    group ? { ...group, active_invite_code: code } : group,
  );
  void queryClient.invalidateQueries({ queryKey: groupKeys.activity(id) });
}

export function useGenerateInviteCode(id: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(apiPaths.groupInviteCode(id), { schema: ZInviteCode }),
    onSuccess: (code) => storeInviteCode(queryClient, id, code),
  });
}

export function useRevokeInviteCode(id: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(apiPaths.groupInviteCode(id)),
    onSuccess: () => storeInviteCode(queryClient, id, null),
  });
}

export function useSendInvitation(groupId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      api.post(apiPaths.invitations, {
        json: { group_id: groupId, email },
        schema: ZInvitation,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: groupKeys.invitations(groupId) });
      void queryClient.invalidateQueries({ queryKey: groupKeys.activity(groupId) });
    },
  });
}

export function useRevokeInvitation(groupId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: number) =>
      api.post(apiPaths.revokeInvitation(invitationId), { schema: ZInvitation }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: groupKeys.invitations(groupId) });
      void queryClient.invalidateQueries({ queryKey: groupKeys.activity(groupId) });
    },
  });
}

export function useAcceptInvitation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: number) =>
      api.post(apiPaths.acceptInvitation(invitationId), { schema: ZJoinGroupResult }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: PENDING_INVITATIONS_KEY });
      void queryClient.invalidateQueries({ queryKey: groupKeys.all });
    },
  });
}

export function useDeclineInvitation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: number) => api.post(apiPaths.declineInvitation(invitationId)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PENDING_INVITATIONS_KEY }),
  });
}
