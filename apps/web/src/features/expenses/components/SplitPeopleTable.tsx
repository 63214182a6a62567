import type { ExpenseSplitType } from '@household/contracts';
import { Checkbox, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../lib/i18n';
import type { Problem, SplitDraft, SplitPreview } from '../split-draft';
import { say } from './expense-form-values';

const VALUE_LABELS: Partial<Record<ExpenseSplitType, TranslationKey>> = {
  exact: 'expenses.form.exactFor',
  percentage: 'expenses.form.percentFor',
  shares: 'expenses.form.sharesFor',
};

/**
 * The split's live preview, a row per person: whether they share it, their entry (for the types
 * that have one), and their share as it will be saved.
 */
export function SplitPeopleTable({
  draft,
  people,
  preview,
  amountKnown,
  currency,
  format,
  onParticipant,
  onValue,
}: {
  draft: SplitDraft;
  people: { id: number; name: string }[];
  preview: SplitPreview;
  amountKnown: boolean;
  currency: string;
  format: (cents: number) => string;
  onParticipant: (userId: number, checked: boolean) => void;
  onValue: (userId: number, value: string) => void;
}) {
  const { t } = useTranslation();
  const chosen = new Set(draft.participants);
  const valueLabel = VALUE_LABELS[draft.type];
  return (
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
            const share = preview.shares?.get(person.id);
            return (
              <Table.Tr key={person.id}>
                <Table.Td>
                  <Checkbox
                    label={person.name}
                    checked={chosen.has(person.id)}
                    onChange={(event) => onParticipant(person.id, event.currentTarget.checked)}
                  />
                </Table.Td>
                {valueLabel && (
                  <Table.Td>
                    {chosen.has(person.id) && (
                      <SplitValueInput
                        type={draft.type}
                        label={t(valueLabel, { name: person.name })}
                        currency={currency}
                        value={draft.values[person.id] ?? ''}
                        onChange={(value) => onValue(person.id, value)}
                        problem={preview.fieldErrors.get(person.id)}
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
  );
}

/** One person's entry: an amount in the currency, a percentage, or a number of shares. */
function SplitValueInput({
  type,
  label,
  currency,
  value,
  onChange,
  problem,
}: {
  type: ExpenseSplitType;
  label: string;
  currency: string;
  value: string;
  onChange: (value: string) => void;
  problem: Problem | undefined;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      aria-label={label}
      size="xs"
      w={110}
      inputMode={type === 'shares' ? 'numeric' : 'decimal'}
      placeholder={type === 'shares' ? '1' : '0'}
      rightSection={
        type === 'percentage' ? (
          <Text size="xs">%</Text>
        ) : type === 'exact' ? (
          <Text size="xs">{currency}</Text>
        ) : undefined
      }
      rightSectionWidth={type === 'exact' ? 40 : undefined}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={problem ? say(t, problem) : undefined}
    />
  );
}
