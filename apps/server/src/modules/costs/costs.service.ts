import type { CostSummary } from '@household/contracts';
import { summarizeListCosts } from '@household/domain';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { groupMembers, items, type UserRow } from '../../db/schema';
import { People } from '../people/people';
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
  const ids = summary.rows.flatMap((row) => (row.key === null ? [] : [row.key]));
  const people = await People.load(ctx.db, ctx.config, ids);
  return {
    list_id: listId,
    // A personal list is visible to its owner alone, so the caller's currency is the owner's.
    currency: group?.currency ?? actor.currency,
    total_cents: summary.totalCents,
    equal_share_cents: summary.equalShareCents,
    participants: summary.rows.map((row) => ({
      user: people.found(row.key),
      items_added_cents: row.itemsAddedCents,
      amount_due_cents: row.amountDueCents,
      balance_cents: row.balanceCents,
    })),
  };
}
