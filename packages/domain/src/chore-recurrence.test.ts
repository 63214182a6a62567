import type { ChoreFrequency } from '@household/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addCalendarDays, daysBetween, todayIn } from './calendar-date';
import {
  nextDueDate,
  occurrenceAfter,
  occurrencesBetween,
  type Recurrence,
} from './chore-recurrence';

const recurring: ChoreFrequency[] = ['daily', 'weekly', 'monthly', 'custom'];

/** Any date from 1990 to 2090, as `YYYY-MM-DD`. */
const arbDate = fc
  .integer({ min: 0, max: 365 * 100 })
  .map((days) => addCalendarDays('1990-01-01', days));

const arbRecurrence = fc.record({
  frequency: fc.constantFrom(...recurring),
  intervalDays: fc.integer({ min: 1, max: 400 }),
  anchorDate: arbDate,
});

describe('next due date (spec §4, docs/chores.md "Recurrence")', () => {
  it('is always after the previous due date and after the day of completion', () => {
    fc.assert(
      fc.property(
        arbRecurrence,
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: -30, max: 400 }),
        (recurrence, step, lateness) => {
          const due = occurrenceAfter(recurrence, addCalendarDays(recurrence.anchorDate, step));
          const completedOn = addCalendarDays(due, lateness);
          const next = nextDueDate(recurrence, due, completedOn);
          expect(next > due).toBe(true);
          expect(next > completedOn).toBe(true);
        },
      ),
    );
  });

  it('moves n on-time completions of an every-k-days chore by n·k days', () => {
    fc.assert(
      fc.property(
        arbDate,
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 20 }),
        (anchorDate, k, n, earliness) => {
          const recurrence: Recurrence = { frequency: 'custom', intervalDays: k, anchorDate };
          let due = anchorDate;
          for (let i = 0; i < n; i += 1) {
            due = nextDueDate(recurrence, due, addCalendarDays(due, -Math.min(earliness, k - 1)));
          }
          expect(daysBetween(anchorDate, due)).toBe(n * k);
        },
      ),
    );
  });

  it('does not pile up missed occurrences when done late', () => {
    const weekly: Recurrence = {
      frequency: 'weekly',
      intervalDays: null,
      anchorDate: '2026-11-02',
    };
    // Due Monday 2 November, done three weeks and two days late: next is the Monday after.
    expect(nextDueDate(weekly, '2026-11-02', '2026-11-25')).toBe('2026-11-30');
    // Done on the day of a later occurrence: that occurrence counts as done too.
    expect(nextDueDate(weekly, '2026-11-02', '2026-11-23')).toBe('2026-11-30');
    fc.assert(
      fc.property(arbRecurrence, fc.integer({ min: 0, max: 1000 }), (recurrence, lateness) => {
        const due = recurrence.anchorDate;
        const completedOn = addCalendarDays(due, lateness);
        const next = nextDueDate(recurrence, due, completedOn);
        // Exactly one occurrence ahead of the completion: none between it and the next due date.
        expect(occurrenceAfter(recurrence, completedOn)).toBe(next);
      }),
    );
  });

  it('keeps a one-time chore on its date', () => {
    const once: Recurrence = {
      frequency: 'one_time',
      intervalDays: null,
      anchorDate: '2026-11-25',
    };
    expect(nextDueDate(once, '2026-11-25', '2026-11-30')).toBe('2026-11-25');
  });
});

describe('month ends', () => {
  const monthly = (anchorDate: string): Recurrence => ({
    frequency: 'monthly',
    intervalDays: null,
    anchorDate,
  });

  it('falls on the last day of a shorter month and returns to the anchor day', () => {
    const jan31 = monthly('2027-01-31');
    expect(nextDueDate(jan31, '2027-01-31', '2027-01-31')).toBe('2027-02-28');
    expect(nextDueDate(jan31, '2027-02-28', '2027-02-28')).toBe('2027-03-31');
    expect(nextDueDate(jan31, '2027-03-31', '2027-03-31')).toBe('2027-04-30');
    expect(nextDueDate(jan31, '2027-04-30', '2027-04-30')).toBe('2027-05-31');
    const leap = monthly('2028-01-31');
    expect(nextDueDate(leap, '2028-01-31', '2028-01-20')).toBe('2028-02-29');
    expect(nextDueDate(monthly('2027-01-30'), '2027-01-30', '2027-01-30')).toBe('2027-02-28');
    expect(nextDueDate(monthly('2027-01-30'), '2027-02-28', '2027-02-28')).toBe('2027-03-30');
  });

  it('walks a year of a monthly chore anchored on the 31st through every month end', () => {
    const dates = occurrencesBetween(monthly('2027-01-31'), {
      dueDate: '2027-01-31',
      from: '2027-01-01',
      to: '2027-12-31',
    });
    expect(dates).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
      '2027-06-30',
      '2027-07-31',
      '2027-08-31',
      '2027-09-30',
      '2027-10-31',
      '2027-11-30',
      '2027-12-31',
    ]);
  });
});

describe('daylight-saving changes', () => {
  it('counts calendar days, so a daily chore moves one date across the change', () => {
    const daily: Recurrence = { frequency: 'daily', intervalDays: null, anchorDate: '2026-03-28' };
    // Europe/Berlin springs forward in the night of 28 to 29 March 2026 and falls back on 25 October.
    expect(nextDueDate(daily, '2026-03-28', '2026-03-28')).toBe('2026-03-29');
    expect(nextDueDate(daily, '2026-03-29', '2026-03-29')).toBe('2026-03-30');
    const weekly: Recurrence = {
      frequency: 'weekly',
      intervalDays: null,
      anchorDate: '2026-10-20',
    };
    expect(nextDueDate(weekly, '2026-10-20', '2026-10-20')).toBe('2026-10-27');
  });

  it('reads today in the household zone, wherever the server runs', () => {
    // 23:30 UTC on 28 March is 00:30 on 29 March in Berlin, an hour before its clocks go forward.
    const instant = new Date('2026-03-28T23:30:00Z');
    expect(todayIn('Europe/Berlin', instant)).toBe('2026-03-29');
    expect(todayIn('America/New_York', instant)).toBe('2026-03-28');
    // The night the clocks go back: 22:30 UTC on 24 October is 00:30 CEST on the 25th.
    expect(todayIn('Europe/Berlin', new Date('2026-10-24T22:30:00Z'))).toBe('2026-10-25');
    expect(todayIn('Pacific/Kiritimati', new Date('2026-11-25T12:00:00Z'))).toBe('2026-11-26');
    expect(todayIn('Pacific/Pago_Pago', new Date('2026-11-25T08:00:00Z'))).toBe('2026-11-24');
  });
});

describe('occurrences in a period', () => {
  it('lists aligned dates from the due date on, all within the period', () => {
    fc.assert(
      fc.property(
        arbRecurrence,
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 120 }),
        (recurrence, offset, span) => {
          const from = addCalendarDays(recurrence.anchorDate, offset - 50);
          const to = addCalendarDays(from, span);
          const dates = occurrencesBetween(recurrence, {
            dueDate: recurrence.anchorDate,
            from,
            to,
          });
          for (const date of dates) {
            expect(date >= from && date <= to && date >= recurrence.anchorDate).toBe(true);
          }
          for (let i = 1; i < dates.length; i += 1) {
            expect(occurrenceAfter(recurrence, dates[i - 1]!)).toBe(dates[i]);
          }
        },
      ),
    );
  });
});
