import type { Notification as AppNotification } from '@household/contracts';
import {
  Alert,
  Box,
  Button,
  Group,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/PageLoader';
import { useApi } from '../../../lib/api-context';
import { safeRedirect } from '../../../lib/paths';
import { notificationsQueryOptions } from '../api/queries';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/mutations';
import { notificationText, relativeTime } from '../text';
import './notification-center.css';

/**
 * The notification centre in the bell's popover: the newest first, unread ones marked, a click
 * marks one read and opens what it is about, "Show more" pages back.
 */
export function NotificationCenter({
  headingId,
  onNavigate,
}: {
  headingId: string;
  /** Called when a notification's link is followed: the popover closes. */
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const list = useInfiniteQuery(notificationsQueryOptions(useApi()));
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const hasUnread = items.some((item) => item.read_at === null);

  return (
    <Stack gap={0}>
      <Group
        justify="space-between"
        wrap="nowrap"
        px="md"
        py="sm"
        className="notification-center__header"
      >
        <Title order={2} size="h4" id={headingId}>
          {t('notifications.center.title')}
        </Title>
        <Button
          variant="subtle"
          size="compact-sm"
          disabled={!hasUnread}
          loading={markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          {t('notifications.center.markAllRead')}
        </Button>
      </Group>
      <Box className="notification-center__scroller">
        {list.isPending ? (
          <PageLoader size="sm" py="md" />
        ) : list.isError ? (
          <Alert color="red" m="md" title={t('notifications.center.loadFailed')}>
            <Button mt="xs" variant="light" size="xs" onClick={() => void list.refetch()}>
              {t('app.retry')}
            </Button>
          </Alert>
        ) : items.length === 0 ? (
          <Text c="dimmed" ta="center" p="lg">
            {t('notifications.center.empty')}
          </Text>
        ) : (
          <>
            <ul className="notification-center__list">
              {items.map((notification) => (
                <li key={notification.id}>
                  <NotificationEntry
                    notification={notification}
                    onOpen={() => {
                      if (notification.read_at === null) markRead.mutate(notification.id);
                      onNavigate();
                    }}
                  />
                </li>
              ))}
            </ul>
            {list.hasNextPage && (
              <Group justify="center" p="sm">
                <Button
                  variant="default"
                  size="xs"
                  loading={list.isFetchingNextPage}
                  onClick={() => void list.fetchNextPage()}
                >
                  {t('notifications.center.showMore')}
                </Button>
              </Group>
            )}
          </>
        )}
      </Box>
    </Stack>
  );
}

function NotificationEntry({
  notification,
  onOpen,
}: {
  notification: AppNotification;
  onOpen: () => void;
}) {
  const { t, i18n } = useTranslation();
  const isUnread = notification.read_at === null;
  const group = notification.data.group_name;
  const body: ReactNode = (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <span className="notification-entry__dot" data-unread={isUnread || undefined} aria-hidden />
      <Stack gap={2} miw={0}>
        {isUnread && <VisuallyHidden>{t('notifications.center.unread')}</VisuallyHidden>}
        <Text size="sm" fw={isUnread ? 600 : 400} className="notification-entry__text">
          {notificationText(t, notification, i18n.language)}
        </Text>
        <Text size="xs" c="dimmed">
          {typeof group === 'string' && group !== '' ? `${group} · ` : ''}
          <time dateTime={notification.created_at}>
            {relativeTime(notification.created_at, i18n.language)}
          </time>
        </Text>
      </Stack>
    </Group>
  );
  // Only a path of this app is followed; anything else is just marked read.
  const to = safeRedirect(notification.link);
  return to ? (
    <UnstyledButton
      component={Link}
      to={to}
      onClick={onOpen}
      className="notification-entry"
      data-testid="notification"
      data-unread={isUnread || undefined}
    >
      {body}
    </UnstyledButton>
  ) : (
    <UnstyledButton
      onClick={onOpen}
      className="notification-entry"
      data-testid="notification"
      data-unread={isUnread || undefined}
    >
      {body}
    </UnstyledButton>
  );
}
