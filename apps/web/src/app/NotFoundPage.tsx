import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../lib/paths';

/** spec §2: any other path shows a 404 page with a Go Home button. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="sm">
        <Title order={1}>404</Title>
        <Title order={2}>{t('notFound.title')}</Title>
        <Text c="dimmed" ta="center">
          {t('notFound.text')}
        </Text>
        <Button component={Link} to={paths.home}>
          {t('notFound.goHome')}
        </Button>
      </Stack>
    </Center>
  );
}
