import { sharedKeys } from '../../../lib/shared-keys';

/**
 * Every cached group answer lives under ['groups'], so one invalidation after joining, leaving
 * or creating refreshes the cards, the detail page and the join preview together.
 */
export const groupKeys = {
  all: sharedKeys.myGroups,
  detail: sharedKeys.group,
  inviteCode: (id: number) => ['groups', id, 'invite-code'] as const,
  invitations: (id: number) => ['groups', id, 'invitations'] as const,
  settings: (id: number) => ['groups', id, 'settings'] as const,
  activity: (id: number) => ['groups', id, 'activity'] as const,
  joinPreview: (code: string) => ['groups', 'join', code] as const,
};

/** Invitations to me: apart from ['groups'], which they join only once accepted. */
export const PENDING_INVITATIONS_KEY = ['invites', 'pending'] as const;
