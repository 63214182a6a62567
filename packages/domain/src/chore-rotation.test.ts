import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addCalendarDays } from './calendar-date';
import { planSchedule, type ScheduleOccurrence } from './chore-rotation';

const arbOccurrences = fc.array(
  fc.record({
    choreId: fc.integer({ min: 1, max: 50 }),
    date: fc.integer({ min: 0, max: 83 }).map((days) => addCalendarDays('2026-11-30', days)),
    effort: fc.integer({ min: 1, max: 10 }),
  }),
  { maxLength: 300 },
);
const arbMemberIds = fc.uniqueArray(fc.integer({ min: 1, max: 1000 }), {
  minLength: 1,
  maxLength: 8,
});

const totals = (plan: ReturnType<typeof planSchedule>) =>
  plan.loads.map((load) => load.priorEffort + load.plannedEffort);
const spread = (values: number[]) => Math.max(...values) - Math.min(...values);

describe('fair rotation (docs/chores.md "Generating a schedule")', () => {
  it('keeps the effort per member within the largest single effort of each other', () => {
    fc.assert(
      fc.property(arbOccurrences, arbMemberIds, (occurrences, ids) => {
        const plan = planSchedule({
          occurrences,
          members: ids.map((userId) => ({ userId, priorEffort: 0 })),
        });
        const largest = Math.max(0, ...occurrences.map((o) => o.effort));
        expect(spread(totals(plan))).toBeLessThanOrEqual(largest);
        expect(plan.assignments.every((a) => a.userId !== null)).toBe(true);
      }),
    );
  });

  it('counts what each has already done: the spread never grows past what it was', () => {
    fc.assert(
      fc.property(
        arbOccurrences,
        arbMemberIds,
        fc.array(fc.integer({ min: 0, max: 200 }), { minLength: 8, maxLength: 8 }),
        (occurrences, ids, prior) => {
          const members = ids.map((userId, i) => ({ userId, priorEffort: prior[i]! }));
          const plan = planSchedule({ occurrences, members });
          const largest = Math.max(0, ...occurrences.map((o) => o.effort));
          const before = spread(members.map((m) => m.priorEffort));
          expect(spread(totals(plan))).toBeLessThanOrEqual(Math.max(before, largest));
        },
      ),
    );
  });

  it('gives the one who did less the next chores', () => {
    const occurrences: ScheduleOccurrence[] = [
      { choreId: 1, date: '2026-12-01', effort: 2 },
      { choreId: 2, date: '2026-12-01', effort: 2 },
    ];
    const plan = planSchedule({
      occurrences,
      members: [
        { userId: 1, priorEffort: 10 },
        { userId: 2, priorEffort: 4 },
      ],
    });
    expect(plan.assignments.map((a) => a.userId)).toEqual([2, 2]);
  });

  it('skips members on the dates they are away, and leaves a date open when all are', () => {
    fc.assert(
      fc.property(
        arbOccurrences,
        arbMemberIds,
        fc.array(
          fc.record({ member: fc.nat(), from: fc.nat({ max: 83 }), length: fc.nat({ max: 20 }) }),
        ),
        (occurrences, ids, periods) => {
          const away = periods.map((period) => ({
            userId: ids[period.member % ids.length]!,
            from: addCalendarDays('2026-11-30', period.from),
            to: addCalendarDays('2026-11-30', period.from + period.length),
          }));
          const plan = planSchedule({
            occurrences,
            members: ids.map((userId) => ({ userId, priorEffort: 0 })),
            away,
          });
          for (const assignment of plan.assignments) {
            const awayThen = (userId: number) =>
              away.some(
                (p) => p.userId === userId && p.from <= assignment.date && assignment.date <= p.to,
              );
            if (assignment.userId === null) expect(ids.every(awayThen)).toBe(true);
            else expect(awayThen(assignment.userId)).toBe(false);
          }
        },
      ),
    );
  });

  it('gives the same plan for the same input, in any order of the input', () => {
    fc.assert(
      fc.property(arbOccurrences, arbMemberIds, (occurrences, ids) => {
        const members = ids.map((userId) => ({ userId, priorEffort: userId % 7 }));
        const once = planSchedule({ occurrences, members });
        const again = planSchedule({
          occurrences: [...occurrences].reverse(),
          members: [...members].reverse(),
        });
        const key = (plan: typeof once) =>
          plan.assignments.map((a) => `${a.date}/${a.choreId}/${a.effort}/${a.userId}`).sort();
        expect(key(again)).toEqual(key(once));
      }),
    );
  });

  it('rotates a weekly chore between two members week by week', () => {
    const occurrences = [0, 7, 14, 21].map((days) => ({
      choreId: 1,
      date: addCalendarDays('2026-11-30', days),
      effort: 1,
    }));
    const plan = planSchedule({
      occurrences,
      members: [
        { userId: 5, priorEffort: 0 },
        { userId: 9, priorEffort: 0 },
      ],
    });
    expect(plan.assignments.map((a) => a.userId)).toEqual([5, 9, 5, 9]);
  });
});
