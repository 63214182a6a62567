import {
  CHORE_DESCRIPTION_MAX_LENGTH,
  CHORE_EFFORT_DEFAULT,
  CHORE_EFFORT_MAX,
  CHORE_EFFORT_MIN,
  CHORE_FREQUENCIES,
  CHORE_INTERVAL_MAX_DAYS,
  CHORE_INTERVAL_MIN_DAYS,
  CHORE_NAME_MAX_LENGTH,
  ASSIGNMENT_STRATEGIES,
  CHORE_FAIR_WINDOW_MAX,
  CHORE_TYPES,
  CHORE_COMPLETION_WINDOW_MAX_DAYS,
  CHORE_DUE_RULES,
  CHORE_SKIP_POLICIES,
  ZCalendarDate,
  type Chore,
  type ChoreType,
  type CreateChoreBody,
  type UpdateChoreBody,
} from '@household/contracts';
import { addCalendarDays, type CalendarDate } from '@household/domain';
import type { TFunction } from 'i18next';
import type { FieldError } from 'react-hook-form';
import { z } from 'zod';
import type { TranslationKey } from '../../../lib/i18n';

/** Form schemas carry translation keys as messages; `say` translates them when they render. */
const key = (translationKey: TranslationKey) => translationKey;

/** The limits some messages name, passed to every one of them. */
const LIMITS = {
  nameMax: CHORE_NAME_MAX_LENGTH,
  descriptionMax: CHORE_DESCRIPTION_MAX_LENGTH,
  intervalMax: CHORE_INTERVAL_MAX_DAYS,
  effortMin: CHORE_EFFORT_MIN,
  effortMax: CHORE_EFFORT_MAX,
};

export function say(t: TFunction, error: FieldError | undefined): string | undefined {
  return error?.message ? t(error.message as TranslationKey, LIMITS) : undefined;
}

/** What a new chore starts as: personal, or in the group the page shows. */
export interface NewChoreDefaults {
  type: ChoreType;
  groupId: number | null;
}

/** A number field holds '' while empty (Mantine's NumberInput), so numbers are checked here. */
const numberOrEmpty = z.union([z.number(), z.string()]);

const asNumber = (value: number | string) =>
  typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);

/** spec §5 chore form: the server's rules with the same texts, checked before anything is sent. */
export const choreFormSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, key('chores.validation.nameRequired'))
      .max(CHORE_NAME_MAX_LENGTH, key('chores.validation.nameTooLong')),
    description: z
      .string()
      .max(CHORE_DESCRIPTION_MAX_LENGTH, key('chores.validation.descriptionTooLong')),
    type: z.enum(CHORE_TYPES),
    /** A group's id as the select holds it; '' for none. */
    groupId: z.string(),
    frequency: z.enum(CHORE_FREQUENCIES),
    intervalDays: numberOrEmpty,
    dueDate: z.string(),
    effort: numberOrEmpty,
    /** How a group chore's turns are handed out, and the chosen strategy's options. */
    strategy: z.enum(ASSIGNMENT_STRATEGIES),
    rotationOrder: z.array(z.number()),
    /** same_person: a member's id as the select holds it; '' for none. */
    assigneeId: z.string(),
    fairWindow: numberOrEmpty,
    /** docs/chores.md "When the next one is due"; the window in days, '' for any time. */
    dueRule: z.enum(CHORE_DUE_RULES),
    completionWindow: numberOrEmpty,
    skipPolicy: z.enum(CHORE_SKIP_POLICIES),
  })
  .superRefine((values, ctx) => {
    const problem = (path: string, message: TranslationKey) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (values.type === 'group' && values.groupId === '') {
      problem('groupId', 'chores.validation.groupRequired');
    }
    if (values.frequency === 'custom') {
      const days = asNumber(values.intervalDays);
      if (!Number.isFinite(days) || days < CHORE_INTERVAL_MIN_DAYS) {
        problem('intervalDays', 'chores.validation.intervalMin');
      } else if (!Number.isInteger(days)) {
        problem('intervalDays', 'chores.validation.intervalWhole');
      } else if (days > CHORE_INTERVAL_MAX_DAYS) {
        problem('intervalDays', 'chores.validation.intervalMax');
      }
    }
    if (values.dueDate.trim() === '') {
      problem('dueDate', 'chores.validation.dueDateRequired');
    } else if (!ZCalendarDate.safeParse(values.dueDate).success) {
      problem('dueDate', 'chores.validation.dueDateInvalid');
    }
    if (values.type === 'group' && values.strategy === 'fixed_rotation') {
      if (values.rotationOrder.length === 0)
        problem('rotationOrder', 'chores.validation.orderRequired');
    }
    if (values.type === 'group' && values.strategy === 'same_person' && values.assigneeId === '') {
      problem('assigneeId', 'chores.validation.assigneeRequired');
    }
    if (values.type === 'group' && values.strategy === 'random_fair' && values.fairWindow !== '') {
      const window = asNumber(values.fairWindow);
      if (!Number.isInteger(window) || window < 1 || window > CHORE_FAIR_WINDOW_MAX) {
        problem('fairWindow', 'chores.validation.windowRange');
      }
    }
    if (values.frequency !== 'one_time' && values.completionWindow !== '') {
      const window = asNumber(values.completionWindow);
      if (!Number.isInteger(window) || window < 0 || window > CHORE_COMPLETION_WINDOW_MAX_DAYS) {
        problem('completionWindow', 'chores.due.windowRange');
      }
    }
    const effort = asNumber(values.effort);
    if (!Number.isInteger(effort) || effort < CHORE_EFFORT_MIN || effort > CHORE_EFFORT_MAX) {
      problem('effort', 'chores.validation.effortRange');
    }
  });
