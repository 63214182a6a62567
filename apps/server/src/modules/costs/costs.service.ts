import type { CostSummary } from '@household/contracts';
import { summarizeListCosts } from '@household/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { groupMembers, items, users, type UserRow } from '../../db/schema';
import { personColumns, presentPerson, type PersonFields } from '../groups/groups.presenter';
import { requireVisibleList } from '../lists/lists.policy';

/**
 * spec §3 cost summary (docs/lists.md): participants are the group's members by user id (the
 * order the remainder cents follow), or the owner of a personal list.
 */
export async function listCostSummary(
  ctx: AppContext,
  actor: UserRow,
  listId: number,
): Promise<CostSummary> {
  const { list, group } = await requireVisibleList(ctx.db, listId, actor.id);
  const participants =
    list.groupId === null
      ? [list.ownerId ?? actor.id]
      : (
          await ctx.db
            .select({ userId: groupMembers.userId })
            .from(groupMembers)
            .where(eq(groupMembers.groupId, list.groupId))
            .orderBy(asc(groupMembers.userId))
        ).map((row) => row.userId);
  const priced = await ctx.db
    .select({ addedBy: items.addedBy, priceCents: items.priceCents })
    .from(items)
    .where(eq(items.listId, listId));
  const summary = summarizeListCosts<number>({ participants, items: priced });
  const ids = summary.rows.map((row) => row.key).filter((key): key is number => key !== null);
  const people = new Map<number, PersonFields>(
    (
      await ctx.db
        .select(personColumns(users))
        .from(users)
        .where(inArray(users.id, ids.length > 0 ? ids : [-1]))
    ).map((person) => [person.id, person]),
  );
  return {
    list_id: listId,
    // A personal list is visible to its owner alone, so the caller's currency is the owner's.
    currency: group?.currency ?? actor.currency,
    total_cents: summary.totalCents,
    equal_share_cents: summary.equalShareCents,
    participants: summary.rows.map((row) => {
      const person = row.key === null ? undefined : people.get(row.key);
      return {
        user: person ? presentPerson(person, ctx.config) : null,
        items_added_cents: row.itemsAddedCents,
        amount_due_cents: row.amountDueCents,
        balance_cents: row.balanceCents,
      };
    }),
  };
}
