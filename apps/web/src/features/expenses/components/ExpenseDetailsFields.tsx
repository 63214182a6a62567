import type { Expense, GroupMember } from '@household/contracts';
import { Group, NativeSelect, Text, TextInput, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NAME_RULES, personName } from '../../../lib/people';
import { SEVERAL_PAYERS } from '../payer-draft';
import type { Values } from './expense-form-values';

/** The expense form's own fields: description, amount, date, payer (in a group), category, notes. */
export function ExpenseDetailsFields({
  values,
  set,
  show,
  currency,
  members,
  isGroup,
  categories,
  expense,
  variable = false,
  severalPayersOffered = false,
  repeatFields,
  currencyFields,
}: {
  values: Values;
  set: (field: keyof Values) => (value: string) => void;
  /** The error shown under a field, once the form was submitted. */
  show: (field: keyof Values) => string | undefined;
  currency: string;
  members: GroupMember[];
  isGroup: boolean;
  categories: { id: number; name: string }[];
  /** The expense being edited: its category is offered even if it is gone from the list. */
  expense: Expense | undefined;
  /** A variable recurring bill: no amount now, each occurrence's is filled in later. */
  variable?: boolean;
  /** Whether "Paid by" offers "Several people" (an expense, not a recurring bill). */
  severalPayersOffered?: boolean;
  /** The Repeat part, right under the date it starts from. */
  repeatFields?: ReactNode;
  /** What it is paid in, right under the amount. */
  currencyFields?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={t('expenses.form.description')}
        required
        data-autofocus
        value={values.description}
        onChange={(event) => set('description')(event.currentTarget.value)}
        error={show('description')}
      />
      <Group grow align="flex-start" wrap="wrap">
        {!variable && (
          <TextInput
            label={t('expenses.form.amount')}
            required
            inputMode="decimal"
            rightSection={<Text size="xs">{currency}</Text>}
            rightSectionWidth={52}
            miw={140}
            value={values.amount}
            onChange={(event) => set('amount')(event.currentTarget.value)}
            error={show('amount')}
          />
        )}
        <TextInput
          label={t('expenses.form.date')}
          type="date"
          required
          miw={140}
          value={values.date}
          onChange={(event) => set('date')(event.currentTarget.value)}
          error={show('date')}
        />
      </Group>
      {currencyFields}
      {repeatFields}
      <Group grow align="flex-start" wrap="wrap">
        {isGroup && (
          <NativeSelect
            label={t('expenses.form.paidBy')}
            miw={140}
            value={values.paidBy}
            onChange={(event) => set('paidBy')(event.currentTarget.value)}
            data={[
              ...members.map((member) => ({
                value: String(member.id),
                label: personName(t, member, NAME_RULES.expenses),
              })),
              ...(severalPayersOffered
                ? [{ value: SEVERAL_PAYERS, label: t('expenses.form.severalPayers') }]
                : []),
            ]}
          />
        )}
        <NativeSelect
          label={t('expenses.form.category')}
          miw={140}
          value={values.categoryId}
          onChange={(event) => set('categoryId')(event.currentTarget.value)}
          data={categoryChoices(t('expenses.noCategory'), categories, expense)}
        />
      </Group>
      <Textarea
        label={t('expenses.form.notes')}
        autosize
        minRows={2}
        value={values.notes}
        onChange={(event) => set('notes')(event.currentTarget.value)}
        error={show('notes')}
      />
    </>
  );
}

function categoryChoices(
  noCategory: string,
  categories: { id: number; name: string }[],
  expense: Expense | undefined,
) {
  return [
    { value: '', label: noCategory },
    ...categories.map((category) => ({
      value: String(category.id),
      label: category.name,
    })),
    ...(expense?.category && !categories.some(({ id }) => id === expense.category!.id)
      ? [{ value: String(expense.category.id), label: expense.category.name }]
      : []),
  ];
}
