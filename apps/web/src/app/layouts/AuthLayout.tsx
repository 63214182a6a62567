import { Box, Center, Group, Paper, Title } from '@mantine/core';
import { Outlet } from 'react-router';
import { LanguageSelect } from '../../features/account/components/LanguageSelect';
import { APP_NAME } from '../../lib/i18n';

/** The auth pages in a narrow card; the language can be chosen before signing in. */
export function AuthLayout() {
  return (
    <Center mih="100vh" p="md">
      <Box w="100%" maw={440}>
        <Group justify="space-between" align="flex-end" mb="md">
          <Title order={1} size="h3">
            {APP_NAME}
          </Title>
          <LanguageSelect size="xs" />
        </Group>
        <Paper withBorder shadow="sm" p="lg">
          <Outlet />
        </Paper>
      </Box>
    </Center>
  );
}
