import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addCalendarDays, todayIn } from './calendar-date';
import { choreTabs, groupByBucket, groupByTab, timelineBucket } from './chore-views';

/** The buckets as a person would say them, by counting days with Date arithmetic. */
function referenceBucket(dueDate: string, completed: boolean, today: string) {
  if (completed) return 'completed';
  const days = Math.round(
    (Date.parse(`${dueDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000,
  );
  if (days < 0) return 'overdue';
  if (days === 0) return 'today';
  return days <= 6 ? 'this_week' : 'later';
}

const zones = [
  'UTC',
  'Europe/Berlin',
  'America/New_York',
  'America/Santiago',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
];

describe('timeline buckets (spec §4)', () => {
  it('match a reference on random dates, instants and time zones', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2060-01-01'), noInvalidDate: true }),
        fc.constantFrom(...zones),
        fc.integer({ min: -40, max: 40 }),
        fc.boolean(),
        (instant, zone, offset, completed) => {
          const today = todayIn(zone, instant);
          const dueDate = addCalendarDays(today, offset);
          expect(timelineBucket({ dueDate, completed }, today)).toBe(
            referenceBucket(dueDate, completed, today),
          );
        },
      ),
    );
  });

  it('put the last day of this week and the first day after in their sections', () => {
    const today = '2026-11-25';
    expect(timelineBucket({ dueDate: '2026-12-01', completed: false }, today)).toBe('this_week');
    expect(timelineBucket({ dueDate: '2026-12-02', completed: false }, today)).toBe('later');
  });
});

describe('tabs (spec §2)', () => {
  it('count every pending thing once under All pending and once under its date', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ offset: fc.integer({ min: -10, max: 10 }), completed: fc.boolean() })),
        (rows) => {
          const today = '2026-11-25';
          const things = rows.map((row) => ({
            dueDate: addCalendarDays(today, row.offset),
            completed: row.completed,
          }));
          const tabs = groupByTab(things, today);
          const pending = things.filter((thing) => !thing.completed).length;
          expect(tabs.all_pending).toHaveLength(pending);
          expect(tabs.overdue.length + tabs.today.length + tabs.upcoming.length).toBe(pending);
          expect(tabs.completed).toHaveLength(things.length - pending);
          for (const thing of things) expect(choreTabs(thing, today).length).toBeGreaterThan(0);
        },
      ),
    );
  });

  it('order pending things by due date and completed ones by most recently done', () => {
    const today = '2026-11-25';
    const tabs = groupByTab(
      [
        { dueDate: '2026-11-30', completed: false, completedOn: null },
        { dueDate: '2026-11-26', completed: false, completedOn: null },
        { dueDate: '2026-11-01', completed: true, completedOn: '2026-11-02' },
        { dueDate: '2026-11-03', completed: true, completedOn: '2026-11-20' },
      ],
      today,
    );
    expect(tabs.upcoming.map((thing) => thing.dueDate)).toEqual(['2026-11-26', '2026-11-30']);
    expect(tabs.completed.map((thing) => thing.completedOn)).toEqual(['2026-11-20', '2026-11-02']);
    const buckets = groupByBucket(tabs.all_pending, today);
    expect(buckets.this_week).toHaveLength(2);
  });
});
