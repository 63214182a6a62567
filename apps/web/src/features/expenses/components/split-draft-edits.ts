/** The changes the split part of the expense form makes to its draft, each a pure step. */
import type { ExpenseSplitType } from '@household/contracts';
import type { SplitDraft } from '../split-draft';

/**
 * Another split type: the entries typed for the last one mean nothing to it. It starts from
 * `defaults` instead, e.g. the members' default weights for "shares" (docs/expenses.md "Weights").
 */
export const withType = (
  draft: SplitDraft,
  type: ExpenseSplitType,
  defaults: Record<number, string> = {},
): SplitDraft => ({
  ...draft,
  type,
  values: { ...defaults },
});

/** The members' default weights as the entries of a "shares" split: the percent as the weight. */
export const defaultShares = (
  people: readonly { id: number; weight?: number | undefined }[],
): Record<number, string> =>
  Object.fromEntries(
    people.flatMap((person) =>
      person.weight === undefined ? [] : [[person.id, String(person.weight)]],
    ),
  );

/** Someone in or out of the split; participants stay in `order` (the people shown). */
export const withParticipant = (
  draft: SplitDraft,
  { userId, checked, order }: { userId: number; checked: boolean; order: Map<number, number> },
): SplitDraft => ({
  ...draft,
  participants: checked
    ? [...draft.participants.filter((id) => id !== userId), userId].sort(
        (a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0),
      )
    : draft.participants.filter((id) => id !== userId),
});

/** One person's entry as typed: an amount, a percentage or a number of shares. */
export const withValue = (draft: SplitDraft, userId: number, value: string): SplitDraft => ({
  ...draft,
  values: { ...draft.values, [userId]: value },
});

/** Someone taking, or no longer taking, the item at `index`. */
export const withTaker = (
  draft: SplitDraft,
  { index, userId, checked }: { index: number; userId: number; checked: boolean },
): SplitDraft => ({
  ...draft,
  items: draft.items.map((item, i) =>
    i !== index
      ? item
      : {
          ...item,
          takers: checked
            ? [...item.takers, userId]
            : item.takers.filter((taker) => taker !== userId),
        },
  ),
});
