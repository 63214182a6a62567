import { CHORE_EFFORT_MAX, CHORE_EFFORT_MIN, type Chore } from '@household/contracts';
import type { CalendarDate } from '@household/domain';
import { NumberInput, Stack, TextInput, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/api-context';
import { myGroupsQueryOptions } from '../../../lib/shared-queries';
import { say, type ChoreFormValues, type NewChoreDefaults } from './chore-form-values';
import { ChoreFormActions } from './ChoreFormActions';
import { ChoreDueDateField, ChoreDueRuleFields, ChoreFrequencyFields } from './ChoreScheduleFields';
import { ChoreStrategyFields } from './ChoreStrategyFields';
import { ChoreGroupSelect, ChoreTypeField } from './ChoreTypeFields';
import { useChoreForm } from './use-chore-form';

interface ChoreFormProps {
  chore: Chore | undefined;
  defaults: NewChoreDefaults | undefined;
  today: CalendarDate;
  onDirtyChange: (dirty: boolean) => void;
  onSaved: () => void;
  onCancel: () => void;
  onDelete: () => void;
  /** A stale version (409): the chore as it is now, if the answer carried it. */
  onConflict: (current: unknown) => void;
  /** The chore was deleted meanwhile (404). */
  onGone: () => void;
}

/**
 * spec §2/§5: the chore's fields with the form rules checked before sending. A new chore chooses
 * personal or group (and which group); an edit keeps both, as the contract does.
 *
 * Every `register` call stays here and the controlled fields render below: a failed submit
 * focuses the first invalid field in the order the fields registered.
 */
export function ChoreForm({
  chore,
  defaults,
  today,
  onDirtyChange,
  onSaved,
  onCancel,
  onDelete,
  onConflict,
  onGone,
}: ChoreFormProps) {
  const { t } = useTranslation();
  const groups = useQuery({ ...myGroupsQueryOptions(useApi()), enabled: !chore });
  const { form, errors, failure, isSaving, submit, setDueDate } = useChoreForm({
    chore,
    defaults,
    today,
    onDirtyChange,
    onSaved,
    onConflict,
    onGone,
  });
  const type = form.watch('type');
  const frequency = form.watch('frequency');
  const intervalDays = form.watch('intervalDays');
  const groupId = form.watch('groupId');
  const fixed = chore !== undefined;

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label={t('chores.form.name')}
          required
          data-autofocus
          error={say(t, errors.name)}
          {...form.register('name')}
        />
        <Textarea
          label={t('chores.form.description')}
          autosize
          minRows={2}
          error={say(t, errors.description)}
          {...form.register('description')}
        />
        <ChoreTypeField control={form.control} isFixed={fixed} />
        {type === 'group' &&
          (fixed ? (
            <TextInput label={t('chores.form.group')} value={chore.group_name ?? ''} disabled />
          ) : (
            <ChoreGroupSelect
              field={form.register('groupId')}
              groups={groups}
              error={say(t, errors.groupId)}
            />
          ))}
        <ChoreFrequencyFields
          field={form.register('frequency')}
          control={form.control}
          frequency={frequency}
          intervalDays={intervalDays}
          intervalError={say(t, errors.intervalDays)}
        />
        <ChoreDueDateField
          field={form.register('dueDate')}
          error={say(t, errors.dueDate)}
          today={today}
          onQuickDate={setDueDate}
        />
        {frequency !== 'one_time' && (
          <ChoreDueRuleFields
            ruleField={form.register('dueRule')}
            skipPolicyField={form.register('skipPolicy')}
            control={form.control}
            windowError={say(t, errors.completionWindow)}
          />
        )}
        <ChoreEffortField control={form.control} error={say(t, errors.effort)} />
        {type === 'group' && (
          <ChoreStrategyFields
            form={form}
            groupId={fixed ? chore.group_id : groupId === '' ? null : Number(groupId)}
          />
        )}
        <ChoreFormActions
          failure={failure}
          isEdit={fixed}
          isSaving={isSaving}
          onDelete={onDelete}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}

/** How much work the chore is: the fair schedule weighs each turn by it. */
function ChoreEffortField({
  control,
  error,
}: {
  control: Control<ChoreFormValues>;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name="effort"
      render={({ field }) => (
        <NumberInput
          label={t('chores.form.effort')}
          description={t('chores.form.effortHint')}
          min={CHORE_EFFORT_MIN}
          max={CHORE_EFFORT_MAX}
          clampBehavior="none"
          allowDecimal={false}
          allowNegative={false}
          error={error}
          {...field}
        />
      )}
    />
  );
}
