import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** What a page shows while it has nothing to list, and what the user can do about it. */
export function EmptyState({
  icon: EmptyIcon,
  title,
  text,
  children,
}: {
  icon: Icon;
  title: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <Paper withBorder p="xl">
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light">
          <EmptyIcon size={28} aria-hidden />
        </ThemeIcon>
        <Title order={3} size="h4">
          {title}
        </Title>
        <Text c="dimmed" maw={420}>
          {text}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}
