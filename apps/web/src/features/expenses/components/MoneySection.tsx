import { Card, Group, Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** One titled part of the money overview, a landmark named by its heading. */
export function MoneySection({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId} miw={0}>
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

/** A list without bullets whose rows are laid out by their own components. */
export function PlainList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack component="ul" gap="xs" m={0} p={0} aria-label={label} style={{ listStyle: 'none' }}>
      {children}
    </Stack>
  );
}
