import { isApiError } from '../../lib/api-client';
import type { TranslationKey } from '../../lib/i18n';

/** The form fields a chore's API errors can point at (their wire names). */
export const CHORE_FIELDS = [
  'name',
  'description',
  'group_id',
  'interval_days',
  'due_date',
  'effort',
] as const;
export type ChoreField = (typeof CHORE_FIELDS)[number];

/**
 * The server answers spec §5's chore rules with the contract's English texts; each is shown in
 * the language of the page. A text not listed here gets its field's general message.
 */
const FIELD_MESSAGES: Record<string, TranslationKey> = {
  'Name is required': 'chores.validation.nameRequired',
  'Please select a group': 'chores.validation.groupRequired',
  'Interval must be at least 1 day': 'chores.validation.intervalMin',
  'Interval must be a whole number of days': 'chores.validation.intervalWhole',
  'Due date is required': 'chores.validation.dueDateRequired',
  'Invalid date format': 'chores.validation.dueDateInvalid',
};

const FIELD_FALLBACKS: Record<ChoreField, TranslationKey> = {
  name: 'chores.validation.nameTooLong',
  description: 'chores.validation.descriptionTooLong',
  group_id: 'chores.validation.groupRequired',
  interval_days: 'chores.validation.intervalMax',
  due_date: 'chores.validation.dueDateInvalid',
  effort: 'chores.validation.effortRange',
};

const isChoreField = (path: string): path is ChoreField =>
  (CHORE_FIELDS as readonly string[]).includes(path);

const isInvalidData = (error: unknown) => error instanceof Error && error.name === 'ZodError';

/** A 400 `validation_failed` as messages per form field; empty for any other failure. */
export function choreFieldErrors(error: unknown): Partial<Record<ChoreField, TranslationKey>> {
  if (!isApiError(error, 'validation_failed')) return {};
  const found: Partial<Record<ChoreField, TranslationKey>> = {};
  for (const { path, message } of error.problem.errors ?? []) {
    if (!isChoreField(path) || found[path]) continue;
    found[path] = FIELD_MESSAGES[message] ?? FIELD_FALLBACKS[path];
  }
  return found;
}

/**
 * The message for a failed chore change (spec §8): the causes a person can act on get their own
 * text, the rest the fallback ("Failed to save or delete the chore", "Failed to update chore
 * status").
 */
export function choreErrorKey(error: unknown, fallback: TranslationKey): TranslationKey {
  if (isApiError(error, 'conflict')) return 'chores.errors.conflict';
  if (isApiError(error, 'not_found')) return 'chores.errors.notFound';
  if (isApiError(error, 'forbidden')) return 'errors.forbidden';
  if (isApiError(error, 'rate_limited')) return 'chores.errors.rateLimited';
  if (isInvalidData(error)) return 'errors.invalidData';
  return fallback;
}

/** The message for a failed load: a broken answer is named as such (spec §8), else the fallback. */
export function choreLoadErrorKey(error: unknown, fallback: TranslationKey): TranslationKey {
  return isInvalidData(error) ? 'errors.invalidData' : fallback;
}
