import { INVITE_VALID_DAYS_MAX, type GroupSettings } from '@household/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group as Row, Modal, NativeSelect, NumberInput, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSettings } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/api-context';
import { errorText } from '../../../lib/forms';
import { notify } from '../../../lib/toasts';
import { groupSettingsQueryOptions } from '../api/queries';
import { useUpdateGroupSettings } from '../api/mutations';
import { currencyOptions } from '../../../lib/currencies';
import { actionErrorKey, loadErrorKey } from '../errors';
import { groupSettingsSchema, type GroupSettingsValues } from '../schemas';
import { PageLoader } from '../../../components/PageLoader';

/**
 * edit_group: the group's currency, its time zone (the calendar its chores fall due on) and how
 * long an invite code stays valid.
 */
export function GroupSettingsDialog({ groupId }: { groupId: number }) {
  const { t } = useTranslation();
  const [opened, modal] = useDisclosure(false);
  return (
    <>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconSettings size={14} aria-hidden />}
        onClick={modal.open}
      >
        {t('groups.settings.button')}
      </Button>
      <Modal opened={opened} onClose={modal.close} title={t('groups.settings.title')}>
        {opened && <SettingsLoader groupId={groupId} onDone={modal.close} />}
      </Modal>
    </>
  );
}

/** The settings carry their own version, so the form starts from a fresh copy. */
function SettingsLoader({ groupId, onDone }: { groupId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const settings = useQuery(groupSettingsQueryOptions(useApi(), groupId));
  if (settings.data) {
    return <SettingsForm groupId={groupId} settings={settings.data} onDone={onDone} />;
  }
  if (settings.isError) {
    return (
      <Text c="red" size="sm">
        {t(loadErrorKey(settings.error, 'groups.settings.loadFailed'))}
      </Text>
    );
  }
  return <PageLoader size="sm" py="md" />;
}

function SettingsForm({
  groupId,
  settings,
  onDone,
}: {
  groupId: number;
  settings: GroupSettings;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const update = useUpdateGroupSettings(groupId);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<GroupSettingsValues>({
    resolver: zodResolver(groupSettingsSchema),
    defaultValues: {
      currency: settings.currency,
      time_zone: settings.time_zone,
      invite_valid_days: settings.invite_valid_days,
    },
  });

  const onSubmit = (values: GroupSettingsValues) =>
    update.mutate(
      { version: settings.version, ...values },
      {
        onSuccess: () => {
          notify({ type: 'success', message: t('groups.settings.saved') });
          onDone();
        },
        onError: (error) =>
          notify({ type: 'error', message: t(actionErrorKey(error, 'groups.settings.failed')) }),
      },
    );

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <Stack>
        <NativeSelect
          label={t('settings.currency')}
          data={currencyOptions(i18n.language, settings.currency)}
          {...register('currency')}
        />
        <NativeSelect
          label={t('groups.settings.timeZone')}
          description={t('groups.settings.timeZoneHint')}
          data={timeZoneOptions(settings.time_zone)}
          {...register('time_zone')}
        />
        <Controller
          control={control}
          name="invite_valid_days"
          render={({ field }) => (
            <NumberInput
              label={t('groups.settings.inviteValidDays')}
              min={1}
              max={INVITE_VALID_DAYS_MAX}
              allowDecimal={false}
              allowNegative={false}
              value={field.value}
              onChange={(value) => field.onChange(typeof value === 'number' ? value : NaN)}
              onBlur={field.onBlur}
              name={field.name}
              error={errorText(t, errors.invite_valid_days)}
            />
          )}
        />
        <Row justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('app.save')}
          </Button>
        </Row>
      </Stack>
    </form>
  );
}

/** Every zone the browser knows, and the group's own even if this browser does not know it. */
function timeZoneOptions(current: string): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes(current) ? zones : [current, ...zones];
}
