import type { UserRow } from '../../db/schema';

/**
 * The address an account may answer invitations for: its own, once verified. An address nobody
 * proved could be someone else's, typed in at sign-up to read what was sent to it
 * (docs/groups.md "Inviting by email").
 */
export function provenEmail(user: Pick<UserRow, 'email' | 'isGuest' | 'isVerified'>) {
  if (user.isGuest || !user.isVerified || !user.email) return null;
  return user.email.toLowerCase();
}
