import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { choreErrorKey, choreFieldErrors, choreLoadErrorKey } from './errors';

const problem = (status: number, code: ApiError['code'], errors?: unknown[]) =>
  new ApiError({ type: 'about:blank', title: code, status, code, errors } as ApiError['problem']);

describe('chore errors as the person reads them (spec §8)', () => {
  it('shows each of the server’s chore rules as the form’s own message', () => {
    const error = problem(400, 'validation_failed', [
      { path: 'name', code: 'too_small', message: 'Name is required' },
      { path: 'group_id', code: 'custom', message: 'Please select a group' },
      { path: 'interval_days', code: 'too_small', message: 'Interval must be at least 1 day' },
      { path: 'due_date', code: 'custom', message: 'Invalid date format' },
      { path: 'effort', code: 'too_big', message: 'Too big: expected number to be <=10' },
      { path: 'unknown', code: 'custom', message: 'Whatever' },
    ]);
    expect(choreFieldErrors(error)).toEqual({
      name: 'chores.validation.nameRequired',
      group_id: 'chores.validation.groupRequired',
      interval_days: 'chores.validation.intervalMin',
      due_date: 'chores.validation.dueDateInvalid',
      effort: 'chores.validation.effortRange',
    });
    expect(choreFieldErrors(problem(409, 'conflict'))).toEqual({});
  });

  it('names the causes a person can act on, and falls back to the spec’s message', () => {
    const fallback = 'chores.form.saveFailed';
    expect(choreErrorKey(problem(409, 'conflict'), fallback)).toBe('chores.errors.conflict');
    expect(choreErrorKey(problem(404, 'not_found'), fallback)).toBe('chores.errors.notFound');
    expect(choreErrorKey(problem(403, 'forbidden'), fallback)).toBe('errors.forbidden');
    expect(choreErrorKey(problem(500, 'internal_error'), fallback)).toBe(fallback);
    expect(choreErrorKey(new TypeError('Failed to fetch'), fallback)).toBe(fallback);
  });

  it('calls an answer that breaks its contract invalid data', () => {
    const broken = z.object({ id: z.number() }).safeParse({}).error;
    expect(choreLoadErrorKey(broken, 'chores.loadFailed')).toBe('errors.invalidData');
    expect(choreLoadErrorKey(problem(403, 'forbidden'), 'chores.loadFailed')).toBe(
      'chores.loadFailed',
    );
  });
});
