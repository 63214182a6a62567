import type { CalendarDate } from './calendar-date';

/**
 * A fair rotation (docs/chores.md "Generating a schedule"): the occurrences of a group's chores
 * over a period go, one by one in date order, to the available member who has the least effort so
 * far — counting what each has already done — so the totals even out over time. Ties go to the
 * member with fewer assignments, then to the lower user id: the same input always gives the same
 * plan, so re-running a preview changes nothing.
 *
 * Bound (property-tested): with everyone available, the spread between the most and the least
 * loaded member never grows beyond the larger of the spread they started with and the largest
 * single effort.
 */
export interface ScheduleOccurrence {
  choreId: number;
  date: CalendarDate;
  effort: number;
}

export interface ScheduleMember {
  userId: number;
  /** Effort of what the member has already done in this group. */
  priorEffort: number;
}

/** The member is away from `from` to `to`, both included: nothing is planned for them then. */
export interface AwayPeriod {
  userId: number;
  from: CalendarDate;
  to: CalendarDate;
}

export interface PlannedAssignment extends ScheduleOccurrence {
  /** Null when every chosen member is away on that date. */
  userId: number | null;
}

export interface MemberLoad {
  userId: number;
  priorEffort: number;
  plannedEffort: number;
  plannedCount: number;
}

export interface SchedulePlan {
  assignments: PlannedAssignment[];
  loads: MemberLoad[];
}

const isAway = (away: readonly AwayPeriod[], userId: number, date: CalendarDate) =>
  away.some((period) => period.userId === userId && period.from <= date && date <= period.to);

/** Date order; on one date the heavier chores first (they balance worst), then by chore id. */
function byDateThenWeight(a: ScheduleOccurrence, b: ScheduleOccurrence) {
  return a.date.localeCompare(b.date) || b.effort - a.effort || a.choreId - b.choreId;
}

export function planSchedule(input: {
  occurrences: readonly ScheduleOccurrence[];
  members: readonly ScheduleMember[];
  away?: readonly AwayPeriod[];
}): SchedulePlan {
  const away = input.away ?? [];
  const loads: MemberLoad[] = [...input.members]
    .sort((a, b) => a.userId - b.userId)
    .map((member) => ({
      userId: member.userId,
      priorEffort: member.priorEffort,
      plannedEffort: 0,
      plannedCount: 0,
    }));
  const total = (load: MemberLoad) => load.priorEffort + load.plannedEffort;
  const assignments = [...input.occurrences].sort(byDateThenWeight).map((occurrence) => {
    let chosen: MemberLoad | null = null;
    for (const load of loads) {
      if (isAway(away, load.userId, occurrence.date)) continue;
      if (
        chosen === null ||
        total(load) < total(chosen) ||
        (total(load) === total(chosen) && load.plannedCount < chosen.plannedCount)
      ) {
        chosen = load;
      }
    }
    if (chosen) {
      chosen.plannedEffort += occurrence.effort;
      chosen.plannedCount += 1;
    }
    return { ...occurrence, userId: chosen?.userId ?? null };
  });
  return { assignments, loads };
}
