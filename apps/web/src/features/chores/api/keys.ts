/**
 * Every cached chore answer lives under ['chores']: one invalidation after a change, or a realtime
 * `chore` or `assignment` event, refreshes the chores pages, "My assigned chores", the group's
 * upcoming chores and the history together.
 */

/** Whose chores a page shows: everything I see, my personal ones, or one group's. */
export type ChoreScope =
  { kind: 'all' } | { kind: 'personal' } | { kind: 'group'; groupId: number };

export const choreKeys = {
  all: ['chores'] as const,
  list: (scope: ChoreScope) => ['chores', 'list', scope] as const,
  chore: (id: number) => ['chores', 'chore', id] as const,
  choreHistory: (id: number) => ['chores', 'history', 'chore', id] as const,
  groupHistory: (groupId: number) => ['chores', 'history', 'group', groupId] as const,
  myAssignments: ['chores', 'assignments', 'mine'] as const,
  timeEntries: (assignmentId: number) => ['chores', 'time-entries', assignmentId] as const,
  calendarFeed: ['chores', 'calendar-feed'] as const,
  /** A group's stored away periods: they change the next turns, so they live under ['chores']. */
  awayPeriods: (groupId: number) => ['chores', 'away', groupId] as const,
};
