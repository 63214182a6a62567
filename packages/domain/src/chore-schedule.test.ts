import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addCalendarDays } from './calendar-date';
import { planSchedule, type AwayPeriod } from './chore-rotation';
import { planStrategySchedule, type ScheduleChore } from './chore-schedule';
import { ASSIGNMENT_STRATEGIES } from './chore-strategies';

const START = '2026-11-30';
const day = (n: number) => addCalendarDays(START, n);

const arbMemberIds = fc.uniqueArray(fc.integer({ min: 1, max: 30 }), {
  minLength: 1,
  maxLength: 6,
});
const arbOccurrences = fc.array(
  fc.record({
    choreId: fc.integer({ min: 1, max: 8 }),
    date: fc.integer({ min: 0, max: 83 }).map(day),
    effort: fc.integer({ min: 1, max: 10 }),
  }),
  { maxLength: 200 },
);
const arbAway = (ids: number[]) =>
  fc.array(
    fc
      .record({
        userId: fc.constantFrom(...ids),
        start: fc.integer({ min: 0, max: 83 }),
        length: fc.integer({ min: 0, max: 20 }),
      })
      .map(({ userId, start, length }): AwayPeriod => ({
        userId,
        from: day(start),
        to: day(start + length),
      })),
    { maxLength: 5 },
  );
const arbChores = (ids: number[]) =>
  fc.array(
    fc.record({
      choreId: fc.integer({ min: 1, max: 8 }),
      strategy: fc.constantFrom(...ASSIGNMENT_STRATEGIES),
      rotationOrder: fc.shuffledSubarray(ids, { minLength: 1 }),
      assigneeId: fc.constantFrom(...ids),
      fairWindow: fc.option(fc.integer({ min: 1, max: 10 })),
    }),
    { maxLength: 8 },
  );
const dedupe = (chores: ScheduleChore[]) => [
  ...new Map(chores.map((chore) => [chore.choreId, chore])).values(),
];

describe('a schedule that follows each chore\'s strategy (docs/chores.md "Generating a schedule")', () => {
  it('never plans a turn for a member on a day they are away', () => {
    fc.assert(
      fc.property(
        arbMemberIds.chain((ids) => fc.tuple(fc.constant(ids), arbAway(ids), arbChores(ids))),
        arbOccurrences,
        ([ids, away, chores], occurrences) => {
          const plan = planStrategySchedule({
            occurrences,
            members: ids.map((userId) => ({ userId, priorEffort: 0 })),
            chores: dedupe(chores),
            away,
          });
          for (const a of plan.assignments) {
            if (a.userId === null) continue;
            const isAway = away.some(
              (p) => p.userId === a.userId && p.from <= a.date && a.date <= p.to,
            );
            expect(isAway).toBe(false);
          }
        },
      ),
    );
  });

  it('plans only least-effort chores exactly as the fair rotation does', () => {
    fc.assert(
      fc.property(
        arbMemberIds.chain((ids) => fc.tuple(fc.constant(ids), arbAway(ids))),
        arbOccurrences,
        ([ids, away], occurrences) => {
          const members = ids.map((userId, i) => ({ userId, priorEffort: i * 3 }));
          const fair = planSchedule({ occurrences, members, away });
          const plan = planStrategySchedule({ occurrences, members, away });
          expect(plan.assignments.map((a) => a.userId)).toEqual(
            fair.assignments.map((a) => a.userId),
          );
          expect(plan.loads).toEqual(fair.loads);
        },
      ),
    );
  });

  it('hands a fixed rotation out in its order, round after round, across the plan', () => {
    fc.assert(
      fc.property(
        arbMemberIds.chain((ids) => fc.shuffledSubarray(ids, { minLength: 1 })),
        fc.integer({ min: 1, max: 40 }),
        (order, weeks) => {
          const occurrences = Array.from({ length: weeks }, (_, i) => ({
            choreId: 1,
            date: day(i * 7),
            effort: 2,
          }));
          const plan = planStrategySchedule({
            occurrences,
            members: order.map((userId) => ({ userId, priorEffort: 0 })),
            chores: [{ choreId: 1, strategy: 'fixed_rotation', rotationOrder: order }],
          });
          plan.assignments.forEach((a, i) => expect(a.userId).toBe(order[i % order.length]));
        },
      ),
    );
  });

  it('keeps the turns of a least-done chore within one of each other', () => {
    fc.assert(
      fc.property(arbMemberIds, fc.integer({ min: 1, max: 60 }), (ids, count) => {
        const occurrences = Array.from({ length: count }, (_, i) => ({
          choreId: 1,
          date: day(i),
          effort: 1 + (i % 4),
        }));
        const plan = planStrategySchedule({
          occurrences,
          members: ids.map((userId) => ({ userId, priorEffort: 0 })),
          chores: [{ choreId: 1, strategy: 'least_done' }],
        });
        const counts = ids.map((id) => plan.assignments.filter((a) => a.userId === id).length);
        expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('leaves a claimable chore open to take and gives a same-person chore to that person', () => {
    const plan = planStrategySchedule({
      occurrences: [
        { choreId: 1, date: day(0), effort: 2 },
        { choreId: 2, date: day(0), effort: 2 },
        { choreId: 2, date: day(7), effort: 2 },
      ],
      members: [
        { userId: 1, priorEffort: 0 },
        { userId: 2, priorEffort: 0 },
      ],
      chores: [
        { choreId: 1, strategy: 'claimable' },
        { choreId: 2, strategy: 'same_person', assigneeId: 2 },
      ],
      away: [{ userId: 2, from: day(7), to: day(7) }],
    });
    expect(plan.assignments.map((a) => [a.choreId, a.userId, a.open])).toEqual([
      [1, null, true],
      [2, 2, false],
      [2, null, false],
    ]);
  });

  it('continues a rotation after the turns before the period', () => {
    const plan = planStrategySchedule({
      occurrences: [0, 7, 14].map((n) => ({ choreId: 1, date: day(n), effort: 1 })),
      members: [1, 2, 3].map((userId) => ({ userId, priorEffort: 0 })),
      chores: [{ choreId: 1, strategy: 'fixed_rotation', rotationOrder: [1, 2, 3], turns: [1, 2] }],
      away: [{ userId: 1, from: day(7), to: day(7) }],
    });
    expect(plan.assignments.map((a) => a.userId)).toEqual([3, 2, 3]);
  });
});
