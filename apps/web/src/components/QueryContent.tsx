import { Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingText } from './LoadingText';

/**
 * A section's body while its read is in flight: that it failed (with Retry) when nothing was ever
 * loaded, "Loading…" until the first answer, then what `children` draws from the data. Data already
 * shown stays shown when a later refetch fails.
 */
export function QueryContent<T>({
  query,
  failedText,
  children,
}: {
  query: { data: T | undefined; isError: boolean; refetch: () => unknown };
  failedText: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isError && query.data === undefined) {
    return (
      <Group gap="xs">
        <Text size="sm" c="red" role="alert">
          {failedText}
        </Text>
        <Button size="xs" variant="light" onClick={() => void query.refetch()}>
          {t('app.retry')}
        </Button>
      </Group>
    );
  }
  if (query.data === undefined) {
    return (
      <Text size="sm" c="dimmed">
        <LoadingText />
      </Text>
    );
  }
  return children(query.data);
}
