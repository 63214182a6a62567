import type { NotificationSettings } from '@household/contracts';
import { Alert, Button, Group, Stack, Switch } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/api-context';
import { notify } from '../../../lib/toasts';
import { settingsQueryOptions } from '../api/queries';
import { useUpdateNotifications } from '../api/mutations';
import { SettingsCard } from '../../../components/SettingsCard';
import { PageLoader } from '../../../components/PageLoader';

const SWITCHES = [
  { name: 'email_notifications', label: 'account.notifications.email' },
  { name: 'list_updates', label: 'account.notifications.listUpdates' },
  { name: 'group_activities', label: 'account.notifications.groupActivities' },
] as const;

/** spec §3: notification preferences are email notifications, list updates, group activities. */
export function NotificationsCard() {
  const { t } = useTranslation();
  const settings = useQuery(settingsQueryOptions(useApi()));
  return (
    <SettingsCard title={t('account.notifications.title')}>
      {settings.data ? (
        <NotificationsForm values={settings.data.notifications} />
      ) : settings.isError ? (
        <Alert color="red">{t('account.settingsLoadFailed')}</Alert>
      ) : (
        <PageLoader size="sm" py={0} />
      )}
    </SettingsCard>
  );
}

function NotificationsForm({ values }: { values: NotificationSettings }) {
  const { t } = useTranslation();
  const updateNotifications = useUpdateNotifications();
  const { control, handleSubmit } = useForm<NotificationSettings>({ values });

  const onSubmit = (changes: NotificationSettings) =>
    updateNotifications.mutate(changes, {
      onSuccess: () => notify({ type: 'success', message: t('account.preferences.saved') }),
      onError: () => notify({ type: 'error', message: t('account.preferences.failed') }),
    });

  return (
    <form onSubmit={handleSubmit(onSubmit)}>
      <Stack>
        {SWITCHES.map(({ name, label }) => (
          <Controller
            key={name}
            name={name}
            control={control}
            render={({ field }) => (
              <Switch
                label={t(label)}
                name={field.name}
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
              />
            )}
          />
        ))}
        <Group justify="flex-end">
          <Button type="submit" loading={updateNotifications.isPending}>
            {t('app.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
