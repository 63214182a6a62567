import {
  NOTIFICATION_CHANNELS,
  WEBHOOK_FORMATS,
  type ChannelStates,
  type Delivery,
  type NotificationChannel,
  type Webhook,
  type WebhookFormat,
} from '@household/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Code,
  Group,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { PageLoader } from '../../../components/PageLoader';
import { SettingsCard } from '../../../components/SettingsCard';
import { useApi } from '../../../lib/api-context';
import { isApiError } from '../../../lib/api-client';
import type { TranslationKey } from '../../../lib/i18n';
import { notify } from '../../../lib/toasts';
import { useRemoveWebhook, useSaveWebhook, useSendChannelTest } from '../api/mutations';
import { channelStatesQueryOptions, webhookQueryOptions } from '../api/queries';
import { relativeTime } from '../text';

const CHANNEL_NAME: Record<NotificationChannel, TranslationKey> = {
  in_app: 'notifications.channels.in_app',
  email: 'notifications.channels.email',
  push: 'notifications.channels.push',
  webhook: 'notifications.channels.webhook',
};
const FORMAT_NAME: Record<WebhookFormat, TranslationKey> = {
  json: 'notifications.channels.formatJson',
  ntfy: 'notifications.channels.formatNtfy',
  gotify: 'notifications.channels.formatGotify',
};

/** "Sent 2 minutes ago", "Failed: connection refused — retrying at 14:05", "Not set up". */
export function deliveryText(
  t: TFunction,
  locale: string,
  configured: boolean,
  last: Delivery | null,
): string {
  if (!last)
    return configured ? t('notifications.channels.never') : t('notifications.channels.notSetUp');
  if (last.status === 'sent') {
    return t('notifications.channels.sent', { time: relativeTime(last.last_attempt_at, locale) });
  }
  const error = last.error ?? '';
  if (last.status === 'retrying' && last.next_attempt_at) {
    const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(
      new Date(last.next_attempt_at),
    );
    return t('notifications.channels.retrying', { error, time });
  }
  return t('notifications.channels.failed', { error });
}

/**
 * issue 27 §4: per channel a "Send a test" and how its last delivery went, and the webhook that
 * notifications are posted to (its secret shown once, when it is made).
 */
export function ChannelsCard() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const states = useQuery(channelStatesQueryOptions(api));
  const sendTest = useSendChannelTest();

  const test = async (channel: NotificationChannel) => {
    try {
      const delivery = await sendTest.mutateAsync(channel);
      if (delivery.status === 'sent') {
        notify({ type: 'success', message: t('notifications.channels.testSent') });
      } else {
        notify({
          type: 'error',
          message: t('notifications.channels.testFailed', { error: delivery.error ?? '' }),
        });
      }
    } catch {
      notify({ type: 'error', message: t('notifications.channels.testFailed', { error: '' }) });
    }
  };

  return (
    <SettingsCard
      title={t('notifications.channels.title')}
      description={t('notifications.channels.description')}
    >
      {states.isError ? (
        <Alert color="red">{t('notifications.channels.loadFailed')}</Alert>
      ) : !states.data ? (
        <PageLoader size="sm" py={0} />
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {NOTIFICATION_CHANNELS.map((channel) => {
            const state = states.data.items.find((item) => item.channel === channel);
            return (
              <ChannelRow
                key={channel}
                channel={channel}
                state={state}
                text={deliveryText(
                  t,
                  i18n.language,
                  state?.configured ?? false,
                  state?.last ?? null,
                )}
                isSending={sendTest.isPending && sendTest.variables === channel}
                onTest={() => void test(channel)}
              />
            );
          })}
        </Stack>
      )}
      <WebhookForm />
    </SettingsCard>
  );
}

