import type { GroupPermission, GroupRole } from '@household/contracts';
import { GROUP_ROLES } from '@household/contracts';
import { forbidden } from '../../http/problem';

/** The role matrix of docs/groups.md: each role has its own permissions and those below it. */
export const ROLE_PERMISSIONS: Record<GroupRole, readonly GroupPermission[]> = {
  member: ['view_group', 'view_activity', 'manage_invites'],
  admin: ['view_group', 'view_activity', 'manage_invites', 'edit_group', 'manage_members'],
  owner: [
    'view_group',
    'view_activity',
    'manage_invites',
    'edit_group',
    'manage_members',
    'grant_owner',
    'delete_group',
  ],
};

export function isGroupRole(value: string): value is GroupRole {
  return (GROUP_ROLES as readonly string[]).includes(value);
}

export function can(role: GroupRole, permission: GroupPermission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** A member without the permission gets 403; outsiders never get this far (they get 404). */
export function assertCan(role: GroupRole, permission: GroupPermission): void {
  if (!can(role, permission)) throw forbidden(`Your role in this group may not ${permission}`);
}

/** Admins act on members and admins only; touching an owner, or making one, needs grant_owner. */
export function canChangeRole(actor: GroupRole, target: GroupRole, to: GroupRole): boolean {
  if (!can(actor, 'manage_members')) return false;
  if (target === 'owner' || to === 'owner') return can(actor, 'grant_owner');
  return true;
}

export function canRemoveMember(actor: GroupRole, target: GroupRole): boolean {
  if (!can(actor, 'manage_members')) return false;
  return target !== 'owner' || can(actor, 'grant_owner');
}
