import type { GroupSummary } from '@household/contracts';
import { Group, NativeSelect, Radio } from '@mantine/core';
import { Controller, type Control, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ChoreFormValues } from './chore-form-values';

/** Personal or group; an edit shows the type it has and keeps it, as the contract does. */
export function ChoreTypeField({
  control,
  isFixed,
}: {
  control: Control<ChoreFormValues>;
  isFixed: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name="type"
      render={({ field }) => (
        <Radio.Group
          label={t('chores.form.type')}
          description={isFixed ? t('chores.form.fixed') : undefined}
          value={field.value}
          onChange={field.onChange}
        >
          <Group mt={6}>
            <Radio value="personal" label={t('chores.form.personal')} disabled={isFixed} />
            <Radio value="group" label={t('chores.form.group')} disabled={isFixed} />
          </Group>
        </Radio.Group>
      )}
    />
  );
}

/** Which of my groups a new group chore belongs to; says so when I am in none. */
export function ChoreGroupSelect({
  field,
  groups,
  error,
}: {
  field: UseFormRegisterReturn<'groupId'>;
  groups: { data: GroupSummary[] | undefined; isSuccess: boolean };
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const myGroups = groups.data ?? [];
  return (
    <NativeSelect
      label={t('chores.form.group')}
      required
      description={
        groups.isSuccess && myGroups.length === 0 ? t('chores.form.noGroups') : undefined
      }
      error={error}
      data={[
        { value: '', label: t('chores.form.chooseGroup') },
        ...myGroups.map((group) => ({ value: String(group.id), label: group.name })),
      ]}
      {...field}
    />
  );
}
