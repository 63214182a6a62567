import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addCalendarDays, addCalendarMonths, daysBetween, todayIn } from './calendar-date';
import {
  billOccurrence,
  billOccurrencesBetween,
  billOccurrencesDue,
  type BillEnd,
  type BillRepeat,
  type BillRule,
} from './bill-recurrence';

/** Any date from 1990 to 2090, as `YYYY-MM-DD`. */
const arbDate = fc
  .integer({ min: 0, max: 365 * 100 })
  .map((days) => addCalendarDays('1990-01-01', days));

const arbRepeat: fc.Arbitrary<BillRepeat> = fc.oneof(
  fc.record({
    kind: fc.constant('weekly' as const),
    intervalWeeks: fc.integer({ min: 1, max: 8 }),
  }),
  fc.record({
    kind: fc.constant('monthly' as const),
    day: fc.oneof(fc.integer({ min: 1, max: 31 }), fc.constant('last' as const)),
  }),
  fc.record({ kind: fc.constant('yearly' as const) }),
);

/** A series starting on a date, ending never, on a date up to ten years on, or after a count. */
const arbSeries = arbDate.chain((start) =>
  fc.record({
    start: fc.constant(start),
    rule: fc.record({
      repeat: arbRepeat,
      end: fc.oneof(
        fc.constant<BillEnd>({ kind: 'never' }),
        fc
          .integer({ min: -30, max: 3650 })
          .map((days): BillEnd => ({ kind: 'until', date: addCalendarDays(start, days) })),
        fc.integer({ min: 0, max: 60 }).map((count): BillEnd => ({ kind: 'count', count })),
      ),
    }),
  }),
);

/** Three dates in order around a series' start: a window split in two. */
const arbWindows = (start: string) =>
  fc
    .tuple(
      fc.integer({ min: -60, max: 4000 }),
      fc.integer({ min: 0, max: 800 }),
      fc.integer({ min: 0, max: 800 }),
    )
    .map(([a, b, c]) => {
      const from = addCalendarDays(start, a);
      const middle = addCalendarDays(from, b);
      return [from, middle, addCalendarDays(middle, c)] as const;
    });

const firstOfMonth = (date: string) => `${date.slice(0, 8)}01`;
const monthEnd = (date: string) =>
  Number(addCalendarDays(addCalendarMonths(firstOfMonth(date), 1), -1).slice(8));

