import {
  CHORE_COMPLETION_WINDOW_MAX_DAYS,
  CHORE_DUE_RULES,
  CHORE_FREQUENCIES,
  CHORE_SKIP_POLICIES,
  CHORE_INTERVAL_MAX_DAYS,
  CHORE_INTERVAL_MIN_DAYS,
  type ChoreFrequency,
} from '@household/contracts';
import type { CalendarDate } from '@household/domain';
import { Button, Group, NativeSelect, NumberInput, Stack, TextInput } from '@mantine/core';
import { Controller, type Control, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { quickDueDates, type ChoreFormValues } from './chore-form-values';
import { frequencyText } from './chore-format';

/** How often the chore comes round; a custom one says its interval in days. */
export function ChoreFrequencyFields({
  field,
  control,
  frequency,
  intervalDays,
  intervalError,
}: {
  field: UseFormRegisterReturn<'frequency'>;
  control: Control<ChoreFormValues>;
  frequency: ChoreFrequency;
  intervalDays: number | string;
  intervalError: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Group grow align="flex-start" wrap="wrap">
      <NativeSelect
        label={t('chores.frequency.label')}
        miw={160}
        data={CHORE_FREQUENCIES.map((value) => ({
          value,
          label: t(`chores.frequency.${value}`),
        }))}
        {...field}
      />
      {frequency === 'custom' && (
        <Controller
          control={control}
          name="intervalDays"
          render={({ field: interval }) => (
            <NumberInput
              label={t('chores.form.interval')}
              required
              miw={160}
              min={CHORE_INTERVAL_MIN_DAYS}
              max={CHORE_INTERVAL_MAX_DAYS}
              // Out-of-range numbers stay as typed, so the message says what is wrong.
              clampBehavior="none"
              allowDecimal={false}
              allowNegative={false}
              description={
                typeof intervalDays === 'number' && intervalDays >= CHORE_INTERVAL_MIN_DAYS
                  ? frequencyText(t, 'custom', intervalDays)
                  : undefined
              }
              error={intervalError}
              {...interval}
            />
          )}
        />
      )}
    </Group>
  );
}

/** The due date, typed or picked with one of the quick dates (spec §2). */
export function ChoreDueDateField({
  field,
  error,
  today,
  onQuickDate,
}: {
  field: UseFormRegisterReturn<'dueDate'>;
  error: string | undefined;
  today: CalendarDate;
  onQuickDate: (date: CalendarDate) => void;
}) {
  const { t } = useTranslation();
  const quick = quickDueDates(today);
  return (
    <Stack gap={6}>
      <TextInput type="date" label={t('chores.form.dueDate')} required error={error} {...field} />
      <Group gap="xs" role="group" aria-label={t('chores.form.quickDates')}>
        <Button size="compact-sm" variant="light" onClick={() => onQuickDate(quick.today)}>
          {t('chores.form.today')}
        </Button>
        <Button size="compact-sm" variant="light" onClick={() => onQuickDate(quick.tomorrow)}>
          {t('chores.form.tomorrow')}
        </Button>
        <Button size="compact-sm" variant="light" onClick={() => onQuickDate(quick.nextWeek)}>
          {t('chores.form.nextWeek')}
        </Button>
      </Group>
    </Stack>
  );
}

const DUE_RULE_LABEL = {
  due_date: 'chores.due.ruleDueDate',
  completion: 'chores.due.ruleCompletion',
} as const;
const SKIP_POLICY_LABEL = {
  next_person: 'chores.due.skipNext',
  same_person: 'chores.due.skipSame',
} as const;

/**
 * When the next turn of a recurring chore is due (docs/chores.md "When the next one is due"):
 * counted from the due date or from the day it was done, how early a turn can be done, and who
 * has the turn after a skip.
 */
export function ChoreDueRuleFields({
  ruleField,
  skipPolicyField,
  control,
  windowError,
}: {
  ruleField: UseFormRegisterReturn<'dueRule'>;
  skipPolicyField: UseFormRegisterReturn<'skipPolicy'>;
  control: Control<ChoreFormValues>;
  windowError: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Group grow align="flex-start" wrap="wrap">
      <NativeSelect
        label={t('chores.due.rule')}
        miw={160}
        data={CHORE_DUE_RULES.map((value) => ({ value, label: t(DUE_RULE_LABEL[value]) }))}
        {...ruleField}
      />
      <Controller
        control={control}
        name="completionWindow"
        render={({ field }) => (
          <NumberInput
            label={t('chores.due.window')}
            description={t('chores.due.windowHint')}
            miw={160}
            min={0}
            max={CHORE_COMPLETION_WINDOW_MAX_DAYS}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            error={windowError}
            {...field}
          />
        )}
      />
      <NativeSelect
        label={t('chores.due.skipPolicy')}
        miw={160}
        data={CHORE_SKIP_POLICIES.map((value) => ({ value, label: t(SKIP_POLICY_LABEL[value]) }))}
        {...skipPolicyField}
      />
    </Group>
  );
}
