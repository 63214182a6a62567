import { describe, expect, it } from 'vitest';
import { chore } from '../../../../test/features/chores/chores-page-fixtures';
import { choreEvents } from './calendar-events';

const dates = (events: ReturnType<typeof choreEvents>) =>
  events.map((event) => `${event.date} ${event.kind}`);

describe('the calendar’s entries (spec §2 calendar view)', () => {
  it('puts a recurring chore on every day it comes round in the range, from its due date on', () => {
    const weekly = chore(1, { frequency: 'weekly', due_date: '2025-03-05' });
    expect(dates(choreEvents([weekly], '2025-03-01', '2025-03-31', '2025-03-01'))).toEqual([
      '2025-03-05 pending',
      '2025-03-12 pending',
      '2025-03-19 pending',
      '2025-03-26 pending',
    ]);
  });

  it('marks the occurrence before today as overdue, and the later ones as pending', () => {
    const custom = chore(1, { frequency: 'custom', interval_days: 10, due_date: '2025-03-02' });
    expect(dates(choreEvents([custom], '2025-03-01', '2025-03-31', '2025-03-10'))).toEqual([
      '2025-03-02 overdue',
      '2025-03-12 pending',
      '2025-03-22 pending',
    ]);
  });

  it('keeps a monthly chore on the 31st where a month has one (the due date is the anchor)', () => {
    const monthly = chore(1, { frequency: 'monthly', due_date: '2025-01-31' });
    expect(dates(choreEvents([monthly], '2025-01-01', '2025-03-31', '2025-01-01'))).toEqual([
      '2025-01-31 pending',
      '2025-02-28 pending',
      '2025-03-31 pending',
    ]);
  });

  it('shows a completed chore on the day it was done, not on its due date', () => {
    const done = chore(1, {
      status: 'completed',
      due_date: '2025-03-03',
      completed_on: '2025-03-04',
    });
    expect(dates(choreEvents([done], '2025-03-01', '2025-03-31', '2025-03-10'))).toEqual([
      '2025-03-04 done',
    ]);
  });

  it('shows the last completion of a recurring chore beside its next dates', () => {
    const daily = chore(1, {
      frequency: 'daily',
      due_date: '2025-03-11',
      completed_on: '2025-03-10',
    });
    expect(dates(choreEvents([daily], '2025-03-09', '2025-03-12', '2025-03-10'))).toEqual([
      '2025-03-11 pending',
      '2025-03-12 pending',
      '2025-03-10 done',
    ]);
  });

  it('leaves out what falls outside the range', () => {
    const later = chore(1, { due_date: '2025-04-02' });
    expect(choreEvents([later], '2025-03-01', '2025-03-31', '2025-03-01')).toEqual([]);
  });
});
