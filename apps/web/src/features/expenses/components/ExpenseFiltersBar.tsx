import { Button, Card, Group, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExpenseFilters } from '../api/keys';

const ANY = '';
const PERSONAL = 'personal';

export interface FilterChoice {
  id: number;
  name: string;
}

/**
 * Filters of an expense page: a date range, a category, who paid and, on /expenses, the group
 * (or personal expenses only). A range that ends before it starts is not applied.
 */
export function ExpenseFiltersBar({
  value,
  onChange,
  categories,
  payers,
  groups,
}: {
  value: ExpenseFilters;
  onChange: (filters: ExpenseFilters) => void;
  categories: FilterChoice[];
  payers: FilterChoice[];
  /** Offered on /expenses only. */
  groups?: FilterChoice[];
}) {
  const { t } = useTranslation();
  const [from, setFrom] = useState(value.from ?? '');
  const [to, setTo] = useState(value.to ?? '');
  const rangeError = from !== '' && to !== '' && from > to;

  const setDates = (nextFrom: string, nextTo: string) => {
    setFrom(nextFrom);
    setTo(nextTo);
    if (nextFrom !== '' && nextTo !== '' && nextFrom > nextTo) return;
    onChange({ ...value, from: nextFrom || undefined, to: nextTo || undefined });
  };
  const groupValue = value.personal ? PERSONAL : value.group_id ? String(value.group_id) : ANY;
  const active =
    Object.values(value).some((entry) => entry !== undefined) || from !== '' || to !== '';

  return (
    <Card withBorder padding="sm" component="section" aria-label={t('expenses.filters.title')}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: groups ? 5 : 4 }} spacing="xs">
        {groups && (
          <NativeSelect
            label={t('expenses.filters.group')}
            value={groupValue}
            onChange={(event) => {
              const choice = event.currentTarget.value;
              // Categories and payers belong to a group: a new group starts them afresh.
              onChange({
                from: value.from,
                to: value.to,
                personal: choice === PERSONAL ? true : undefined,
                group_id: choice === ANY || choice === PERSONAL ? undefined : Number(choice),
              });
            }}
            data={[
              { value: ANY, label: t('expenses.filters.allGroups') },
              { value: PERSONAL, label: t('expenses.filters.personal') },
              ...groups.map((group) => ({ value: String(group.id), label: group.name })),
            ]}
          />
        )}
        <TextInput
          type="date"
          label={t('expenses.filters.from')}
          value={from}
          onChange={(event) => setDates(event.currentTarget.value, to)}
        />
        <TextInput
          type="date"
          label={t('expenses.filters.to')}
          value={to}
          onChange={(event) => setDates(from, event.currentTarget.value)}
          error={rangeError ? t('expenses.filters.rangeInvalid') : undefined}
        />
        <NativeSelect
          label={t('expenses.filters.category')}
          value={value.category_id ? String(value.category_id) : ANY}
          onChange={(event) => {
            const choice = event.currentTarget.value;
            onChange({ ...value, category_id: choice === ANY ? undefined : Number(choice) });
          }}
          data={[
            { value: ANY, label: t('expenses.filters.anyCategory') },
            ...categories.map((category) => ({ value: String(category.id), label: category.name })),
          ]}
        />
        <NativeSelect
          label={t('expenses.filters.paidBy')}
          value={value.paid_by ? String(value.paid_by) : ANY}
          onChange={(event) => {
            const choice = event.currentTarget.value;
            onChange({ ...value, paid_by: choice === ANY ? undefined : Number(choice) });
          }}
          data={[
            { value: ANY, label: t('expenses.filters.anyone') },
            ...payers.map((payer) => ({ value: String(payer.id), label: payer.name })),
          ]}
        />
      </SimpleGrid>
      {active && (
        <Group justify="flex-end" mt="xs">
          <Button
            size="xs"
            variant="subtle"
            onClick={() => {
              setFrom('');
              setTo('');
              onChange({});
            }}
          >
            {t('expenses.filters.clear')}
          </Button>
        </Group>
      )}
    </Card>
  );
}
