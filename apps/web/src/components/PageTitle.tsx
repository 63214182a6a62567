import { Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <Title order={2} mb="md">
      {children}
    </Title>
  );
}
