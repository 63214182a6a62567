import { describe, expect, it } from 'vitest';
import {
  choreFormSchema,
  createChoreBody,
  quickDueDates,
  updateChoreBody,
  type ChoreFormValues,
} from './chore-form-values';

const values = (overrides: Partial<ChoreFormValues> = {}): ChoreFormValues => ({
  name: 'Dust',
  description: '',
  type: 'personal',
  groupId: '',
  frequency: 'one_time',
  intervalDays: '',
  dueDate: '2025-03-14',
  effort: 1,
  strategy: 'least_effort',
  rotationOrder: [],
  assigneeId: '',
  fairWindow: '',
  dueRule: 'due_date',
  completionWindow: '',
  skipPolicy: 'next_person',
  ...overrides,
});

/** The message (a translation key) of each field that fails, as the form shows them. */
function problems(input: ChoreFormValues): Record<string, string> {
  const result = choreFormSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
}

describe('the chore form’s rules (spec §5)', () => {
  it('accepts a complete personal one-time chore', () => {
    expect(problems(values())).toEqual({});
  });

  it('needs a name that is more than spaces', () => {
    expect(problems(values({ name: '   ' }))).toEqual({ name: 'chores.validation.nameRequired' });
  });

  it('needs a group for a group chore, and none for a personal one', () => {
    expect(problems(values({ type: 'group' }))).toEqual({
      groupId: 'chores.validation.groupRequired',
    });
    expect(problems(values({ type: 'group', groupId: '1' }))).toEqual({});
  });

  it('needs a custom interval of at least one whole day', () => {
    const custom = (intervalDays: number | string) =>
      problems(values({ frequency: 'custom', intervalDays }));
    expect(custom('')).toEqual({ intervalDays: 'chores.validation.intervalMin' });
    expect(custom(0)).toEqual({ intervalDays: 'chores.validation.intervalMin' });
    expect(custom(1.5)).toEqual({ intervalDays: 'chores.validation.intervalWhole' });
    expect(custom(3651)).toEqual({ intervalDays: 'chores.validation.intervalMax' });
    expect(custom(1)).toEqual({});
    // Only a custom chore has an interval to check.
    expect(problems(values({ frequency: 'weekly', intervalDays: 0 }))).toEqual({});
  });

  it('needs a due date, in the format YYYY-MM-DD and on a day that exists', () => {
    expect(problems(values({ dueDate: '' }))).toEqual({
      dueDate: 'chores.validation.dueDateRequired',
    });
    for (const dueDate of ['14/03/2025', '2025-3-14', '2025-02-30', 'tomorrow']) {
      expect(problems(values({ dueDate }))).toEqual({
        dueDate: 'chores.validation.dueDateInvalid',
      });
    }
  });

  it('keeps effort a whole number from 1 to 10', () => {
    for (const effort of [0, 11, 2.5, '']) {
      expect(problems(values({ effort }))).toEqual({ effort: 'chores.validation.effortRange' });
    }
    expect(problems(values({ effort: 10 }))).toEqual({});
  });
});

describe('what the form sends', () => {
  it('sends a group only for a group chore and an interval only for a custom one', () => {
    expect(createChoreBody(values({ groupId: '1', intervalDays: 4, name: ' Dust ' }))).toEqual({
      name: 'Dust',
      description: '',
      type: 'personal',
      group_id: null,
      frequency: 'one_time',
      interval_days: null,
      due_date: '2025-03-14',
      effort: 1,
    });
    expect(
      createChoreBody(
        values({ type: 'group', groupId: '2', frequency: 'custom', intervalDays: 4 }),
      ),
    ).toMatchObject({ type: 'group', group_id: 2, interval_days: 4 });
  });

  it('sends an edit with its version and without type or group', () => {
    const body = updateChoreBody(values({ type: 'group', groupId: '2' }), 6);
    expect(body).toMatchObject({ version: 6, name: 'Dust' });
    expect(body).not.toHaveProperty('type');
    expect(body).not.toHaveProperty('group_id');
  });

  it('offers today, tomorrow and a week from today, across a month’s end', () => {
    expect(quickDueDates('2025-01-31')).toEqual({
      today: '2025-01-31',
      tomorrow: '2025-02-01',
      nextWeek: '2025-02-07',
    });
  });
});

describe('how turns are handed out (docs/chores.md "Assignment strategies")', () => {
  const group = { type: 'group' as const, groupId: '4', frequency: 'weekly' as const };

  it('asks for the options the chosen strategy needs', () => {
    expect(problems(values({ ...group, strategy: 'fixed_rotation' }))).toEqual({
      rotationOrder: 'chores.validation.orderRequired',
    });
    expect(problems(values({ ...group, strategy: 'same_person' }))).toEqual({
      assigneeId: 'chores.validation.assigneeRequired',
    });
    expect(problems(values({ ...group, strategy: 'random_fair', fairWindow: 0 }))).toEqual({
      fairWindow: 'chores.validation.windowRange',
    });
    expect(problems(values({ ...group, strategy: 'random_fair' }))).toEqual({});
  });

  it('sends a chosen strategy with its options, and nothing for the default rule', () => {
    expect(
      createChoreBody(values({ ...group, strategy: 'fixed_rotation', rotationOrder: [3, 1] })),
    ).toMatchObject({
      assignment_strategy: 'fixed_rotation',
      rotation_order: [3, 1],
      assignee_id: null,
      fair_window: null,
    });
    expect(
      createChoreBody(values({ ...group, strategy: 'same_person', assigneeId: '7' })),
    ).toMatchObject({ assignment_strategy: 'same_person', assignee_id: 7, rotation_order: [] });
    expect(createChoreBody(values(group))).not.toHaveProperty('assignment_strategy');
    expect(updateChoreBody(values(group), 2)).not.toHaveProperty('assignment_strategy');
  });
});

describe('when the next one is due (docs/chores.md "When the next one is due")', () => {
  it('a recurring chore sends its due rule, window and skip policy; a one-time chore none', () => {
    const weekly = values({
      frequency: 'weekly',
      dueRule: 'completion',
      completionWindow: 2,
      skipPolicy: 'same_person',
    });
    expect(createChoreBody(weekly)).toMatchObject({
      due_rule: 'completion',
      completion_window_days: 2,
      skip_policy: 'same_person',
    });
    expect(createChoreBody(values({ frequency: 'weekly' }))).toMatchObject({
      completion_window_days: null,
    });
    expect(createChoreBody(values({ completionWindow: 2 }))).not.toHaveProperty('due_rule');
  });

  it('a window outside 0 to 365 whole days is refused with its message', () => {
    for (const window of [-1, 366, 1.5]) {
      expect(problems(values({ frequency: 'daily', completionWindow: window }))).toEqual({
        completionWindow: 'chores.due.windowRange',
      });
    }
    expect(problems(values({ frequency: 'daily', completionWindow: 0 }))).toEqual({});
  });
});
