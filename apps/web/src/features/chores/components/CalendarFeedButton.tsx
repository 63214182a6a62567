import { Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconCalendarShare } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { useApi } from '../../../lib/api-context';
import { notify } from '../../../lib/toasts';
import {
  ReauthenticationCancelled,
  useReauthentication,
} from '../../../components/reauth/use-reauthentication';
import { calendarFeedQueryOptions } from '../api/queries';
import { useCreateCalendarFeed, useResetCalendarFeed } from '../api/mutations';

/**
 * The private calendar address of my chores (docs/chores.md "Calendar feed"): make one, subscribe
 * from any phone calendar with the webcal link, copy it, or replace it when it was shared by
 * mistake. Making or replacing one asks for the password when the login is not fresh.
 */
export function CalendarFeedButton() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const feed = useQuery({ ...calendarFeedQueryOptions(useApi()), enabled: opened });
  const create = useCreateCalendarFeed();
  const reset = useResetCalendarFeed();
  const reauth = useReauthentication();

  /** Runs a change that may ask for the password; a closed prompt is no failure. */
  const change = async (call: (password?: string) => Promise<unknown>, done: () => void) => {
    try {
      await reauth.run(call);
      done();
    } catch (error) {
      if (error instanceof ReauthenticationCancelled) return;
      notify({ type: 'error', message: t('assignments.feed.failed') });
    }
  };

  const address = feed.data;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconCalendarShare size={16} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {t('assignments.feed.button')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('assignments.feed.title')}>
        <Stack>
          <Text size="sm">{t('assignments.feed.text')}</Text>
          {feed.isError ? (
            <Text size="sm" c="red" role="alert">
              {t('assignments.feed.failed')}
            </Text>
          ) : address === null ? (
            <Group justify="space-between">
              <Text size="sm">{t('assignments.feed.none')}</Text>
              <Button
                loading={create.isPending}
                onClick={() =>
                  void change(
                    (password) => create.mutateAsync(password),
                    () => {},
                  )
                }
              >
                {t('assignments.feed.create')}
              </Button>
            </Group>
          ) : (
            <>
              <TextInput
                label={t('assignments.feed.address')}
                value={address?.webcal_url ?? t('app.loading')}
                readOnly
                onFocus={(event) => event.currentTarget.select()}
              />
              <Group gap="xs">
                <Button
                  component="a"
                  href={address?.webcal_url}
                  disabled={!address}
                  variant="light"
                >
                  {t('assignments.feed.subscribe')}
                </Button>
                <CopyButton value={address?.url ?? ''}>
                  {({ copied, copy }) => (
                    <Button variant="default" onClick={copy} disabled={!address}>
                      {copied ? t('assignments.feed.copied') : t('assignments.feed.copy')}
                    </Button>
                  )}
                </CopyButton>
                <Button
                  variant="subtle"
                  color="red"
                  disabled={!address}
                  onClick={() => setConfirming(true)}
                >
                  {t('assignments.feed.reset')}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Modal>
      <ConfirmModal
        opened={confirming}
        title={t('assignments.feed.resetTitle')}
        text={t('assignments.feed.resetText')}
        confirmLabel={t('assignments.feed.reset')}
        loading={reset.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          void change(
            (password) => reset.mutateAsync(password),
            () => {
              notify({ type: 'success', message: t('assignments.feed.resetDone') });
              setConfirming(false);
            },
          )
        }
      />
      {reauth.prompt}
    </>
  );
}
