import { describe, expect, it } from 'vitest';
import { formatDate } from './format';

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
