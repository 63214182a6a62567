import { EXPENSE_SPLIT_TYPES, type ExpenseSplitType } from '@household/contracts';
import { Checkbox, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../lib/i18n';
import {
  formatPercent,
  type previewSplit,
  type SplitDraft,
  type SplitItemDraft,
} from '../split-draft';
import { say } from './expense-form-values';

const VALUE_LABELS: Partial<Record<ExpenseSplitType, TranslationKey>> = {
  exact: 'expenses.form.exactFor',
  percentage: 'expenses.form.percentFor',
  shares: 'expenses.form.sharesFor',
};

/** The split part of the expense form: type, participants, their entries and the live preview. */
export function SplitFields({
  draft,
  setDraft,
  people,
  preview,
  amountKnown,
  itemBasedOffered,
  currency,
  format,
  submitted,
}: {
  draft: SplitDraft;
  setDraft: (update: (draft: SplitDraft) => SplitDraft) => void;
  people: { id: number; name: string }[];
  preview: ReturnType<typeof previewSplit>;
  amountKnown: boolean;
  itemBasedOffered: boolean;
  currency: string;
  format: (cents: number) => string;
  submitted: boolean;
}) {
  const { t, i18n } = useTranslation();
  const chosen = new Set(draft.participants);
  const valueLabel = VALUE_LABELS[draft.type];
  const order = new Map(people.map((person, index) => [person.id, index]));
  const toggle = (userId: number, checked: boolean) =>
    setDraft((current) => ({
      ...current,
      participants: checked
        ? [...current.participants.filter((id) => id !== userId), userId].sort(
            (a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0),
          )
        : current.participants.filter((id) => id !== userId),
    }));
  const setValue = (userId: number, value: string) =>
    setDraft((current) => ({ ...current, values: { ...current.values, [userId]: value } }));
  const toggleTaker = (index: number, userId: number, checked: boolean) =>
    setDraft((current) => ({
      ...current,
      items: current.items.map((item, i) =>
        i !== index
          ? item
          : {
              ...item,
              takers: checked
                ? [...item.takers, userId]
                : item.takers.filter((taker) => taker !== userId),
            },
      ),
    }));

  const difference = preview.difference;
  const remainder =
    difference === null || difference === 0
      ? null
      : draft.type === 'percentage'
        ? formatPercent(Math.abs(difference), i18n.language)
        : format(Math.abs(difference));
  const splitTypes = EXPENSE_SPLIT_TYPES.filter(
    (type) => type !== 'item_based' || itemBasedOffered,
  );

  return (
    <Stack gap="xs">
      <NativeSelect
        label={t('expenses.form.splitType')}
        value={draft.type}
        onChange={(event) => {
          const type = event.currentTarget.value as ExpenseSplitType;
          setDraft((current) => ({ ...current, type, values: {} }));
        }}
        data={splitTypes.map((type) => ({ value: type, label: t(`expenses.splitType.${type}`) }))}
      />
      <Table.ScrollContainer minWidth={300} type="native" tabIndex={0}>
        <Table aria-label={t('expenses.form.preview')} verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('expenses.form.person')}</Table.Th>
              {valueLabel && <Table.Th>{t(`expenses.form.column.${draft.type}`)}</Table.Th>}
              <Table.Th ta="right">{t('expenses.form.share')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {people.map((person) => {
              const fieldError = preview.fieldErrors.get(person.id);
              const share = preview.shares?.get(person.id);
              return (
                <Table.Tr key={person.id}>
                  <Table.Td>
                    <Checkbox
                      label={person.name}
                      checked={chosen.has(person.id)}
                      onChange={(event) => toggle(person.id, event.currentTarget.checked)}
                    />
                  </Table.Td>
                  {valueLabel && (
                    <Table.Td>
                      {chosen.has(person.id) && (
                        <TextInput
                          aria-label={t(valueLabel, { name: person.name })}
                          size="xs"
                          w={110}
                          inputMode={draft.type === 'shares' ? 'numeric' : 'decimal'}
                          placeholder={draft.type === 'shares' ? '1' : '0'}
                          rightSection={
                            draft.type === 'percentage' ? (
                              <Text size="xs">%</Text>
                            ) : draft.type === 'exact' ? (
                              <Text size="xs">{currency}</Text>
                            ) : undefined
                          }
                          rightSectionWidth={draft.type === 'exact' ? 40 : undefined}
                          value={draft.values[person.id] ?? ''}
                          onChange={(event) => setValue(person.id, event.currentTarget.value)}
                          error={fieldError ? say(t, fieldError) : undefined}
                        />
                      )}
                    </Table.Td>
                  )}
                  <Table.Td ta="right" data-testid={`share-${person.id}`}>
                    {chosen.has(person.id) && share !== undefined && amountKnown
                      ? format(share)
                      : '–'}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      {draft.type === 'item_based' && (
        <ItemTakers
          items={draft.items}
          people={people.filter((person) => chosen.has(person.id))}
          format={format}
          onToggle={toggleTaker}
        />
      )}

      <div role="status" aria-live="polite" data-testid="split-status-line">
        {remainder !== null && difference !== null ? (
          <Text size="sm" c="red" fw={600}>
            {difference > 0
              ? t('expenses.form.leftToAssign', { amount: remainder })
              : t('expenses.form.tooMuch', { amount: remainder })}
          </Text>
        ) : preview.error && (submitted || draft.participants.length === 0) ? (
          <Text size="sm" c="red">
            {say(t, preview.error)}
          </Text>
        ) : !amountKnown ? (
          <Text size="sm" c="dimmed">
            {t('expenses.form.enterAmountForPreview')}
          </Text>
        ) : null}
      </div>
    </Stack>
  );
}

function ItemTakers({
  items,
  people,
  format,
  onToggle,
}: {
  items: SplitItemDraft[];
  people: { id: number; name: string }[];
  format: (cents: number) => string;
  onToggle: (index: number, userId: number, checked: boolean) => void;
}) {
  const { t } = useTranslation();
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('expenses.form.noPricedItems')}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('expenses.form.itemsHint')}
      </Text>
      {items.map((item, index) => (
        <Stack
          key={item.itemId ?? `item-${index}`}
          gap={4}
          component="fieldset"
          style={{ border: 0, padding: 0, margin: 0 }}
        >
          <Text component="legend" size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {t('expenses.form.itemLine', {
              name: item.name || t('expenses.form.unnamedItem'),
              price: format(item.priceCents),
            })}
          </Text>
          <Group gap="sm">
            {people.map((person) => (
              <Checkbox
                key={person.id}
                size="xs"
                label={person.name}
                aria-label={t('expenses.form.takesItem', {
                  name: person.name,
                  item: item.name || t('expenses.form.unnamedItem'),
                })}
                checked={item.takers.includes(person.id)}
                onChange={(event) => onToggle(index, person.id, event.currentTarget.checked)}
              />
            ))}
          </Group>
        </Stack>
      ))}
    </Stack>
  );
}
