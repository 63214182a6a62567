import type { List } from '@household/contracts';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../paths';

/**
 * spec §2: the list's expenses with Add Expense. Expenses are shared in a group, so a personal
 * list has none and the section is not shown; the expenses feature fills it in later.
 */
export function ExpensesSection({ list }: { list: List }) {
  const { t } = useTranslation();
  if (list.group === null) return null;
  return (
    <Card withBorder padding="lg" component="section" aria-label={t('lists.expenses.title')}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {t('lists.expenses.title')}
          </Title>
          <Button
            component={Link}
            to={paths.groupExpenses(list.group.id)}
            variant="light"
            size="xs"
            leftSection={<IconReceipt size={14} aria-hidden />}
          >
            {t('lists.expenses.add')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t('lists.expenses.empty')}
        </Text>
      </Stack>
    </Card>
  );
}
