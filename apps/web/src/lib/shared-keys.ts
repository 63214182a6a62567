/**
 * Answers that more than one feature shows, cached once under one key: a change or a realtime
 * event that refreshes one of them in one feature refreshes it on every screen. The groups
 * feature's own keys (`['groups', …]`) start with these. No zod here: the account's language
 * select, on the login page, uses a key.
 */
export const sharedKeys = {
  myGroups: ['groups'] as const,
  group: (id: number) => ['groups', id] as const,
  preferences: ['users', 'preferences'] as const,
  /** My settings, as the account page shows them; unsubscribing from a mail link changes them. */
  settings: ['users', 'settings'] as const,
};
