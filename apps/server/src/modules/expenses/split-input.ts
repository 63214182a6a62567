import type { FieldError, SplitInputParsed } from '@household/contracts';
import {
  formatMoney,
  splitExpense,
  type Share,
  type SplitError,
  type SplitRequest,
} from '@household/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { categories, groupMembers, items } from '../../db/schema';
import { validationFailed } from '../../http/problem';

/** The people a split names, in the order given. */
export function splitPeople(split: SplitInputParsed): { userId: number; path: string }[] {
  switch (split.type) {
    case 'equal':
      return split.participants.map((userId, i) => ({ userId, path: `split.participants.${i}` }));
    case 'exact':
      return split.amounts.map((a, i) => ({
        userId: a.user_id,
        path: `split.amounts.${i}.user_id`,
      }));
    case 'percentage':
      return split.percentages.map((p, i) => ({
        userId: p.user_id,
        path: `split.percentages.${i}.user_id`,
      }));
    case 'shares':
      return split.shares.map((s, i) => ({ userId: s.user_id, path: `split.shares.${i}.user_id` }));
    case 'item_based':
      return [
        ...split.participants.map((userId, i) => ({ userId, path: `split.participants.${i}` })),
        ...split.items.flatMap((item, i) =>
          item.takers.map((userId, j) => ({ userId, path: `split.items.${i}.takers.${j}` })),
        ),
      ];
  }
}

export function toSplitRequest(split: SplitInputParsed): SplitRequest {
  switch (split.type) {
    case 'equal':
      return { type: 'equal', participants: split.participants };
    case 'exact':
      return {
        type: 'exact',
        amounts: split.amounts.map((a) => ({ userId: a.user_id, amountCents: a.amount_cents })),
      };
    case 'percentage':
      return {
        type: 'percentage',
        percentages: split.percentages.map((p) => ({
          userId: p.user_id,
          basisPoints: Math.round(p.percent * 100),
        })),
      };
    case 'shares':
      return {
        type: 'shares',
        shares: split.shares.map((s) => ({ userId: s.user_id, weight: s.weight })),
      };
    case 'item_based':
      return {
        type: 'item_based',
        participants: split.participants,
        items: split.items.map((item) => ({ priceCents: item.price_cents, takers: item.takers })),
      };
  }
}

/** A refusal of the split rules as a 400 naming the field and, for sums, the difference. */
function splitProblem(error: SplitError, currency: string): FieldError {
  switch (error.code) {
    case 'exact_sum_mismatch': {
      const difference = formatMoney(Math.abs(error.differenceCents), currency, 'en');
      return {
        path: 'split.amounts',
        code: 'exact_sum_mismatch',
        message:
          error.differenceCents > 0
            ? `The amounts must add up to the total: ${difference} left to assign`
            : `The amounts must add up to the total: ${difference} too much`,
      };
    }
    case 'percentage_sum_mismatch': {
      const difference = Math.abs(error.differenceBasisPoints) / 100;
      return {
        path: 'split.percentages',
        code: 'percentage_sum_mismatch',
        message:
          error.differenceBasisPoints > 0
            ? `The percentages must add up to 100: ${difference} % left to assign`
            : `The percentages must add up to 100: ${difference} % too much`,
      };
    }
    case 'duplicate_participant':
      return { path: 'split', code: 'duplicate_participant', message: 'A person is named twice' };
    case 'unknown_taker':
      return {
        path: 'split.items',
        code: 'unknown_taker',
        message: 'Everyone who takes an item must share the expense',
      };
    case 'zero_weights':
      return { path: 'split', code: 'zero_weights', message: 'Someone must have a share' };
    case 'no_participants':
      return { path: 'split', code: 'required', message: 'Choose at least one person' };
    case 'invalid_amount':
    case 'negative_value':
      return { path: 'split', code: 'invalid', message: 'Amounts cannot be negative' };
  }
}

export interface SplitContext {
  groupId: number;
  listId: number | null;
  amountCents: number;
  currency: string;
  /** The expense's id: where the odd cents start (docs/expenses.md "Splits"). */
  rotation: number;
}

/**
 * The shares of a group expense, checked: everyone named is a member of the group now, an item
 * named is on the expense's list, and the split rules hold.
 */
export async function sharesOf(
  tx: Tx,
  split: SplitInputParsed,
  context: SplitContext,
): Promise<Share[]> {
  const people = splitPeople(split);
  const members = await tx
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.groupId, context.groupId),
        inArray(groupMembers.userId, [...new Set(people.map((p) => p.userId)), -1]),
      ),
    );
  const memberIds = new Set(members.map((m) => m.userId));
  const strangers = people.filter((person) => !memberIds.has(person.userId));
  if (strangers.length > 0) {
    throw validationFailed(
      strangers.map(({ path }) => ({
        path,
        code: 'not_a_member',
        message: 'Everyone in a split must be a member of the group',
      })),
    );
  }
  if (split.type === 'item_based') await assertItemsOnList(tx, split, context.listId);
  const outcome = splitExpense(context.amountCents, toSplitRequest(split), {
    rotation: context.rotation,
  });
  if (!outcome.ok) throw validationFailed([splitProblem(outcome.error, context.currency)]);
  return outcome.shares;
}

async function assertItemsOnList(
  tx: Tx,
  split: Extract<SplitInputParsed, { type: 'item_based' }>,
  listId: number | null,
) {
  const named = split.items.flatMap((item, i) =>
    item.item_id === null || item.item_id === undefined ? [] : [{ id: item.item_id, i }],
  );
  if (named.length === 0) return;
  const found =
    listId === null
      ? []
      : await tx
          .select({ id: items.id })
          .from(items)
          .where(
            and(
              eq(items.listId, listId),
              inArray(
                items.id,
                named.map((n) => n.id),
              ),
            ),
          );
  const onList = new Set(found.map((row) => row.id));
  const missing = named.filter((n) => !onList.has(n.id));
  if (missing.length > 0) {
    throw validationFailed(
      missing.map(({ i }) => ({
        path: `split.items.${i}.item_id`,
        code: 'invalid_reference',
        message: "No such item on the expense's list",
      })),
    );
  }
}

/** An expense category of the group (or, for a personal expense, of its owner); else 400. */
export async function assertExpenseCategory(
  tx: Tx,
  categoryId: number | null | undefined,
  owner: { groupId: number | null; userId: number },
) {
  if (categoryId === null || categoryId === undefined) return;
  const [row] = await tx.select().from(categories).where(eq(categories.id, categoryId));
  const fits =
    row &&
    row.kind === 'expense' &&
    (owner.groupId === null ? row.userId === owner.userId : row.groupId === owner.groupId);
  if (!fits) {
    throw validationFailed([
      { path: 'category_id', code: 'invalid_reference', message: 'No such expense category' },
    ]);
  }
}
