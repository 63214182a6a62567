import { Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconCalendarShare } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { useApi } from '../../../lib/api-context';
import { notify } from '../../../lib/toasts';
import { calendarFeedQueryOptions } from '../api/queries';
import { useResetCalendarFeed } from '../api/mutations';

/**
 * The private calendar address of my chores (docs/chores.md "Calendar feed"): subscribe from any
 * phone calendar with the webcal link, copy it, or replace it when it was shared by mistake.
 */
export function CalendarFeedButton() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const feed = useQuery({ ...calendarFeedQueryOptions(useApi()), enabled: opened });
  const reset = useResetCalendarFeed();

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
          ) : (
            <TextInput
              label={t('assignments.feed.address')}
              value={feed.data?.webcal_url ?? t('app.loading')}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
            />
          )}
          <Group gap="xs">
            <Button
              component="a"
              href={feed.data?.webcal_url}
              disabled={!feed.data}
              variant="light"
            >
              {t('assignments.feed.subscribe')}
            </Button>
            <CopyButton value={feed.data?.url ?? ''}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy} disabled={!feed.data}>
                  {copied ? t('assignments.feed.copied') : t('assignments.feed.copy')}
                </Button>
              )}
            </CopyButton>
            <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
              {t('assignments.feed.reset')}
            </Button>
          </Group>
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
          reset.mutate(undefined, {
            onSuccess: () => {
              notify({ type: 'success', message: t('assignments.feed.resetDone') });
              setConfirming(false);
            },
            onError: () => notify({ type: 'error', message: t('assignments.feed.failed') }),
          })
        }
      />
    </>
  );
}