describe('bill recurrence: examples', () => {
  const never: BillEnd = { kind: 'never' };

  it('weekly and every n weeks fall on the start’s weekday', () => {
    const weekly: BillRule = { repeat: { kind: 'weekly', intervalWeeks: 1 }, end: never };
    expect(billOccurrencesBetween(weekly, '2026-01-05', null, '2026-01-26')).toEqual([
      '2026-01-05',
      '2026-01-12',
      '2026-01-19',
      '2026-01-26',
    ]);
    const fortnightly: BillRule = { repeat: { kind: 'weekly', intervalWeeks: 2 }, end: never };
    expect(billOccurrencesBetween(fortnightly, '2026-01-05', '2026-01-05', '2026-02-28')).toEqual([
      '2026-01-19',
      '2026-02-02',
      '2026-02-16',
    ]);
  });

  it('monthly on the 31st falls on the last day of shorter months and comes back to the 31st', () => {
    const rent: BillRule = { repeat: { kind: 'monthly', day: 31 }, end: never };
    expect(billOccurrencesBetween(rent, '2028-01-10', null, '2028-05-31')).toEqual([
      '2028-01-31',
      '2028-02-29',
      '2028-03-31',
      '2028-04-30',
      '2028-05-31',
    ]);
  });

  it('monthly on a day before the start begins the next month; on the last day, every month end', () => {
    const onThe1st: BillRule = { repeat: { kind: 'monthly', day: 1 }, end: never };
    expect(billOccurrencesBetween(onThe1st, '2026-01-15', null, '2026-03-01')).toEqual([
      '2026-02-01',
      '2026-03-01',
    ]);
    const last: BillRule = { repeat: { kind: 'monthly', day: 'last' }, end: never };
    expect(billOccurrencesBetween(last, '2026-02-28', null, '2026-04-30')).toEqual([
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
    ]);
  });

  it('yearly from 29 February falls on the 28th in other years and the 29th in leap years', () => {
    const yearly: BillRule = { repeat: { kind: 'yearly' }, end: never };
    expect(billOccurrencesBetween(yearly, '2024-02-29', null, '2028-12-31')).toEqual([
      '2024-02-29',
      '2025-02-28',
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
    ]);
  });

  it('ends on its until date (included) or after its count', () => {
    const repeat: BillRepeat = { kind: 'monthly', day: 5 };
    expect(
      billOccurrencesBetween(
        { repeat, end: { kind: 'until', date: '2026-03-05' } },
        '2026-01-05',
        null,
        '2027-01-01',
      ),
    ).toEqual(['2026-01-05', '2026-02-05', '2026-03-05']);
    expect(
      billOccurrencesBetween(
        { repeat, end: { kind: 'count', count: 2 } },
        '2026-01-05',
        '2026-01-05',
        '2027-01-01',
      ),
    ).toEqual(['2026-02-05']);
  });

  it('refuses a rule that cannot be followed', () => {
    const at =
      (repeat: BillRepeat, end: BillEnd = never) =>
      () =>
        billOccurrencesBetween({ repeat, end }, '2026-01-01', null, '2026-12-31');
    expect(at({ kind: 'weekly', intervalWeeks: 0 })).toThrow(RangeError);
    expect(at({ kind: 'monthly', day: 32 })).toThrow(RangeError);
    expect(at({ kind: 'monthly', day: 1 }, { kind: 'count', count: -1 })).toThrow(RangeError);
    expect(() =>
      billOccurrencesBetween(
        { repeat: { kind: 'yearly' }, end: never },
        '2026-02-30',
        null,
        '2026-12-31',
      ),
    ).toThrow(RangeError);
  });

  it('creates a Sunday bill once on the Sundays the clocks change in Berlin, ticking every 15 minutes', () => {
    const sundays: BillRule = { repeat: { kind: 'weekly', intervalWeeks: 1 }, end: never };
    for (const [start, from] of [
      ['2026-03-01', Date.UTC(2026, 2, 27)], // summer time from 29 March, 02:00 → 03:00
      ['2026-10-04', Date.UTC(2026, 9, 23)], // winter time from 25 October, 03:00 → 02:00
    ] as const) {
      const due: string[] = [];
      let ranThrough: string | null = todayIn('Europe/Berlin', new Date(from));
      for (let quarter = 0; quarter < 4 * 24 * 4; quarter += 1) {
        const now = new Date(from + quarter * 15 * 60_000);
        due.push(...billOccurrencesDue(sundays, start, ranThrough, 'Europe/Berlin', now));
        ranThrough = todayIn('Europe/Berlin', now);
      }
      expect(due).toEqual([from < Date.UTC(2026, 5, 1) ? '2026-03-29' : '2026-10-25']);
    }
  });

  it('creates an occurrence on a date the time zone skipped (Samoa, 30 December 2011) once', () => {
    // Samoa went from 29 to 31 December 2011: nobody lived the 30th, a Friday; the bill is due then.
    const fridays: BillRule = { repeat: { kind: 'weekly', intervalWeeks: 1 }, end: never };
    const due: string[] = [];
    let ranThrough: string | null = '2011-12-28';
    for (let hour = 0; hour < 24 * 5; hour += 1) {
      const now = new Date(Date.UTC(2011, 11, 28, hour));
      due.push(...billOccurrencesDue(fridays, '2011-12-02', ranThrough, 'Pacific/Apia', now));
      ranThrough = todayIn('Pacific/Apia', now);
    }
    expect(due).toEqual(['2011-12-30']);
  });
});

