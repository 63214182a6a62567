import { EXPENSE_SPLIT_TYPES, type ExpenseSplitType } from '@household/contracts';
import { NativeSelect, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SplitDraft, SplitPreview } from '../split-draft';
import { ItemTakers } from './ItemTakers';
import {
  defaultShares,
  withParticipant,
  withTaker,
  withType,
  withValue,
} from './split-draft-edits';
import { SplitPeopleTable } from './SplitPeopleTable';
import { SplitStatusLine } from './SplitStatusLine';

/** The split part of the expense form: type, participants, their entries and the live preview. */
export function SplitFields({
  draft,
  setDraft,
  people,
  preview,
  amountKnown,
  itemBasedOffered,
  variable = false,
  currency,
  format,
  submitted,
}: {
  draft: SplitDraft;
  setDraft: (update: (draft: SplitDraft) => SplitDraft) => void;
  /** `weight`: the member's default weight of "shares" splits, in percent. */
  people: { id: number; name: string; weight?: number }[];
  preview: SplitPreview;
  amountKnown: boolean;
  itemBasedOffered: boolean;
  /** A variable recurring bill: no exact amounts, which need the total. */
  variable?: boolean;
  currency: string;
  format: (cents: number) => string;
  submitted: boolean;
}) {
  const { t } = useTranslation();
  const chosen = new Set(draft.participants);
  const order = new Map(people.map((person, index) => [person.id, index]));
  const splitTypes = EXPENSE_SPLIT_TYPES.filter(
    (type) => (type !== 'item_based' || itemBasedOffered) && (type !== 'exact' || !variable),
  );

  return (
    <Stack gap="xs">
      <NativeSelect
        label={t('expenses.form.splitType')}
        value={draft.type}
        onChange={(event) => {
          const type = event.currentTarget.value as ExpenseSplitType;
          setDraft((current) =>
            withType(current, type, type === 'shares' ? defaultShares(people) : {}),
          );
        }}
        data={splitTypes.map((type) => ({ value: type, label: t(`expenses.splitType.${type}`) }))}
      />
      <SplitPeopleTable
        draft={draft}
        people={people}
        preview={preview}
        amountKnown={amountKnown}
        currency={currency}
        format={format}
        onParticipant={(userId, checked) =>
          setDraft((current) => withParticipant(current, { userId, checked, order }))
        }
        onValue={(userId, value) => setDraft((current) => withValue(current, userId, value))}
      />

      {draft.type === 'item_based' && (
        <ItemTakers
          items={draft.items}
          people={people.filter((person) => chosen.has(person.id))}
          format={format}
          onToggle={(index, userId, checked) =>
            setDraft((current) => withTaker(current, { index, userId, checked }))
          }
        />
      )}

      <SplitStatusLine
        draft={draft}
        preview={preview}
        amountKnown={amountKnown}
        variable={variable}
        format={format}
        submitted={submitted}
      />
    </Stack>
  );
}
