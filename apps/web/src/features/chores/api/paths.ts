type Id = number | string;

/** The endpoints of chores, assignments and time entries, relative to `${api_url}/api/v1`. */
export const apiPaths = {
  chores: '/chores',
  chore: (id: Id) => `/chores/${id}`,
  choreComplete: (id: Id) => `/chores/${id}/complete`,
  choreUndo: (id: Id) => `/chores/${id}/undo`,
  choreSkip: (id: Id) => `/chores/${id}/skip`,
  choreSnooze: (id: Id) => `/chores/${id}/snooze`,
  choreHistory: (id: Id) => `/chores/${id}/history`,
  choreAssignments: (id: Id) => `/chores/${id}/assignments`,
  /** The caller's own assignments ("My assigned chores"). */
  myAssignments: '/chores/assignments',
  assignment: (id: Id) => `/chores/assignments/${id}`,
  assignmentTimeEntries: (id: Id) => `/chores/assignments/${id}/time-entries`,
  timeEntry: (id: Id) => `/chores/time-entries/${id}`,
  groupChores: (id: Id) => `/groups/${id}/chores`,
  groupChoreHistory: (id: Id) => `/groups/${id}/chores/history`,
  generateSchedule: (id: Id) => `/groups/${id}/chores/generate-schedule`,
  groupAwayPeriods: (id: Id) => `/groups/${id}/away-periods`,
  groupAwayPeriod: (id: Id, periodId: Id) => `/groups/${id}/away-periods/${periodId}`,
  calendarFeed: '/chores/calendar-feed',
  calendarFeedReset: '/chores/calendar-feed/reset',
} as const;
