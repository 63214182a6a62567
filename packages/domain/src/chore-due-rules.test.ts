import type { ChoreFrequency } from '@household/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addCalendarDays, addCalendarMonths, daysBetween } from './calendar-date';
import {
  completableFrom,
  isCompletable,
  moveOn,
  oneIntervalAfter,
  snoozedDueDate,
} from './chore-due-rules';
import { nextDueDate, occurrenceAfter, type Recurrence } from './chore-recurrence';

const recurring: ChoreFrequency[] = ['daily', 'weekly', 'monthly', 'custom'];

const arbDate = fc
  .integer({ min: 0, max: 365 * 100 })
  .map((days) => addCalendarDays('1990-01-01', days));

const arbRecurrence: fc.Arbitrary<Recurrence> = fc.record({
  frequency: fc.constantFrom(...recurring),
  intervalDays: fc.integer({ min: 1, max: 400 }),
  anchorDate: arbDate,
});

const arbRule = fc.constantFrom('due_date' as const, 'completion' as const);

describe('when the next one is due (docs/chores.md "When the next one is due")', () => {
  it('never moves the due date backwards, whatever the rule and the day it was done', () => {
    fc.assert(
      fc.property(
        arbRecurrence,
        arbRule,
        fc.integer({ min: -400, max: 400 }),
        (recurrence, rule, offset) => {
          const due = recurrence.anchorDate;
          const move = moveOn(recurrence, rule, due, addCalendarDays(due, offset));
          expect(move.dueDate > due).toBe(true);
        },
      ),
    );
  });

  it('with the completion rule, is due exactly one interval after the day it was done', () => {
    fc.assert(
      fc.property(arbRecurrence, fc.integer({ min: 0, max: 400 }), (recurrence, lateness) => {
        const due = recurrence.anchorDate;
        const doneOn = addCalendarDays(due, lateness);
        const move = moveOn(recurrence, 'completion', due, doneOn);
        const expected =
          recurrence.frequency === 'monthly'
            ? addCalendarMonths(doneOn, 1)
            : addCalendarDays(
                doneOn,
                { daily: 1, weekly: 7, custom: recurrence.intervalDays ?? 1 }[
                  recurrence.frequency as 'daily' | 'weekly' | 'custom'
                ],
              );
        expect(move.dueDate).toBe(expected);
        expect(move.anchorDate).toBe(expected);
      }),
    );
  });

  it('with the completion rule, a turn done a few days early is due one interval after that day', () => {
    // Weekly, done two days before it was due: next due five days after the old due date.
    const recurrence: Recurrence = {
      frequency: 'weekly',
      intervalDays: null,
      anchorDate: '2026-03-06',
    };
    expect(moveOn(recurrence, 'completion', '2026-03-06', '2026-03-04').dueDate).toBe('2026-03-11');
  });

  it('with the due-date rule, behaves exactly as before: counted from the anchor', () => {
    fc.assert(
      fc.property(
        arbRecurrence,
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: -30, max: 400 }),
        (recurrence, step, offset) => {
          const due = occurrenceAfter(recurrence, addCalendarDays(recurrence.anchorDate, step));
          const doneOn = addCalendarDays(due, offset);
          const move = moveOn(recurrence, 'due_date', due, doneOn);
          expect(move.dueDate).toBe(nextDueDate(recurrence, due, doneOn));
          expect(move.anchorDate).toBe(recurrence.anchorDate);
        },
      ),
    );
  });

  it('a monthly completion-rule chore done on 31 January is next due on the last day of February', () => {
    const recurrence: Recurrence = {
      frequency: 'monthly',
      intervalDays: null,
      anchorDate: '2027-01-31',
    };
    expect(oneIntervalAfter(recurrence, '2027-01-31')).toBe('2027-02-28');
    expect(moveOn(recurrence, 'completion', '2027-01-31', '2027-01-31').dueDate).toBe('2027-02-28');
  });

  it('a one-time chore keeps its date under either rule', () => {
    const recurrence: Recurrence = {
      frequency: 'one_time',
      intervalDays: null,
      anchorDate: '2026-05-01',
    };
    expect(moveOn(recurrence, 'completion', '2026-05-01', '2026-05-09').dueDate).toBe('2026-05-01');
  });

  it('a snooze moves the due date by exactly its days', () => {
    fc.assert(
      fc.property(arbDate, fc.constantFrom(1, 7), (due, days) => {
        expect(daysBetween(due, snoozedDueDate(due, days))).toBe(days);
      }),
    );
  });
});

describe('completion window', () => {
  it('opens exactly n days before the due date, and any time without a window', () => {
    fc.assert(
      fc.property(arbDate, fc.integer({ min: 0, max: 365 }), arbDate, (due, n, today) => {
        const from = completableFrom(due, n)!;
        expect(daysBetween(from, due)).toBe(n);
        expect(isCompletable(due, n, today)).toBe(today >= from);
        expect(completableFrom(due, null)).toBeNull();
        expect(isCompletable(due, null, today)).toBe(true);
      }),
    );
  });

  it('a turn is always completable on its due date and after it', () => {
    fc.assert(
      fc.property(
        arbDate,
        fc.integer({ min: 0, max: 365 }),
        fc.integer({ min: 0, max: 400 }),
        (due, n, late) => {
          expect(isCompletable(due, n, addCalendarDays(due, late))).toBe(true);
        },
      ),
    );
  });
});
