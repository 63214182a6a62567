import {
  ZExpense,
  ZExpenseSeries,
  type Expense,
  type ExpenseSeries,
  type ListDetail,
} from '@household/contracts';
import { Alert, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/api-context';
import { PageLoader } from '../../../components/PageLoader';
import { expenseCategoriesQueryOptions, fetchExpense, fetchSeries } from '../api/queries';
import {
  groupQueryOptions,
  myGroupsQueryOptions,
  preferencesQueryOptions,
} from '../../../lib/shared-queries';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { refreshMoney } from '../api/mutations';
import type { ItemScope } from './expense-form-values';
import { ExpenseFields } from './ExpenseFields';

/** What the form is for: a new expense (in a group, personal, or chosen in the form) or an edit. */
export interface ExpenseFormTarget {
  /** Editing this expense; absent: adding one. */
  expense?: Expense;
  /** Editing this recurring bill: its next occurrences change, past ones stay as they were. */
  series?: ExpenseSeries;
  /**
   * The group of a new expense: a group's id, null for a personal expense, undefined to let the
   * person choose (on /expenses).
   */
  groupId?: number | null;
  /** The list a new expense is for: its priced items can be split item by item. */
  list?: ListDetail | null;
  /**
   * "Split this shop": start as an item-based split of the list's bought (ticked) priced items,
   * for their total, each item everyone's until someone says who takes it.
   */
  shop?: boolean;
  /**
   * The items of a receipt just read from a photo: start as an item-based split of these (those
   * with a price), for their total.
   */
  itemIds?: readonly number[];
}

function itemScope(target: ExpenseFormTarget): ItemScope {
  if (target.itemIds) return { kind: 'these', itemIds: new Set(target.itemIds) };
  return target.shop ? { kind: 'bought' } : { kind: 'all' };
}

const PERSONAL = 'personal';

/** spec §2/§4: add or edit an expense, with a live preview of everyone's share. */
export function ExpenseFormModal({
  opened,
  target,
  onClose,
}: {
  opened: boolean;
  target: ExpenseFormTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={
        target?.series
          ? t('expenses.series.editTitle')
          : target?.expense
            ? t('expenses.form.editTitle')
            : t('expenses.form.addTitle')
      }
    >
      {opened && target && <ExpenseFormBody target={target} onClose={onClose} />}
    </Modal>
  );
}

function ExpenseFormBody({ target, onClose }: { target: ExpenseFormTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  // The expense the form starts from; after a 409 it is the expense as it is now.
  const [base, setBase] = useState<Expense | undefined>(target.expense);
  const [seriesBase, setSeriesBase] = useState<ExpenseSeries | undefined>(target.series);
  const [conflict, setConflict] = useState(false);
  const fixedGroup = base ? base.group_id : seriesBase ? seriesBase.group_id : target.groupId;
  const [chosenGroup, setChosenGroup] = useState<number | null>(null);
  const groupId = fixedGroup === undefined ? chosenGroup : fixedGroup;
  // One key per form: a retry after a lost answer is applied once (docs/expenses.md "Screens").
  const [idempotencyKey] = useState(newIdempotencyKey);

  const myGroups = useQuery({ ...myGroupsQueryOptions(api), enabled: fixedGroup === undefined });
  const group = useQuery({
    ...groupQueryOptions(api, groupId ?? 0),
    enabled: groupId !== null,
  });
  const preferences = useQuery({ ...preferencesQueryOptions(api), enabled: groupId === null });
  const categories = useQuery(expenseCategoriesQueryOptions(api, groupId));

  const onConflict = async (current: unknown) => {
    if (seriesBase) {
      const parsed = ZExpenseSeries.safeParse(current);
      const latest = parsed.success
        ? parsed.data
        : await fetchSeries(api, seriesBase.id).catch(() => null);
      void refreshMoney(queryClient);
      if (latest) setSeriesBase(latest);
      setConflict(true);
      return;
    }
    const parsed = ZExpense.safeParse(current);
    let latest = parsed.success ? parsed.data : null;
    if (!latest && base) latest = await fetchExpense(api, base.id).catch(() => null);
    void refreshMoney(queryClient);
    if (latest) setBase(latest);
    setConflict(true);
  };

  if (groupId !== null && !group.data) {
    return group.isError ? (
      <Alert color="red" role="alert">
        {t('expenses.form.loadFailed')}
      </Alert>
    ) : (
      <PageLoader py="lg" />
    );
  }
  const currency =
    base?.currency ??
    seriesBase?.currency ??
    group.data?.currency ??
    preferences.data?.currency ??
    target.list?.currency;

  return (
    <Stack>
      {fixedGroup === undefined && (
        <NativeSelect
          label={t('expenses.form.group')}
          value={chosenGroup === null ? PERSONAL : String(chosenGroup)}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setChosenGroup(value === PERSONAL ? null : Number(value));
          }}
          data={[
            { value: PERSONAL, label: t('expenses.form.personal') },
            ...(myGroups.data ?? []).map((choice) => ({
              value: String(choice.id),
              label: choice.name,
            })),
          ]}
        />
      )}
      {seriesBase && (
        <Text size="sm" c="dimmed">
          {t('expenses.series.editHint')}
        </Text>
      )}
      {conflict && (
        <Alert color="yellow" role="alert" title={t('expenses.form.conflictTitle')}>
          {seriesBase ? t('expenses.series.conflict') : t('expenses.form.conflict')}
        </Alert>
      )}
      <ExpenseFields
        key={`${groupId ?? PERSONAL}-${base?.version ?? seriesBase?.version ?? 'new'}`}
        expense={base}
        series={seriesBase}
        groupId={groupId}
        members={group.data?.members ?? []}
        currency={currency ?? 'EUR'}
        categories={categories.data ?? []}
        list={target.list ?? null}
        scope={itemScope(target)}
        idempotencyKey={idempotencyKey}
        onConflict={onConflict}
        onClose={onClose}
      />
    </Stack>
  );
}
