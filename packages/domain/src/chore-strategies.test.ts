import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addCalendarDays } from './calendar-date';
import {
  ASSIGNMENT_STRATEGIES,
  nextTurn,
  type AssignmentStrategy,
  type StrategyInput,
} from './chore-strategies';

const START = '2026-11-30';
const arbIds = fc.uniqueArray(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 6 });

/** Turns assigned one after another (a day apart), each one done by who got it. */
function run(input: Omit<StrategyInput, 'members' | 'turns' | 'date'>, ids: number[], n: number) {
  const done = new Map(ids.map((id) => [id, 0]));
  const turns: number[] = [];
  for (let i = 0; i < n; i++) {
    const next = nextTurn({
      ...input,
      members: ids.map((userId) => ({ userId, doneCount: done.get(userId)!, effort: 0 })),
      turns,
      date: addCalendarDays(START, i),
    });
    if (next.userId === null) break;
    turns.push(next.userId);
    done.set(next.userId, done.get(next.userId)! + 1);
  }
  return { turns, done };
}

describe('assignment strategies (docs/chores.md "Assignment strategies")', () => {
  it('fixed rotation is periodic: with nobody away, the turns repeat with the order length', () => {
    fc.assert(
      fc.property(arbIds, fc.integer({ min: 1, max: 30 }), (ids, n) => {
        const order = [...ids].reverse();
        const { turns } = run({ strategy: 'fixed_rotation', rotationOrder: order }, ids, n);
        expect(turns).toHaveLength(n);
        turns.forEach((id, i) => expect(id).toBe(order[i % order.length]));
      }),
    );
  });

  it('least done keeps the counts within one when turns are assigned one after another', () => {
    fc.assert(
      fc.property(arbIds, fc.integer({ min: 0, max: 40 }), (ids, n) => {
        const { done } = run({ strategy: 'least_done' }, ids, n);
        const counts = [...done.values()];
        expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('random but fair gives everyone a turn in each window of n turns, reproducibly', () => {
    fc.assert(
      fc.property(arbIds, fc.integer({ min: 1, max: 5 }), fc.nat(), (ids, rounds, seed) => {
        const n = ids.length;
        const { turns } = run({ strategy: 'random_fair', seed }, ids, n * rounds);
        for (let start = 0; start < turns.length; start += n) {
          expect(new Set(turns.slice(start, start + n)).size).toBe(n);
        }
        expect(run({ strategy: 'random_fair', seed }, ids, n * rounds).turns).toEqual(turns);
      }),
    );
  });

  it('the latest turns with the count of the rest pick as the whole history does', () => {
    fc.assert(
      fc.property(
        arbIds,
        fc.constantFrom<AssignmentStrategy>('fixed_rotation', 'random_fair'),
        fc.array(fc.nat(), { maxLength: 40 }),
        fc.integer({ min: 0, max: 8 }),
        fc.nat(),
        (ids, strategy, turnIdx, fairWindow, seed) => {
          const turns = turnIdx.map((i) => ids[i % ids.length]!);
          const keep = Math.max(ids.length, fairWindow);
          const input = {
            strategy,
            members: ids.map((userId) => ({ userId, doneCount: 0, effort: 0 })),
            rotationOrder: ids,
            fairWindow,
            seed,
            date: START,
          };
          const latest = turns.slice(Math.max(0, turns.length - keep));
          expect(
            nextTurn({ ...input, turns: latest, earlierTurns: turns.length - latest.length }),
          ).toEqual(nextTurn({ ...input, turns }));
        },
      ),
    );
  });

  it('no strategy assigns a member who is away, and says whom it skipped', () => {
    fc.assert(
      fc.property(
        arbIds,
        fc.constantFrom(...ASSIGNMENT_STRATEGIES),
        fc.array(fc.integer({ min: 0, max: 5 })),
        fc.array(fc.integer({ min: 0, max: 5 })),
        fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 10 }),
        (ids, strategy: AssignmentStrategy, awayIdx, turnIdx, counts) => {
          const awayIds = awayIdx.flatMap((i) => (i < ids.length ? [ids[i]!] : []));
          const date = '2026-12-05';
          const next = nextTurn({
            strategy,
            members: ids.map((userId, i) => ({
              userId,
              doneCount: counts[i] ?? 0,
              effort: counts[(i + 1) % Math.max(1, counts.length)] ?? 0,
            })),
            turns: turnIdx.flatMap((i) => (i < ids.length ? [ids[i]!] : [])),
            away: awayIds.map((userId) => ({ userId, from: '2026-12-01', to: date })),
            date,
            rotationOrder: ids,
            assigneeId: ids[0],
            seed: 7,
          });
          if (next.userId !== null) {
            expect(awayIds).not.toContain(next.userId);
            expect(ids).toContain(next.userId);
          }
          for (const id of next.reason.skipped) expect(awayIds).toContain(id);
          if (strategy === 'claimable') expect(next.userId).toBeNull();
          if (next.userId === null && strategy !== 'claimable' && strategy !== 'same_person') {
            expect(new Set(awayIds).size).toBe(ids.length);
          }
        },
      ),
    );
  });

  it('fixed rotation passes over an away member and names who it follows', () => {
    const next = nextTurn({
      strategy: 'fixed_rotation',
      members: [1, 2, 3].map((userId) => ({ userId, doneCount: 0, effort: 0 })),
      turns: [3, 1],
      away: [{ userId: 2, from: START, to: START }],
      date: START,
      rotationOrder: [3, 1, 2],
    });
    expect(next).toEqual({ userId: 3, reason: { kind: 'next_in_order', after: 1, skipped: [2] } });
  });

  it('least effort picks the least loaded; same person always the same; claimable nobody', () => {
    const members = [
      { userId: 1, doneCount: 0, effort: 9 },
      { userId: 2, doneCount: 5, effort: 3 },
    ];
    const base = { members, turns: [], date: START };
    expect(nextTurn({ ...base, strategy: 'least_effort' })).toEqual({
      userId: 2,
      reason: { kind: 'least_effort', effort: 3, skipped: [] },
    });
    expect(nextTurn({ ...base, strategy: 'least_done' }).userId).toBe(1);
    expect(nextTurn({ ...base, strategy: 'same_person', assigneeId: 1 }).userId).toBe(1);
    expect(
      nextTurn({
        ...base,
        strategy: 'same_person',
        assigneeId: 1,
        away: [{ userId: 1, from: START, to: START }],
      }),
    ).toEqual({ userId: null, reason: { kind: 'everyone_away', skipped: [1] } });
    expect(nextTurn({ ...base, strategy: 'claimable' }).userId).toBeNull();
  });
});
