import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_DELIVERY_ATTEMPTS,
  RETRY_DELAYS_MINUTES,
  isQuietAt,
  nextRetryAt,
  quietUntil,
} from './notification-delivery';

const ZONES = [
  'UTC',
  'Europe/Berlin',
  'America/New_York',
  'Australia/Lord_Howe',
  'Asia/Kolkata',
  'Pacific/Chatham',
  'America/Santiago',
];
const arbTime = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
// 2020–2030, minute precision: every DST change of those years is in range.
const arbInstant = fc
  .integer({ min: Date.UTC(2020, 0, 1) / 60_000, max: Date.UTC(2030, 0, 1) / 60_000 })
  .map((minute) => new Date(minute * 60_000));
const arbZone = fc.constantFrom(...ZONES);

describe('delivery retries (docs/notifications.md "Channels, tests and retries")', () => {
  it('waits longer after every failure, and gives up after the last attempt', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), arbInstant, (attempts, failedAt) => {
        const next = nextRetryAt(attempts, failedAt);
        if (attempts >= MAX_DELIVERY_ATTEMPTS) {
          expect(next).toBeNull();
          return;
        }
        expect(next!.getTime()).toBeGreaterThan(failedAt.getTime());
        if (attempts > 1) {
          const before = nextRetryAt(attempts - 1, failedAt)!;
          expect(next!.getTime()).toBeGreaterThan(before.getTime());
        }
      }),
    );
  });

  it('tries again after 1, 5, 30 and 120 minutes, then stops', () => {
    const at = new Date('2026-03-01T12:00:00Z');
    const delays = RETRY_DELAYS_MINUTES.map(
      (_, index) => (nextRetryAt(index + 1, at)!.getTime() - at.getTime()) / 60_000,
    );
    expect(delays).toEqual([1, 5, 30, 120]);
    expect(nextRetryAt(5, at)).toBeNull();
  });
});

describe('quiet hours (docs/notifications.md "Quiet hours")', () => {
  it('never lets a delivery go out inside the quiet hours', () => {
    fc.assert(
      fc.property(arbInstant, arbTime, arbTime, arbZone, (instant, start, end, zone) => {
        const until = quietUntil(instant, start, end, zone);
        expect(isQuietAt(until, start, end, zone)).toBe(false);
        expect(until.getTime()).toBeGreaterThanOrEqual(instant.getTime());
        // Never more than a day (and an hour of a clock change) later.
        expect(until.getTime() - instant.getTime()).toBeLessThanOrEqual(25 * 60 * 60_000);
      }),
    );
  });

  it('leaves an instant outside the quiet hours as it is', () => {
    fc.assert(
      fc.property(arbInstant, arbTime, arbTime, arbZone, (instant, start, end, zone) => {
        fc.pre(!isQuietAt(instant, start, end, zone));
        expect(quietUntil(instant, start, end, zone)).toEqual(instant);
      }),
    );
  });

  it('ends a delayed delivery at the first minute the quiet hours are over', () => {
    fc.assert(
      fc.property(arbInstant, arbTime, arbTime, arbZone, (instant, start, end, zone) => {
        const until = quietUntil(instant, start, end, zone);
        fc.pre(until.getTime() !== instant.getTime());
        expect(isQuietAt(new Date(until.getTime() - 60_000), start, end, zone)).toBe(true);
      }),
    );
  });

  it('has no quiet hours without both times, or with equal ones', () => {
    fc.assert(
      fc.property(arbInstant, arbTime, arbZone, (instant, time, zone) => {
        expect(quietUntil(instant, time, null, zone)).toEqual(instant);
        expect(quietUntil(instant, null, time, zone)).toEqual(instant);
        expect(quietUntil(instant, time, time, zone)).toEqual(instant);
      }),
    );
  });

  it('holds a 23:30 push in Berlin until 07:00 the next morning, wrapping midnight', () => {
    const until = quietUntil(new Date('2026-06-10T21:30:00Z'), '22:00', '07:00', 'Europe/Berlin');
    expect(until.toISOString()).toBe('2026-06-11T05:00:00.000Z');
  });

  it('ends the quiet hours at local 07:00 on the night the clocks go forward', () => {
    // Berlin, 29 March 2026: 02:00 becomes 03:00; 07:00 CEST is 05:00 UTC.
    const until = quietUntil(new Date('2026-03-28T23:00:00Z'), '22:00', '07:00', 'Europe/Berlin');
    expect(until.toISOString()).toBe('2026-03-29T05:00:00.000Z');
  });

  it('ends quiet hours whose end the clock skips at the first minute after the gap', () => {
    // New York, 8 March 2026: 02:00 becomes 03:00, so 02:30 does not exist that night.
    const until = quietUntil(
      new Date('2026-03-08T05:30:00Z'),
      '00:00',
      '02:30',
      'America/New_York',
    );
    expect(isQuietAt(until, '00:00', '02:30', 'America/New_York')).toBe(false);
    expect(until.toISOString()).toBe('2026-03-08T07:00:00.000Z');
  });

  it('reads an unknown zone as UTC', () => {
    const until = quietUntil(new Date('2026-06-10T23:00:00Z'), '22:00', '07:00', 'Mars/Olympus');
    expect(until.toISOString()).toBe('2026-06-11T07:00:00.000Z');
  });
});
