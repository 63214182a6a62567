import { sharedApiPaths } from '../../../lib/api-paths';

type Id = number | string;

/** The endpoints of groups, their members, invite codes and invitations (`${api_url}/api/v1`). */
export const apiPaths = {
  groups: sharedApiPaths.groups,
  group: sharedApiPaths.group,
  groupMember: (id: Id, userId: Id) => `/groups/${id}/members/${userId}`,
  groupMemberWeight: (id: Id, userId: Id) => `/groups/${id}/members/${userId}/weight`,
  groupUnits: (id: Id) => `/groups/${id}/units`,
  groupUnit: (id: Id, unitId: Id) => `/groups/${id}/units/${unitId}`,
  groupLeave: (id: Id) => `/groups/${id}/leave`,
  /** The group's one active invite code: GET it, POST a new one, DELETE to revoke it. */
  groupInviteCode: (id: Id) => `/groups/${id}/invites`,
  groupSettings: (id: Id) => `/groups/${id}/settings`,
  groupActivity: (id: Id) => `/groups/${id}/activity`,
  groupJoin: '/groups/join',
  groupJoinPreview: (code: string) => `/groups/join/${encodeURIComponent(code)}`,
  invitations: '/invites',
  pendingInvitations: '/invites/pending',
  acceptInvitation: (id: Id) => `/invites/accept/${id}`,
  declineInvitation: (id: Id) => `/invites/decline/${id}`,
  revokeInvitation: (id: Id) => `/invites/revoke/${id}`,
} as const;
