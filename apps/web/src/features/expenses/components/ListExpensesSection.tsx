import type { ListDetail } from '@household/contracts';
import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { IconReceipt, IconShoppingCartShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { useMoneyLive } from '../live';
import { mayChangeExpense } from '../permissions';
import { useExpenseDialogs } from './ExpenseDialogs';
import { ExpenseList } from './ExpenseList';

/**
 * spec §2 List detail: the list's expenses with Add Expense. The form starts from the list: its
 * name, its total, and its priced items for an item-based split. "Split this shop" starts an
 * item-based split of what was bought (the ticked items). A personal list's expenses are personal
 * ones.
 */
export function ListExpensesSection({ list }: { list: ListDetail }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const myId = user?.id;
  useMoneyLive();
  const { actions, openForm, dialogs } = useExpenseDialogs({
    myId,
    // The role in the group is not known here; the group's expenses page offers an admin more.
    canChange: (expense) => mayChangeExpense(expense, myId, () => undefined),
  });
  // "Split this shop" (a group's list with bought, priced items): who takes what, item by item.
  const boughtPriced =
    list.group !== null &&
    list.items.some((item) => item.done && item.price_cents !== null && item.price_cents > 0);
  return (
    <Card withBorder padding="lg" component="section" aria-label={t('lists.expenses.title')}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {t('lists.expenses.title')}
          </Title>
          <Group gap="xs">
            {boughtPriced && (
              <Button
                variant="filled"
                size="xs"
                leftSection={<IconShoppingCartShare size={14} aria-hidden />}
                onClick={() => openForm({ groupId: list.group!.id, list, shop: true })}
              >
                {t('lists.expenses.splitShop')}
              </Button>
            )}
            <Button
              variant="light"
              size="xs"
              leftSection={<IconReceipt size={14} aria-hidden />}
              onClick={() => openForm({ groupId: list.group?.id ?? null, list })}
            >
              {t('lists.expenses.add')}
            </Button>
          </Group>
        </Group>
        <ExpenseList
          scope={{ kind: 'list', listId: list.id }}
          filters={{}}
          myId={myId}
          actions={actions}
          emptyText={t('lists.expenses.empty')}
        />
      </Stack>
      {dialogs}
    </Card>
  );
}
