import type { RealtimeEvent } from '@household/contracts';

type Action = RealtimeEvent['action'];

/** Someone joined (created) or left (deleted) a group: told to them and to the group's members. */
export function membershipEvent(
  groupId: number,
  userId: number,
  action: Action,
  actor: number | null,
): RealtimeEvent {
  return {
    entity: 'membership',
    id: groupId,
    action,
    list_id: null,
    group_id: groupId,
    user_id: userId,
    version: null,
    actor,
  };
}

/** A change of the group itself; after `deleted`, nobody receives the group's events any more. */
export function groupEvent(groupId: number, action: Action, actor: number | null): RealtimeEvent {
  return {
    entity: 'group',
    id: groupId,
    action,
    list_id: null,
    group_id: groupId,
    user_id: null,
    version: null,
    actor,
  };
}