export type ChoreFormValues = z.infer<typeof choreFormSchema>;
export type ChoreFormField = keyof ChoreFormValues;

/** The form's starting values: the chore being edited, or a new one due today. */
export function choreFormDefaults(
  chore: Chore | undefined,
  defaults: NewChoreDefaults | undefined,
  today: CalendarDate,
): ChoreFormValues {
  if (chore) {
    return {
      name: chore.name,
      description: chore.description,
      type: chore.type,
      groupId: chore.group_id === null ? '' : String(chore.group_id),
      frequency: chore.frequency,
      intervalDays: chore.interval_days ?? '',
      dueDate: chore.due_date,
      effort: chore.effort,
      strategy: chore.assignment_strategy,
      rotationOrder: chore.rotation_order,
      assigneeId: chore.assignee_id === null ? '' : String(chore.assignee_id),
      fairWindow: chore.fair_window ?? '',
      dueRule: chore.due_rule,
      completionWindow: chore.completion_window_days ?? '',
      skipPolicy: chore.skip_policy,
    };
  }
  return {
    name: '',
    description: '',
    type: defaults?.type ?? 'personal',
    groupId: defaults?.groupId == null ? '' : String(defaults.groupId),
    frequency: 'one_time',
    intervalDays: '',
    dueDate: today,
    effort: CHORE_EFFORT_DEFAULT,
    strategy: 'least_effort',
    rotationOrder: [],
    assigneeId: '',
    fairWindow: '',
    dueRule: 'due_date',
    completionWindow: '',
    skipPolicy: 'next_person',
  };
}

/** spec §2 quick due dates, in the user's time zone: today, tomorrow and a week from today. */
export const quickDueDates = (today: CalendarDate) => ({
  today,
  tomorrow: addCalendarDays(today, 1),
  nextWeek: addCalendarDays(today, 7),
});

/** The fields both a new chore and an edit send. */
function editableFields(values: ChoreFormValues) {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    frequency: values.frequency,
    // Only a custom chore has an interval; the others come round at their own fixed step.
    interval_days: values.frequency === 'custom' ? asNumber(values.intervalDays) : null,
    due_date: values.dueDate,
    effort: asNumber(values.effort),
    ...dueFields(values),
  };
}

/** When the next turn is due: only a recurring chore has a choice (a one-time one keeps its). */
function dueFields(values: ChoreFormValues) {
  if (values.frequency === 'one_time') return {};
  return {
    due_rule: values.dueRule,
    completion_window_days:
      values.completionWindow === '' ? null : asNumber(values.completionWindow),
    skip_policy: values.skipPolicy,
  };
}

/** A group chore's strategy and the options it uses (docs/chores.md "Assignment strategies"). */
function strategyFields(values: ChoreFormValues) {
  return {
    assignment_strategy: values.strategy,
    rotation_order: values.strategy === 'fixed_rotation' ? values.rotationOrder : [],
    assignee_id: values.strategy === 'same_person' ? Number(values.assigneeId) : null,
    fair_window:
      values.strategy === 'random_fair' && values.fairWindow !== ''
        ? asNumber(values.fairWindow)
        : null,
  };
}

export function createChoreBody(values: ChoreFormValues): CreateChoreBody {
  return {
    ...editableFields(values),
    type: values.type,
    group_id: values.type === 'group' ? Number(values.groupId) : null,
    // The default rule needs no choice: a new chore without one is handed out as before.
    ...(values.type === 'group' && values.strategy !== 'least_effort'
      ? strategyFields(values)
      : {}),
  };
}

/** An edit names the version it was based on; type and group never change (contract). */
export function updateChoreBody(
  values: ChoreFormValues,
  version: number,
  before?: Chore,
): UpdateChoreBody {
  const strategyChanged =
    before !== undefined &&
    before.type === 'group' &&
    JSON.stringify(strategyFields(values)) !==
      JSON.stringify({
        assignment_strategy: before.assignment_strategy,
        rotation_order: before.rotation_order,
        assignee_id: before.assignee_id,
        fair_window: before.fair_window,
      });
  return { version, ...editableFields(values), ...(strategyChanged ? strategyFields(values) : {}) };
}

/** The API's field names (snake_case) as the form's. */
export const FORM_FIELD_OF = {
  name: 'name',
  description: 'description',
  group_id: 'groupId',
  interval_days: 'intervalDays',
  due_date: 'dueDate',
  effort: 'effort',
  assignment_strategy: 'strategy',
  rotation_order: 'rotationOrder',
  assignee_id: 'assigneeId',
  fair_window: 'fairWindow',
  due_rule: 'dueRule',
  completion_window_days: 'completionWindow',
  skip_policy: 'skipPolicy',
} as const satisfies Record<string, ChoreFormField>;
