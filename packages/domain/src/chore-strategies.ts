import type { CalendarDate } from './calendar-date';
import type { AwayPeriod } from './chore-rotation';

/**
 * How a chore's turns are handed out (docs/chores.md "Assignment strategies"). Each strategy picks
 * the member for one turn, given who is in the rotation, what they have done, who is away and the
 * turns so far, and says why as data a screen can put into words. None picks a member who is away
 * on the turn's date.
 */
export const ASSIGNMENT_STRATEGIES = [
  'fixed_rotation',
  'least_done',
  'least_effort',
  'random_fair',
  'same_person',
  'claimable',
] as const;
export type AssignmentStrategy = (typeof ASSIGNMENT_STRATEGIES)[number];

export interface StrategyMember {
  userId: number;
  /** Turns of this chore the member has completed (undos subtract). */
  doneCount: number;
  /** Effort the member has been credited in the group. */
  effort: number;
}

export interface StrategyInput {
  strategy: AssignmentStrategy;
  /** Who shares the chore: the group's members. */
  members: readonly StrategyMember[];
  /** Who had the chore's earlier turns, oldest first: all of them, or the latest ones. */
  turns: readonly number[];
  /**
   * How many turns came before those in `turns` (default 0): a reader of a long history gives
   * the latest ones and the count of the rest. fixed_rotation needs the last turn in its order,
   * random_fair the turns of its current window, so `turns` holds at least a window of them.
   */
  earlierTurns?: number;
  away?: readonly AwayPeriod[];
  /** The turn's date. */
  date: CalendarDate;
  /** fixed_rotation: the order; members not in it are left out, ones who left are skipped. */
  rotationOrder?: readonly number[];
  /** same_person: who always does it. */
  assigneeId?: number | null;
  /** random_fair: the turns in a window (default and minimum: the number of members). */
  fairWindow?: number | null;
  /** random_fair: makes the draw reproducible (the chore's id). */
  seed?: number;
}

/** Why a member was picked (or nobody): `skipped` names who was passed over as away. */
export type NextReason =
  | { kind: 'next_in_order'; after: number | null; skipped: number[] }
  | { kind: 'fewest_done'; count: number; skipped: number[] }
  | { kind: 'least_effort'; effort: number; skipped: number[] }
  | { kind: 'random_fair'; window: number; skipped: number[] }
  | { kind: 'same_person'; skipped: number[] }
  | { kind: 'claimable'; skipped: number[] }
  | { kind: 'everyone_away'; skipped: number[] }
  | { kind: 'nobody'; skipped: number[] };

export interface NextTurn {
  userId: number | null;
  reason: NextReason;
}

const isAway = (away: readonly AwayPeriod[], userId: number, date: CalendarDate) =>
  away.some((period) => period.userId === userId && period.from <= date && date <= period.to);

/** A small deterministic hash (FNV-1a) of the seed and the date: the same turn, the same draw. */
function draw(seed: number, date: CalendarDate, size: number) {
  let hash = 0x811c9dc5;
  for (const char of `${seed}/${date}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % size;
}

/** The member with the least `key`, ties to the next keys, then the lower user id. */
function least(members: readonly StrategyMember[], keys: ((m: StrategyMember) => number)[]) {
  return [...members].sort((a, b) => {
    for (const key of keys) {
      const diff = key(a) - key(b);
      if (diff !== 0) return diff;
    }
    return a.userId - b.userId;
  })[0];
}

export function nextTurn(input: StrategyInput): NextTurn {
  const away = input.away ?? [];
  const members = [...input.members].sort((a, b) => a.userId - b.userId);
  const skipped = members
    .filter((m) => isAway(away, m.userId, input.date))
    .map((member) => member.userId);
  const available = members.filter((member) => !skipped.includes(member.userId));
  const none = (): NextTurn => ({
    userId: null,
    reason: { kind: members.length === 0 ? 'nobody' : 'everyone_away', skipped },
  });

  switch (input.strategy) {
    case 'claimable':
      return { userId: null, reason: { kind: 'claimable', skipped: [] } };
    case 'same_person': {
      const id = input.assigneeId ?? null;
      if (id === null || !members.some((m) => m.userId === id)) {
        return { userId: null, reason: { kind: 'nobody', skipped: [] } };
      }
      if (skipped.includes(id)) return { userId: null, reason: { kind: 'everyone_away', skipped } };
      return { userId: id, reason: { kind: 'same_person', skipped: [] } };
    }
    case 'fixed_rotation': {
      const inGroup = new Set(members.map((m) => m.userId));
      const order = [...new Set(input.rotationOrder ?? [])].filter((id) => inGroup.has(id));
      const after = [...input.turns].reverse().find((id) => order.includes(id)) ?? null;
      const start = after === null ? 0 : order.indexOf(after) + 1;
      const passed: number[] = [];
      for (let step = 0; step < order.length; step++) {
        const id = order[(start + step) % order.length]!;
        if (skipped.includes(id)) {
          passed.push(id);
          continue;
        }
        return { userId: id, reason: { kind: 'next_in_order', after, skipped: passed } };
      }
      return order.length === 0
        ? { userId: null, reason: { kind: 'nobody', skipped: [] } }
        : { userId: null, reason: { kind: 'everyone_away', skipped: passed } };
    }
    case 'least_done': {
      const chosen = least(available, [(m) => m.doneCount, (m) => m.effort]);
      if (!chosen) return none();
      return {
        userId: chosen.userId,
        reason: { kind: 'fewest_done', count: chosen.doneCount, skipped },
      };
    }
    case 'least_effort': {
      const chosen = least(available, [(m) => m.effort, (m) => m.doneCount]);
      if (!chosen) return none();
      return {
        userId: chosen.userId,
        reason: { kind: 'least_effort', effort: chosen.effort, skipped },
      };
    }
    case 'random_fair': {
      if (available.length === 0) return none();
      const window = Math.max(members.length, input.fairWindow ?? 0);
      // The turns are counted in windows of `window`; in the current one, whoever has had the
      // fewest turns so far is drawn from, so nobody has a second before everyone had one.
      const count = (input.earlierTurns ?? 0) + input.turns.length;
      const current = input.turns.slice(Math.max(0, input.turns.length - (count % window)));
      const turnsOf = (id: number) => current.filter((turn) => turn === id).length;
      const fewest = Math.min(...available.map((m) => turnsOf(m.userId)));
      const pool = available.filter((m) => turnsOf(m.userId) === fewest);
      const chosen = pool[draw(input.seed ?? 0, input.date, pool.length)]!;
      return { userId: chosen.userId, reason: { kind: 'random_fair', window, skipped } };
    }
  }
}
