import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Section } from '../../../components/Section';

/** One titled part of the money overview: a page section, a little tighter. */
export function MoneySection(props: { title: string; actions?: ReactNode; children: ReactNode }) {
  return <Section padding="md" {...props} />;
}

/** A list without bullets whose rows are laid out by their own components. */
export function PlainList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack component="ul" gap="xs" m={0} p={0} aria-label={label} style={{ listStyle: 'none' }}>
      {children}
    </Stack>
  );
}
