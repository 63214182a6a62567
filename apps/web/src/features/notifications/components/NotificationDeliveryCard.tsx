import {
  NOTIFICATION_KINDS,
  type NotificationDelivery,
  type NotificationKind,
  type NotificationKinds,
} from '@household/contracts';
import {
  Alert,
  Button,
  Fieldset,
  Group,
  NativeSelect,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/PageLoader';
import { useApi } from '../../../lib/api-context';
import { notify } from '../../../lib/toasts';
import { deliveryQueryOptions } from '../api/queries';
import { useUpdateDelivery } from '../api/mutations';
import { SettingsCard } from '../../../components/SettingsCard';

/** The server's time zone until the first save sends one (docs/notifications.md). */
const UNSET_TIME_ZONE = 'UTC';
const REMINDER_TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/**
 * The message for one quiet-hours field, or null: both or neither (the contract's rule), the
 * missing one is the field that says so; the same time twice is reported on the end.
 */
export function quietHoursError(
  start: string | null,
  end: string | null,
  field: 'start' | 'end',
): 'notifications.delivery.quietBoth' | 'notifications.delivery.quietSame' | null {
  const hasStart = Boolean(start);
  const hasEnd = Boolean(end);
  if (hasStart !== hasEnd) {
    const missing = hasStart ? 'end' : 'start';
    return field === missing ? 'notifications.delivery.quietBoth' : null;
  }
  if (hasStart && start === end && field === 'end') return 'notifications.delivery.quietSame';
  return null;
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || UNSET_TIME_ZONE;
}

/** Every zone the browser knows, and the saved one even if this browser does not know it. */
function timeZoneOptions(current: string): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes(current) ? zones : [current, ...zones];
}

/**
 * What reaches me and when: a switch per kind (in the app, on my devices and by email), the time
 * of day for chore reminders and the daily digest, in my time zone, and daily or instant email.
 * The spec §3 preferences in the card above still govern on top (email off sends no email).
 */
export function NotificationDeliveryCard() {
  const { t } = useTranslation();
  const settings = useQuery(deliveryQueryOptions(useApi()));
  return (
    <SettingsCard
      title={t('notifications.delivery.title')}
      description={t('notifications.delivery.description')}
    >
      {settings.data ? (
        <DeliveryForm saved={settings.data} />
      ) : settings.isError ? (
        <Alert color="red">{t('notifications.delivery.loadFailed')}</Alert>
      ) : (
        <PageLoader size="sm" py={0} />
      )}
    </SettingsCard>
  );
}

function DeliveryForm({ saved }: { saved: NotificationDelivery }) {
  const { t } = useTranslation();
  const update = useUpdateDelivery();
  // A zone never chosen is offered as the browser's, and saved with the first save.
  const values = useMemo(
    () => ({
      ...saved,
      time_zone: saved.time_zone === UNSET_TIME_ZONE ? browserTimeZone() : saved.time_zone,
      // An empty time input stands for "no quiet hours".
      quiet_hours_start: saved.quiet_hours_start ?? '',
      quiet_hours_end: saved.quiet_hours_end ?? '',
    }),
    [saved],
  );
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NotificationDelivery>({ values });

  const onSubmit = (changes: NotificationDelivery) =>
    update.mutate(
      {
        ...changes,
        quiet_hours_start: changes.quiet_hours_start || null,
        quiet_hours_end: changes.quiet_hours_end || null,
      },
      {
        onSuccess: () => notify({ type: 'success', message: t('notifications.delivery.saved') }),
        onError: () => notify({ type: 'error', message: t('notifications.delivery.failed') }),
      },
    );

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <Stack>
        <Fieldset legend={t('notifications.delivery.kindsLegend')} variant="unstyled">
          <Stack gap="xs">
            {NOTIFICATION_KINDS.filter(
              // A switch for each kind the settings list; one they do not list yet is always on.
              (kind: NotificationKind): kind is keyof NotificationKinds => kind in values.kinds,
            ).map((kind) => (
              <Controller
                key={kind}
                name={`kinds.${kind}`}
                control={control}
                render={({ field }) => (
                  <Switch
                    label={t(`notifications.kinds.${kind}`)}
                    name={field.name}
                    checked={field.value}
                    onChange={(event) => field.onChange(event.currentTarget.checked)}
                  />
                )}
              />
            ))}
          </Stack>
        </Fieldset>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            type="time"
            label={t('notifications.delivery.reminderTime')}
            description={t('notifications.delivery.reminderTimeHint')}
            error={errors.reminder_time && t('notifications.delivery.reminderTimeInvalid')}
            {...register('reminder_time', { pattern: REMINDER_TIME, required: true })}
          />
          <NativeSelect
            label={t('notifications.delivery.timeZone')}
            description={t('notifications.delivery.timeZoneHint', { zone: browserTimeZone() })}
            data={timeZoneOptions(values.time_zone)}
            {...register('time_zone')}
          />
        </SimpleGrid>
        <Fieldset
          legend={t('notifications.delivery.quietHours')}
          variant="unstyled"
          data-testid="quiet-hours"
        >
          <Text size="sm" c="dimmed" mb="xs">
            {t('notifications.delivery.quietHoursHint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              type="time"
              label={t('notifications.delivery.quietStart')}
              error={errors.quiet_hours_start?.message}
              {...register('quiet_hours_start', {
                validate: (start, all) => {
                  const key = quietHoursError(start, all.quiet_hours_end, 'start');
                  return key ? t(key) : true;
                },
                deps: ['quiet_hours_end'],
              })}
            />
            <TextInput
              type="time"
              label={t('notifications.delivery.quietEnd')}
              error={errors.quiet_hours_end?.message}
              {...register('quiet_hours_end', {
                validate: (end, all) => {
                  const key = quietHoursError(all.quiet_hours_start, end, 'end');
                  return key ? t(key) : true;
                },
                deps: ['quiet_hours_start'],
              })}
            />
          </SimpleGrid>
        </Fieldset>
        <Controller
          name="email_digest"
          control={control}
          render={({ field }) => (
            <Radio.Group
              label={t('notifications.delivery.email')}
              description={t('notifications.delivery.emailHint')}
              name={field.name}
              value={field.value}
              onChange={(value) => field.onChange(value)}
            >
              <Stack gap="xs" mt="xs">
                <Radio value="daily" label={t('notifications.delivery.digestDaily')} />
                <Radio value="instant" label={t('notifications.delivery.digestInstant')} />
              </Stack>
            </Radio.Group>
          )}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('app.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