function ChannelRow(props: {
  channel: NotificationChannel;
  state: ChannelStates['items'][number] | undefined;
  text: string;
  isSending: boolean;
  onTest: () => void;
}) {
  const { t } = useTranslation();
  const failed = props.state?.last && props.state.last.status !== 'sent';
  // A test on a channel that is not set up could only fail: the button waits, and says why.
  const isSetUp = props.state?.configured ?? false;
  const hintId = `channel-hint-${props.channel}`;
  return (
    <Group component="li" justify="space-between" wrap="nowrap" data-channel={props.channel}>
      <div>
        <Text size="sm" fw={500}>
          {t(CHANNEL_NAME[props.channel])}
        </Text>
        <Text size="sm" c={failed ? 'red' : 'dimmed'} data-testid={`delivery-${props.channel}`}>
          {props.text}
        </Text>
        {!isSetUp && (
          <Text size="xs" c="dimmed" id={hintId}>
            {t('notifications.channels.setUpFirst')}
          </Text>
        )}
      </div>
      <Button
        variant="default"
        size="xs"
        disabled={!isSetUp}
        loading={props.isSending}
        onClick={props.onTest}
        aria-label={`${t('notifications.channels.sendTest')}: ${t(CHANNEL_NAME[props.channel])}`}
        aria-describedby={isSetUp ? undefined : hintId}
      >
        {t('notifications.channels.sendTest')}
      </Button>
    </Group>
  );
}

function WebhookForm() {
  const { t } = useTranslation();
  const api = useApi();
  const webhook = useQuery(webhookQueryOptions(api));
  if (webhook.isPending) return <PageLoader size="sm" py={0} />;
  // Keyed by the saved version, so a save resets the form to what the server holds.
  return (
    <WebhookFields key={webhook.data?.updated_at ?? 'none'} saved={webhook.data ?? null} t={t} />
  );
}

function WebhookFields({ saved, t }: { saved: Webhook | null; t: TFunction }) {
  const save = useSaveWebhook();
  const remove = useRemoveWebhook();
  const [confirming, setConfirming] = useState(false);
  const [url, setUrl] = useState(saved?.url ?? '');
  const [format, setFormat] = useState<WebhookFormat>(saved?.format ?? 'json');
  const [enabled, setEnabled] = useState(saved?.enabled ?? true);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await save.mutateAsync({ url, format, enabled });
      notify({ type: 'success', message: t('notifications.channels.saved') });
    } catch (failure) {
      const field = isApiError(failure) ? failure.problem.errors?.[0]?.message : undefined;
      setError(field ?? t('notifications.channels.saveFailed'));
    }
  };

  const removeWebhook = async () => {
    try {
      await remove.mutateAsync();
      setConfirming(false);
      notify({ type: 'success', message: t('notifications.channels.removed') });
    } catch {
      notify({ type: 'error', message: t('notifications.channels.removeFailed') });
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="xs">
        <TextInput
          label={t('notifications.channels.webhookUrl')}
          type="url"
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          placeholder="https://ntfy.sh/my-topic"
          error={error}
          required
        />
        <Select
          label={t('notifications.channels.webhookFormat')}
          data={WEBHOOK_FORMATS.map((value) => ({ value, label: t(FORMAT_NAME[value]) }))}
          value={format}
          onChange={(value) => value && setFormat(value as WebhookFormat)}
          allowDeselect={false}
        />
        <Checkbox
          label={t('notifications.channels.enabled')}
          checked={enabled}
          onChange={(event) => setEnabled(event.currentTarget.checked)}
        />
        {saved?.secret ? (
          <Alert color="blue" title={t('notifications.channels.secretOnce')}>
            <Code data-testid="webhook-secret">{saved.secret}</Code>
          </Alert>
        ) : saved ? (
          <Text size="sm" c="dimmed">
            {t('notifications.channels.secretHint', { hint: saved.secret_hint })}
          </Text>
        ) : null}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('notifications.channels.save')}
          </Button>
          {saved && (
            <Button variant="default" color="red" onClick={() => setConfirming(true)}>
              {t('notifications.channels.remove')}
            </Button>
          )}
        </Group>
        {saved && (
          <ConfirmModal
            opened={confirming}
            title={t('notifications.channels.removeTitle')}
            text={t('notifications.channels.removeConfirm', { url: saved.url })}
            confirmLabel={t('notifications.channels.remove')}
            loading={remove.isPending}
            onConfirm={() => void removeWebhook()}
            onClose={() => setConfirming(false)}
          />
        )}
      </Stack>
    </form>
  );
}
