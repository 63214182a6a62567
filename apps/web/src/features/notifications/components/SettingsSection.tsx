import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A titled section of the account page, drawn like the account feature's own cards (features do
 * not import each other; the account page composes them).
 */
export function SettingsSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="lg" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {title}
        </Title>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
        {children}
      </Stack>
    </Card>
  );
}
