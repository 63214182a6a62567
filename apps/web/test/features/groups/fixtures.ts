import {
  GROUP_PERMISSIONS,
  type ActivityEntry,
  type Group,
  type GroupMember,
  type GroupPermission,
  type GroupRole,
  type GroupSummary,
  type Invitation,
  type InviteCode,
  type PersonRef,
} from '@household/contracts';

/** Test data in the wire shapes of packages/contracts (docs/groups.md). */
export const person = (id: number, name: string | null): PersonRef => ({
  id,
  name,
  avatar_url: null,
  is_guest: false,
});

export const member = (id: number, name: string, role: GroupRole): GroupMember => ({
  ...person(id, name),
  email: `${name.toLowerCase().split(' ')[0]}@example.org`,
  role,
  joined_at: '2025-03-12T10:00:00.000Z',
  share_weight: 100,
  unit_id: null,
});

export const groupSummary = (overrides: Partial<GroupSummary> = {}): GroupSummary => ({
  id: 1,
  name: 'Flat 3B',
  description: 'Our shared flat',
  currency: 'EUR',
  my_role: 'owner',
  member_count: 3,
  created_at: '2025-03-12T10:00:00.000Z',
  version: 1,
  ...overrides,
});

/** The permissions of each role, as in the role matrix of docs/groups.md. */
export const PERMISSIONS: Record<GroupRole, GroupPermission[]> = {
  owner: [...GROUP_PERMISSIONS],
  admin: ['view_group', 'view_activity', 'manage_invites', 'edit_group', 'manage_members'],
  member: ['view_group', 'view_activity', 'manage_invites'],
};

/** Ann (the signed-in test user, id 5) with Bob and Cleo; Ann's role decides her permissions. */
export const groupDetail = (
  myRole: GroupRole = 'owner',
  overrides: Partial<Group> = {},
): Group => ({
  ...groupSummary({ my_role: myRole }),
  created_by: person(7, 'Cleo Owner'),
  updated_at: '2025-03-12T10:00:00.000Z',
  invite_valid_days: 7,
  my_permissions: PERMISSIONS[myRole],
  members: [
    member(7, 'Cleo Owner', 'owner'),
    member(5, 'Ann Example', myRole),
    member(6, 'Bob Member', 'member'),
  ],
  units: [],
  active_invite_code: null,
  ...overrides,
});

export const inviteCode = (code = 'ABCDE23456'): InviteCode => ({
  code,
  expires_at: '2025-03-19T10:00:00.000Z',
  created_at: '2025-03-12T10:00:00.000Z',
  created_by: person(5, 'Ann Example'),
});

export const invitation = (overrides: Partial<Invitation> = {}): Invitation => ({
  id: 3,
  group: { id: 4, name: 'Beach trip' },
  inviter: person(8, 'Dana Inviter'),
  email: 'ann@example.org',
  status: 'pending',
  created_at: '2025-03-12T10:00:00.000Z',
  responded_at: null,
  ...overrides,
});

export const activityEntry = (
  id: number,
  verb: ActivityEntry['verb'],
  overrides: Partial<ActivityEntry> = {},
): ActivityEntry => ({
  id,
  verb,
  actor: person(5, 'Ann Example'),
  subject: null,
  details: {},
  created_at: '2025-03-12T10:00:00.000Z',
  ...overrides,
});
