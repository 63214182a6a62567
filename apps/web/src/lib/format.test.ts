import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDate, formatDateTime } from './format';

describe('formatDate', () => {
  it('writes the date in the reader’s language', () => {
    expect(formatDate('2025-03-12T10:00:00.000Z', 'en', 'UTC')).toBe('March 12, 2025');
    expect(formatDate('2025-03-12T10:00:00.000Z', 'de', 'UTC')).toBe('12. März 2025');
  });

  it('puts an instant near midnight on the day of the user’s time zone', () => {
    const lateEvening = '2025-03-12T23:30:00.000Z';
    expect(formatDate(lateEvening, 'en', 'UTC')).toBe('March 12, 2025');
    expect(formatDate(lateEvening, 'en', 'Europe/Berlin')).toBe('March 13, 2025');
  });
});

describe('formatDateTime', () => {
  it('gives the time of day in the user’s time zone, in the reader’s language', () => {
    const instant = '2025-03-12T17:05:00.000Z';
    expect(formatDateTime(instant, 'en', 'UTC')).toBe('Mar 12, 2025, 5:05 PM');
    expect(formatDateTime(instant, 'de', 'Europe/Berlin')).toBe('12.03.2025, 18:05');
  });
});

describe('formatCalendarDate', () => {
  it('writes the date itself in the reader’s language, whatever the time zone', () => {
    expect(formatCalendarDate('2025-03-12', 'en')).toBe('Mar 12, 2025');
    expect(formatCalendarDate('2025-03-12', 'de')).toBe('12.03.2025');
  });

  it('leaves anything that is not a date as it came', () => {
    expect(formatCalendarDate('soon', 'en')).toBe('soon');
  });
});
