import { PUSH_LABEL_MAX_LENGTH, type PushDevice } from '@household/contracts';
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { PageLoader } from '../../../components/PageLoader';
import { useApi } from '../../../lib/api-context';
import { formatDate } from '../../../lib/format';
import type { TranslationKey } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toasts';
import { fetchPushPublicKey, pushDevicesQueryOptions } from '../api/queries';
import { useAddPushDevice, useRemovePushDevice } from '../api/mutations';
import {
  currentEndpoint,
  describeBrowser,
  forgetThisDevice,
  isPushSupported,
  notificationPermission,
  PushSetupError,
  subscribeThisDevice,
  type PushProblem,
} from '../push';
import { SettingsCard } from '../../../components/SettingsCard';
import {
  ReauthenticationCancelled,
  useReauthentication,
} from '../../../components/reauth/use-reauthentication';

const ENDPOINT_KEY = ['push', 'endpoint'] as const;

const PROBLEM_TEXT: Record<PushProblem | 'saveFailed', TranslationKey> = {
  unsupported: 'notifications.push.unsupported',
  denied: 'notifications.push.denied',
  dismissed: 'notifications.push.dismissed',
  notReady: 'notifications.push.notReady',
  failed: 'notifications.push.failed',
  saveFailed: 'notifications.push.saveFailed',
};

/** "Chrome on Android", in the language shown when the device is added. */
export function deviceLabel(t: TFunction, userAgent: string): string {
  const { browser, os } = describeBrowser(userAgent);
  const label =
    browser && os
      ? t('notifications.push.deviceLabel', { browser, os })
      : (browser ?? os ?? t('notifications.push.unknownDevice'));
  return label.slice(0, PUSH_LABEL_MAX_LENGTH);
}

/**
 * issue 13 §2: enable push on this device, see every device that receives it, remove one. Another
 * device can be removed from any browser, also one that cannot receive push itself.
 */
export function PushDevicesCard() {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const supported = isPushSupported();
  const endpoint = useQuery({ queryKey: ENDPOINT_KEY, queryFn: currentEndpoint });
  const devices = useQuery({
    ...pushDevicesQueryOptions(api, endpoint.data ?? null),
    enabled: !endpoint.isPending,
  });
  const addDevice = useAddPushDevice();
  const reauth = useReauthentication();
  const [problem, setProblem] = useState<PushProblem | 'saveFailed' | null>(() =>
    notificationPermission() === 'denied' ? 'denied' : null,
  );
  const [isSubscribing, setSubscribing] = useState(false);
  const [removing, setRemoving] = useState<PushDevice | null>(null);

  const thisDevice = devices.data?.items.find((device) => device.current);

  const enable = async () => {
    setProblem(null);
    setSubscribing(true);
    try {
      const subscription = await subscribeThisDevice(() => fetchPushPublicKey(api));
      const label = deviceLabel(t, navigator.userAgent);
      // An old login is asked for the password before a device may receive my notifications.
      await reauth.run((password) =>
        addDevice.mutateAsync({
          ...subscription,
          label,
          ...(password ? { current_password: password } : {}),
        }),
      );
      queryClient.setQueryData(ENDPOINT_KEY, subscription.endpoint);
      notify({ type: 'success', message: t('notifications.push.enabledToast') });
    } catch (error) {
      if (error instanceof ReauthenticationCancelled) return;
      // Subscribed, but the server did not take the subscription.
      setProblem(error instanceof PushSetupError ? error.problem : 'saveFailed');
    } finally {
      setSubscribing(false);
    }
  };

  return (
    <SettingsCard
      title={t('notifications.push.title')}
      description={t('notifications.push.description')}
    >
      {!supported ? (
        <Alert color="yellow">{t('notifications.push.unsupported')}</Alert>
      ) : thisDevice ? (
        <Group gap="xs">
          <IconBellRinging size={18} aria-hidden />
          <Text size="sm">{t('notifications.push.enabled')}</Text>
        </Group>
      ) : (
        <Group>
          <Button
            variant="light"
            leftSection={<IconBellRinging size={16} aria-hidden />}
            loading={isSubscribing}
            onClick={() => void enable()}
          >
            {t('notifications.push.enable')}
          </Button>
        </Group>
      )}
      {supported && problem && (
        <Alert color="red" role="alert">
          {t(PROBLEM_TEXT[problem])}
        </Alert>
      )}
      {devices.isError ? (
        <Alert color="red">{t('notifications.push.loadFailed')}</Alert>
      ) : !devices.data ? (
        <PageLoader size="sm" py={0} />
      ) : devices.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('notifications.push.empty')}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {devices.data.items.map((device) => (
            <DeviceRow key={device.id} device={device} onRemove={() => setRemoving(device)} />
          ))}
        </Stack>
      )}
      <RemoveDeviceModal device={removing} onClose={() => setRemoving(null)} />
      {reauth.prompt}
    </SettingsCard>
  );
}

function DeviceRow({ device, onRemove }: { device: PushDevice; onRemove: () => void }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const date = (iso: string) => formatDate(iso, i18n.language, user?.timezone);
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="sm" data-testid="push-device">
      <Stack gap={2} miw={0}>
        <Group gap="xs">
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {device.label}
          </Text>
          {device.current && (
            <Badge variant="light" size="sm">
              {t('notifications.push.thisDevice')}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {device.last_used_at
            ? t('notifications.push.lastUsed', { date: date(device.last_used_at) })
            : t('notifications.push.added', { date: date(device.created_at) })}
        </Text>
      </Stack>
      <Button
        variant="default"
        size="xs"
        onClick={onRemove}
        aria-label={t('notifications.push.removeLabel', { name: device.label })}
      >
        {t('notifications.push.remove')}
      </Button>
    </Group>
  );
}

function RemoveDeviceModal({
  device,
  onClose,
}: {
  device: PushDevice | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const removeDevice = useRemovePushDevice();
  // Kept while the dialog animates closed, so its text does not go blank.
  const [shown, setShown] = useState(device);
  if (device && device !== shown) setShown(device);

  const onConfirm = () => {
    if (!device) return;
    removeDevice.mutate(device.id, {
      onSuccess: () => {
        if (device.current) {
          void forgetThisDevice();
          queryClient.setQueryData(ENDPOINT_KEY, null);
        }
        notify({ type: 'success', message: t('notifications.push.removed') });
        onClose();
      },
    });
  };

  return (
    <ConfirmModal
      opened={device !== null}
      title={t('notifications.push.removeTitle')}
      text={t('notifications.push.removeText', { name: shown?.label ?? '' })}
      confirmLabel={t('notifications.push.remove')}
      loading={removeDevice.isPending}
      error={removeDevice.isError ? t('notifications.push.removeFailed') : null}
      onConfirm={onConfirm}
      onClose={() => {
        removeDevice.reset();
        onClose();
      }}
    />
  );
}
