import { Card, Group, Stack, Title, type MantineSpacing } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** One titled part of a page (the group pages' sections, the money overview), a landmark named by its heading. */
export function Section({
  title,
  actions,
  padding = 'lg',
  children,
}: {
  title: string;
  actions?: ReactNode;
  padding?: MantineSpacing;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card withBorder padding={padding} component="section" aria-labelledby={headingId} miw={0}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={3} size="h4" id={headingId}>
            {title}
          </Title>
          {actions}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
