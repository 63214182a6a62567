import { Checkbox, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../lib/i18n';
import {
  END_CHOICES,
  REPEAT_CHOICES,
  dayOfMonth,
  type EndChoice,
  type RepeatChoice,
  type RepeatValues,
} from './repeat-values';

const END_LABELS: Record<EndChoice, TranslationKey> = {
  never: 'expenses.repeat.endsNever',
  on: 'expenses.repeat.endsOn',
  after: 'expenses.repeat.endsAfter',
};

/**
 * Issue 26 §1: whether an expense repeats (weekly, every n weeks, monthly on the date's day or the
 * last day, yearly), until when, and whether its amount is filled in each time. The first
 * occurrence is the form's date.
 */
export function RepeatFields({
  repeat,
  setRepeat,
  date,
  editing,
  showError,
  onVariable,
}: {
  repeat: RepeatValues;
  setRepeat: (update: (repeat: RepeatValues) => RepeatValues) => void;
  /** The form's date: the first occurrence, and the day of a monthly one. */
  date: string;
  /** Editing a recurring bill: it repeats; ending it is its own action. */
  editing: boolean;
  showError: (field: 'weeks' | 'until' | 'count') => string | undefined;
  /** The variable-amount box was ticked or cleared. */
  onVariable: (variable: boolean) => void;
}) {
  const { t } = useTranslation();
  const set = <K extends keyof RepeatValues>(field: K, value: RepeatValues[K]) =>
    setRepeat((current) => ({ ...current, [field]: value }));
  const day = /^\d{4}-\d{2}-\d{2}$/.test(date) ? dayOfMonth(date) : 1;
  const label = (choice: RepeatChoice) => {
    switch (choice) {
      case 'never':
        return t('expenses.repeat.never');
      case 'weekly':
        return t('expenses.repeat.weekly');
      case 'weeks':
        return t('expenses.repeat.everyNWeeks');
      case 'monthly_day':
        return t('expenses.repeat.monthlyOnDay', { day });
      case 'monthly_last':
        return t('expenses.repeat.monthlyLastDay');
      case 'yearly':
        return t('expenses.repeat.yearly');
    }
  };
  const repeats = repeat.repeat !== 'never';

  return (
    <Stack gap="xs">
      <Group grow align="flex-start" wrap="wrap">
        <NativeSelect
          label={t('expenses.repeat.label')}
          miw={140}
          value={repeat.repeat}
          onChange={(event) => set('repeat', event.currentTarget.value as RepeatChoice)}
          data={REPEAT_CHOICES.filter((choice) => !editing || choice !== 'never').map((choice) => ({
            value: choice,
            label: label(choice),
          }))}
        />
        {repeat.repeat === 'weeks' && (
          <TextInput
            label={t('expenses.repeat.weeks')}
            inputMode="numeric"
            miw={140}
            value={repeat.weeks}
            onChange={(event) => set('weeks', event.currentTarget.value)}
            error={showError('weeks')}
          />
        )}
      </Group>
      {repeats && (
        <>
          <Group grow align="flex-start" wrap="wrap">
            <NativeSelect
              label={t('expenses.repeat.ends')}
              miw={140}
              value={repeat.ends}
              onChange={(event) => set('ends', event.currentTarget.value as EndChoice)}
              data={END_CHOICES.map((choice) => ({ value: choice, label: t(END_LABELS[choice]) }))}
            />
            {repeat.ends === 'on' && (
              <TextInput
                label={t('expenses.repeat.until')}
                type="date"
                miw={140}
                value={repeat.until}
                onChange={(event) => set('until', event.currentTarget.value)}
                error={showError('until')}
              />
            )}
            {repeat.ends === 'after' && (
              <TextInput
                label={t('expenses.repeat.count')}
                inputMode="numeric"
                miw={140}
                value={repeat.count}
                onChange={(event) => set('count', event.currentTarget.value)}
                error={showError('count')}
              />
            )}
          </Group>
          <Checkbox
            label={t('expenses.repeat.variable')}
            description={t('expenses.repeat.variableHint')}
            checked={repeat.variable}
            onChange={(event) => {
              const { checked } = event.currentTarget;
              set('variable', checked);
              onVariable(checked);
            }}
          />
        </>
      )}
    </Stack>
  );
}
