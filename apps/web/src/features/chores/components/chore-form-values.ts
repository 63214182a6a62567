import {
  CHORE_DESCRIPTION_MAX_LENGTH,
  CHORE_EFFORT_DEFAULT,
  CHORE_EFFORT_MAX,
  CHORE_EFFORT_MIN,
  CHORE_FREQUENCIES,
  CHORE_INTERVAL_MAX_DAYS,
  CHORE_INTERVAL_MIN_DAYS,
  CHORE_NAME_MAX_LENGTH,
  CHORE_TYPES,
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
  };
}

export function createChoreBody(values: ChoreFormValues): CreateChoreBody {
  return {
    ...editableFields(values),
    type: values.type,
    group_id: values.type === 'group' ? Number(values.groupId) : null,
  };
}

/** An edit names the version it was based on; type and group never change (contract). */
export function updateChoreBody(values: ChoreFormValues, version: number): UpdateChoreBody {
  return { version, ...editableFields(values) };
}

/** The API's field names (snake_case) as the form's. */
export const FORM_FIELD_OF = {
  name: 'name',
  description: 'description',
  group_id: 'groupId',
  interval_days: 'intervalDays',
  due_date: 'dueDate',
  effort: 'effort',
} as const satisfies Record<string, ChoreFormField>;
