import type { CalendarDate } from './calendar-date';
import type {
  AwayPeriod,
  MemberLoad,
  PlannedAssignment,
  ScheduleMember,
  ScheduleOccurrence,
} from './chore-rotation';
import { nextTurn, type AssignmentStrategy } from './chore-strategies';

/**
 * A schedule that follows each chore's strategy (docs/chores.md "Generating a schedule"). The
 * occurrences are planned one by one in date order (heavier chores first on a date, then by chore
 * id). A `least_effort` chore's occurrence goes to the available member with the least effort so
 * far, ties to fewer planned turns, then the lower id: the fair rule of `planSchedule`, so a plan of
 * only such chores is exactly its plan. Every other strategy asks `nextTurn`, fed with the chore's
 * earlier turns and the turns planned so far; a claimable chore's occurrences stay open to take.
 */
export interface ScheduleChore {
  choreId: number;
  strategy: AssignmentStrategy;
  rotationOrder?: readonly number[];
  assigneeId?: number | null;
  fairWindow?: number | null;
  /** Who had the chore's turns before the period, oldest first: all, or the latest ones. */
  turns?: readonly number[];
  /** How many turns came before those in `turns` (see `StrategyInput.earlierTurns`). */
  earlierTurns?: number;
  /** Turns of this chore each member has completed before the period. */
  doneCounts?: ReadonlyMap<number, number>;
}

export interface StrategyPlannedAssignment extends PlannedAssignment {
  /** The chore is claimable: the occurrence waits for someone to take it. */
  open: boolean;
}

export interface StrategySchedulePlan {
  assignments: StrategyPlannedAssignment[];
  loads: MemberLoad[];
}

const isAway = (away: readonly AwayPeriod[], userId: number, date: CalendarDate) =>
  away.some((period) => period.userId === userId && period.from <= date && date <= period.to);

function byDateThenWeight(a: ScheduleOccurrence, b: ScheduleOccurrence) {
  return a.date.localeCompare(b.date) || b.effort - a.effort || a.choreId - b.choreId;
}

/** Plans every occurrence by its chore's strategy; chores not described plan by least effort. */
export function planStrategySchedule(input: {
  occurrences: readonly ScheduleOccurrence[];
  members: readonly ScheduleMember[];
  chores?: readonly ScheduleChore[];
  away?: readonly AwayPeriod[];
}): StrategySchedulePlan {
  const away = input.away ?? [];
  const chores = new Map((input.chores ?? []).map((chore) => [chore.choreId, chore]));
  const loads: MemberLoad[] = [...input.members]
    .sort((a, b) => a.userId - b.userId)
    .map((member) => ({
      userId: member.userId,
      priorEffort: member.priorEffort,
      plannedEffort: 0,
      plannedCount: 0,
    }));
  const total = (load: MemberLoad) => load.priorEffort + load.plannedEffort;
  /** Per chore: its turns, the earlier ones and then the planned ones. */
  const turns = new Map<number, number[]>();
  /** Per chore and member: turns planned in this period. */
  const planned = new Map<string, number>();

  const leastEffort = (date: CalendarDate) => {
    let chosen: MemberLoad | null = null;
    for (const load of loads) {
      if (isAway(away, load.userId, date)) continue;
      if (
        chosen === null ||
        total(load) < total(chosen) ||
        (total(load) === total(chosen) && load.plannedCount < chosen.plannedCount)
      ) {
        chosen = load;
      }
    }
    return chosen?.userId ?? null;
  };

  const assignments = [...input.occurrences].sort(byDateThenWeight).map((occurrence) => {
    const chore = chores.get(occurrence.choreId);
    const strategy = chore?.strategy ?? 'least_effort';
    const choreTurns = turns.get(occurrence.choreId) ?? [...(chore?.turns ?? [])];
    turns.set(occurrence.choreId, choreTurns);
    let userId: number | null;
    if (strategy === 'least_effort') {
      userId = leastEffort(occurrence.date);
    } else {
      userId = nextTurn({
        strategy,
        members: loads.map((load) => ({
          userId: load.userId,
          doneCount:
            (chore?.doneCounts?.get(load.userId) ?? 0) +
            (planned.get(`${occurrence.choreId}/${load.userId}`) ?? 0),
          effort: total(load),
        })),
        turns: choreTurns,
        earlierTurns: chore?.earlierTurns ?? 0,
        away,
        date: occurrence.date,
        rotationOrder: chore?.rotationOrder ?? [],
        assigneeId: chore?.assigneeId ?? null,
        fairWindow: chore?.fairWindow ?? null,
        seed: occurrence.choreId,
      }).userId;
    }
    if (userId !== null) {
      const load = loads.find((candidate) => candidate.userId === userId)!;
      load.plannedEffort += occurrence.effort;
      load.plannedCount += 1;
      choreTurns.push(userId);
      const key = `${occurrence.choreId}/${userId}`;
      planned.set(key, (planned.get(key) ?? 0) + 1);
    }
    return { ...occurrence, userId, open: strategy === 'claimable' };
  });
  return { assignments, loads };
}
