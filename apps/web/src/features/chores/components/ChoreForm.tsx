import { zodResolver } from '@hookform/resolvers/zod';
import {
  CHORE_EFFORT_MAX,
  CHORE_EFFORT_MIN,
  CHORE_FREQUENCIES,
  CHORE_INTERVAL_MAX_DAYS,
  CHORE_INTERVAL_MIN_DAYS,
  type Chore,
} from '@household/contracts';
import type { CalendarDate } from '@household/domain';
import {
  Alert,
  Button,
  Group,
  NativeSelect,
  NumberInput,
  Radio,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { notify } from '../../../lib/toasts';
import { myGroupsQueryOptions } from '../../../lib/shared-queries';
import { useCreateChore, useUpdateChore } from '../api/mutations';
import { choreErrorKey, choreFieldErrors } from '../errors';
import {
  choreFormDefaults,
  choreFormSchema,
  createChoreBody,
  FORM_FIELD_OF,
  quickDueDates,
  say,
  updateChoreBody,
  type ChoreFormValues,
  type NewChoreDefaults,
} from './chore-form-values';
import { frequencyText } from './chore-format';

/**
 * spec §2/§5: the chore's fields with the form rules checked before sending. A new chore chooses
 * personal or group (and which group); an edit keeps both, as the contract does.
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
}: {
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
}) {
  const { t } = useTranslation();
  const api = useApi();
  const create = useCreateChore();
  const update = useUpdateChore();
  const groups = useQuery({ ...myGroupsQueryOptions(api), enabled: !chore });
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    watch,
    formState: { errors, isDirty, isSubmitted },
  } = useForm<ChoreFormValues>({
    resolver: zodResolver(choreFormSchema),
    defaultValues: choreFormDefaults(chore, defaults, today),
  });
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const type = watch('type');
  const frequency = watch('frequency');
  const intervalDays = watch('intervalDays');
  const quick = quickDueDates(today);
  const setDueDate = (date: CalendarDate) =>
    setValue('dueDate', date, { shouldDirty: true, shouldValidate: isSubmitted });

  const onError = (cause: unknown) => {
    if (isApiError(cause, 'conflict') && chore) return onConflict(cause.problem.current);
    if (isApiError(cause, 'not_found') && chore) return onGone();
    const fields = Object.entries(choreFieldErrors(cause));
    for (const [path, message] of fields) {
      setError(FORM_FIELD_OF[path as keyof typeof FORM_FIELD_OF], { type: 'server', message });
    }
    if (fields.length > 0) return;
    // spec §8: "Failed to save or delete the chore", or the cause when a person can act on it.
    const message = t(choreErrorKey(cause, 'chores.form.saveFailed'));
    setFailure(message);
    notify({ type: 'error', message });
  };

  const onSubmit = (values: ChoreFormValues) => {
    setFailure(null);
    if (chore) {
      update.mutate(
        { id: chore.id, body: updateChoreBody(values, chore.version) },
        {
          onSuccess: () => {
            notify({ type: 'success', message: t('chores.form.updated') });
            onSaved();
          },
          onError,
        },
      );
    } else {
      create.mutate(createChoreBody(values), {
        onSuccess: () => {
          notify({ type: 'success', message: t('chores.form.created') });
          onSaved();
        },
        onError,
      });
    }
  };

  const myGroups = groups.data ?? [];
  const fixed = chore !== undefined;

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <Stack>
        <TextInput
          label={t('chores.form.name')}
          required
          data-autofocus
          error={say(t, errors.name)}
          {...register('name')}
        />
        <Textarea
          label={t('chores.form.description')}
          autosize
          minRows={2}
          error={say(t, errors.description)}
          {...register('description')}
        />
        <Controller
          control={control}
          name="type"
          render={({ field }) => (
            <Radio.Group
              label={t('chores.form.type')}
              description={fixed ? t('chores.form.fixed') : undefined}
              value={field.value}
              onChange={field.onChange}
            >
              <Group mt={6}>
                <Radio value="personal" label={t('chores.form.personal')} disabled={fixed} />
                <Radio value="group" label={t('chores.form.group')} disabled={fixed} />
              </Group>
            </Radio.Group>
          )}
        />
        {type === 'group' &&
          (fixed ? (
            <TextInput label={t('chores.form.group')} value={chore.group_name ?? ''} disabled />
          ) : (
            <NativeSelect
              label={t('chores.form.group')}
              required
              description={
                groups.isSuccess && myGroups.length === 0 ? t('chores.form.noGroups') : undefined
              }
              error={say(t, errors.groupId)}
              data={[
                { value: '', label: t('chores.form.chooseGroup') },
                ...myGroups.map((group) => ({ value: String(group.id), label: group.name })),
              ]}
              {...register('groupId')}
            />
          ))}
        <Group grow align="flex-start" wrap="wrap">
          <NativeSelect
            label={t('chores.frequency.label')}
            miw={160}
            data={CHORE_FREQUENCIES.map((value) => ({
              value,
              label: t(`chores.frequency.${value}`),
            }))}
            {...register('frequency')}
          />
          {frequency === 'custom' && (
            <Controller
              control={control}
              name="intervalDays"
              render={({ field }) => (
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
                  error={say(t, errors.intervalDays)}
                  {...field}
                />
              )}
            />
          )}
        </Group>
        <Stack gap={6}>
          <TextInput
            type="date"
            label={t('chores.form.dueDate')}
            required
            error={say(t, errors.dueDate)}
            {...register('dueDate')}
          />
          <Group gap="xs" role="group" aria-label={t('chores.form.quickDates')}>
            <Button size="compact-sm" variant="light" onClick={() => setDueDate(quick.today)}>
              {t('chores.form.today')}
            </Button>
            <Button size="compact-sm" variant="light" onClick={() => setDueDate(quick.tomorrow)}>
              {t('chores.form.tomorrow')}
            </Button>
            <Button size="compact-sm" variant="light" onClick={() => setDueDate(quick.nextWeek)}>
              {t('chores.form.nextWeek')}
            </Button>
          </Group>
        </Stack>
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
              error={say(t, errors.effort)}
              {...field}
            />
          )}
        />
        {failure && (
          <Alert color="red" role="alert">
            <Text size="sm">{failure}</Text>
          </Alert>
        )}
        <Group justify="space-between">
          {fixed ? (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={onDelete}
            >
              {t('chores.form.delete')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="xs">
            <Button variant="default" onClick={onCancel}>
              {t('app.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {fixed ? t('app.save') : t('chores.form.create')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