describe('bill recurrence: properties', () => {
  it('gives each date once, strictly increasing, within the window, from the start, none past the end', () => {
    fc.assert(
      fc.property(
        arbSeries.chain((series) =>
          fc.record({ series: fc.constant(series), window: arbWindows(series.start) }),
        ),
        ({ series: { rule, start }, window: [from, , to] }) => {
          const dates = billOccurrencesBetween(rule, start, from, to);
          for (let i = 1; i < dates.length; i += 1) expect(dates[i]! > dates[i - 1]!).toBe(true);
          for (const date of dates) {
            expect(date > from && date <= to && date >= start).toBe(true);
            if (rule.end.kind === 'until') expect(date <= rule.end.date).toBe(true);
          }
          const all = billOccurrencesBetween(rule, start, null, to);
          if (rule.end.kind === 'count') expect(all.length).toBeLessThanOrEqual(rule.end.count);
          // The window holds exactly the series' dates that fall in it.
          expect(dates).toEqual(all.filter((date) => date > from));
        },
      ),
    );
  });

  it('catches up after downtime: two consecutive windows give the dates of the whole, each once', () => {
    fc.assert(
      fc.property(
        arbSeries.chain((series) =>
          fc.record({ series: fc.constant(series), window: arbWindows(series.start) }),
        ),
        ({ series: { rule, start }, window: [from, middle, to] }) => {
          expect([
            ...billOccurrencesBetween(rule, start, from, middle),
            ...billOccurrencesBetween(rule, start, middle, to),
          ]).toEqual(billOccurrencesBetween(rule, start, from, to));
        },
      ),
    );
  });

  it('never skips one: one per period of the rule, on the rule’s day, the full count when it ends by count', () => {
    fc.assert(
      fc.property(arbDate, arbRepeat, fc.integer({ min: 1, max: 40 }), (start, repeat, count) => {
        const dates = billOccurrencesBetween(
          { repeat, end: { kind: 'count', count } },
          start,
          null,
          '2200-01-01',
        );
        expect(dates).toHaveLength(count);
        dates.forEach((date, n) => {
          expect(date).toBe(billOccurrence(repeat, start, n));
          if (repeat.kind === 'weekly') {
            expect(daysBetween(start, date)).toBe(7 * repeat.intervalWeeks * n);
          } else if (repeat.kind === 'yearly') {
            expect(Number(date.slice(0, 4))).toBe(Number(start.slice(0, 4)) + n);
            const sameDay = date.slice(5) === start.slice(5);
            expect(sameDay || (start.slice(5) === '02-29' && date.slice(5) === '02-28')).toBe(true);
          } else {
            const last = monthEnd(date);
            const wanted = repeat.day === 'last' ? last : Math.min(repeat.day, last);
            expect(Number(date.slice(8))).toBe(wanted);
            if (n > 0) {
              // The next calendar month, every time.
              const previous = dates[n - 1]!;
              expect(addCalendarMonths(firstOfMonth(previous), 1).slice(0, 7)).toBe(
                date.slice(0, 7),
              );
            }
          }
        });
      }),
    );
  });

  it('a scheduler ticking across daylight-saving changes, with downtime, creates each date exactly once', () => {
    const zones = [
      'Europe/Berlin',
      'America/New_York',
      'Australia/Lord_Howe',
      'America/Santiago',
      'Pacific/Apia',
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        arbRepeat,
        // From some day in 2025 or 2026, ticks up to 36 hours apart (hours of downtime or more).
        fc.integer({ min: 0, max: 700 }),
        fc.array(fc.integer({ min: 1, max: 36 * 60 }), { minLength: 1, maxLength: 300 }),
        (zone, repeat, startDay, gapsInMinutes) => {
          const start = addCalendarDays('2025-01-01', startDay);
          const rule: BillRule = { repeat, end: { kind: 'never' } };
          let now = Date.UTC(2025, 0, 1) + startDay * 86_400_000 - 86_400_000;
          let ranThrough: string | null = null;
          const created: string[] = [];
          for (const gap of gapsInMinutes) {
            now += gap * 60_000;
            created.push(...billOccurrencesDue(rule, start, ranThrough, zone, new Date(now)));
            ranThrough = todayIn(zone, new Date(now));
          }
          expect(new Set(created).size).toBe(created.length);
          expect(created).toEqual(billOccurrencesBetween(rule, start, null, ranThrough!));
        },
      ),
    );
  });
});
