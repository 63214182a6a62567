import type { Expense, ExpenseSeries, GroupMember, ListDetail } from '@household/contracts';
import { Alert, Button, Group, List as BulletList, Stack, Text } from '@mantine/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { money } from '../../../lib/money';
import type { ItemScope } from './expense-form-values';
import { ExpenseDetailsFields } from './ExpenseDetailsFields';
import { PayersFields } from './PayersFields';
import { PaidInFields } from './PaidInFields';
import { RepeatFields } from './RepeatFields';
import { withType } from './split-draft-edits';
import { SplitFields } from './SplitFields';
import { useExpenseForm } from './use-expense-form';
import { useSaveExpense } from './use-save-expense';
import { useSaveSeries } from './use-save-series';

/**
 * The expense form itself: its fields, whether it repeats, the split of a group expense, and
 * saving. A new expense that repeats is saved as a recurring bill (issue 26 §1), which makes its
 * first expense on the form's date.
 */
export function ExpenseFields({
  expense,
  series,
  groupId,
  members,
  currency,
  categories,
  list,
  scope,
  idempotencyKey,
  onConflict,
  onClose,
}: {
  expense: Expense | undefined;
  /** The recurring bill being edited. */
  series?: ExpenseSeries;
  groupId: number | null;
  members: GroupMember[];
  currency: string;
  categories: { id: number; name: string }[];
  list: ListDetail | null;
  scope: ItemScope;
  idempotencyKey: string;
  onConflict: (current: unknown) => Promise<void>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const form = useExpenseForm({ expense, series, groupId, members, currency, list, scope });
  const saving = useSaveExpense({ expense, groupId, list, idempotencyKey, onConflict, onClose });
  const seriesSaving = useSaveSeries({
    series,
    groupId,
    idempotencyKey,
    onConflict,
    onClose,
  });
  const isGroup = groupId !== null;
  // An expense of a list, or one already made, does not become a recurring bill.
  const repeatOffered = series !== undefined || (expense === undefined && list === null);
  const itemBasedOffered = list !== null || form.draft.type === 'item_based';
  // The split is typed and shown in what was paid (docs/expenses.md "Currencies").
  const format = (cents: number) => money(cents, form.entryCurrency, i18n.language);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.setSubmitted(true);
    saving.clearServerErrors();
    seriesSaving.clearServerErrors();
    if (form.repeats) {
      const toSave = form.seriesToSave();
      if (toSave) seriesSaving.save(toSave);
      return;
    }
    const fields = form.fieldsToSave();
    if (fields) saving.save(fields);
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <ExpenseDetailsFields
          values={form.values}
          set={form.set}
          show={form.show}
          currency={form.entryCurrency}
          members={members}
          isGroup={isGroup}
          categories={categories}
          expense={expense}
          variable={form.variable}
          severalPayersOffered={!form.repeats}
          currencyFields={
            // A list's prices are in its currency, and a recurring bill is in the home one.
            series === undefined &&
            list === null && (
              <PaidInFields
                values={form.values}
                set={form.set}
                show={form.show}
                home={currency}
                foreign={form.foreign}
                rateText={form.rateText}
                homeCents={form.homeCents}
              />
            )
          }
          repeatFields={
            repeatOffered && (
              <RepeatFields
                repeat={form.repeat}
                setRepeat={form.setRepeat}
                date={form.values.date}
                editing={series !== undefined}
                showError={form.showRepeat}
                onVariable={(variable) => {
                  // An exact split needs the total: a variable bill is split equally instead.
                  if (variable) {
                    form.setDraft((draft) =>
                      draft.type === 'exact' ? withType(draft, 'equal') : draft,
                    );
                  }
                }}
              />
            )
          }
        />
        {form.severalPayers && (
          <PayersFields
            members={members}
            amounts={form.payerAmounts}
            setAmounts={form.setPayerAmounts}
            check={form.payerCheck}
            currency={currency}
            format={format}
            submitted={form.submitted}
          />
        )}
        {isGroup ? (
          <SplitFields
            draft={form.draft}
            setDraft={form.setDraft}
            people={form.people}
            preview={form.preview}
            amountKnown={form.amountKnown}
            itemBasedOffered={itemBasedOffered && !form.repeats}
            variable={form.variable}
            currency={form.entryCurrency}
            format={format}
            submitted={form.submitted}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('expenses.form.personalHint')}
          </Text>
        )}
        <ServerErrors messages={form.repeats ? seriesSaving.serverErrors : saving.serverErrors} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" loading={saving.isPending || seriesSaving.isPending}>
            {expense || series ? t('app.save') : t('expenses.form.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** What the server refused: one message alone, several as a list under one title. */
function ServerErrors({ messages }: { messages: string[] }) {
  const { t } = useTranslation();
  return (
    <>
      {messages.length === 1 && (
        <Alert color="red" role="alert">
          {messages[0]}
        </Alert>
      )}
      {messages.length > 1 && (
        <Alert color="red" role="alert" title={t('expenses.form.saveFailed')}>
          <BulletList size="sm">
            {messages.map((message) => (
              <BulletList.Item key={message}>{message}</BulletList.Item>
            ))}
          </BulletList>
        </Alert>
      )}
    </>
  );
}
