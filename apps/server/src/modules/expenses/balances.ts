import type { GroupBalances, MyBalances } from '@household/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { groupMembers, groups, type UserRow } from '../../db/schema';
import { requireMembership } from '../groups/membership';
import { People } from '../people/people';
import { readBalances } from './ledger';

/**
 * Every member's net position, and anyone who left with a balance. Read from the positions each
 * change keeps up to date, so the cost does not grow with the number of expenses.
 */
export async function groupBalances(
  ctx: AppContext,
  actor: UserRow,
  groupId: number,
): Promise<GroupBalances> {
  const { group } = await requireMembership(ctx.db, groupId, actor.id);
  const [balances, members] = await Promise.all([
    readBalances(ctx.db, groupId),
    memberIdsOf(ctx, groupId),
  ]);
  const { positions } = await presentPositions(ctx, {
    group,
    balances,
    memberIds: members,
    alsoNamed: [],
  });
  return positions;
}

export async function memberIdsOf(ctx: AppContext, groupId: number): Promise<Set<number>> {
  const rows = await ctx.db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, groupId));
  return new Set(rows.map((row) => row.userId));
}

interface PresentPositionsOptions {
  group: { id: number; currency: string };
  balances: readonly { userId: number; netCents: number }[];
  memberIds: ReadonlySet<number>;
  /** People named beside the positions, e.g. the two sides of the suggested transfers. */
  alsoNamed: readonly number[];
}

/** Members and anyone else with a balance, by id, with the names of those and of `alsoNamed`. */
export async function presentPositions(
  ctx: AppContext,
  { group, balances, memberIds, alsoNamed }: PresentPositionsOptions,
) {
  const net = new Map(balances.map((row) => [row.userId, row.netCents]));
  const ids = [
    ...new Set([...memberIds, ...balances.filter((b) => b.netCents !== 0).map((b) => b.userId)]),
  ].sort((a, b) => a - b);
  const people = await People.load(ctx.db, ctx.config, [...ids, ...alsoNamed]);
  const positions: GroupBalances = {
    group_id: group.id,
    currency: group.currency,
    members: ids.map((id) => ({
      user: people.ref(id),
      is_member: memberIds.has(id),
      net_cents: net.get(id) ?? 0,
    })),
  };
  return { positions, people };
}

/**
 * My position with each person, per group I am in: what they owe me for expenses I paid, less
 * what I owe them for theirs, with the payments between us. Positive: they owe me.
 */
export async function myBalances(ctx: AppContext, actor: UserRow): Promise<MyBalances> {
  const me = actor.id;
  type Row = { group_id: number; other: number; cents: string };
  // Both drivers answer `rows`; the shared Db type does not say so.
  const result = (await ctx.db.execute(sql`
    select t.group_id, t.other, sum(t.cents)::bigint as cents from (
      select group_id, user_id as other, amount_cents as cents from expense_splits
        where payer_id = ${me} and user_id <> ${me} and group_id is not null
      union all
      select group_id, payer_id, -amount_cents from expense_splits
        where user_id = ${me} and payer_id <> ${me} and group_id is not null
      union all
      select group_id, to_id, amount_cents from settlements where from_id = ${me}
      union all
      select group_id, from_id, -amount_cents from settlements where to_id = ${me}
    ) t
    where t.group_id in (select group_id from group_members where user_id = ${me})
    group by t.group_id, t.other
    having sum(t.cents) <> 0
    order by t.group_id, t.other`)) as unknown as { rows: Row[] };
  const rows = result.rows.map((row) => ({
    groupId: Number(row.group_id),
    other: Number(row.other),
    cents: Number(row.cents),
  }));
  const mine = await ctx.db
    .select({
      groupId: groups.id,
      name: groups.name,
      currency: groups.currency,
      net: sql<
        string | null
      >`(select net_cents from group_balances b where b.group_id = ${groups.id} and b.user_id = ${me})`,
    })
    .from(groups)
    .innerJoin(groupMembers, and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, me)))
    .orderBy(groups.name, groups.id);
  const groupOf = new Map(mine.map((group) => [group.groupId, group]));
  const people = await People.load(
    ctx.db,
    ctx.config,
    rows.map((row) => row.other),
  );
  return {
    people: rows.map((row) => ({
      user: people.ref(row.other),
      group_id: row.groupId,
      group_name: groupOf.get(row.groupId)?.name ?? '',
      currency: groupOf.get(row.groupId)?.currency ?? 'EUR',
      balance_cents: row.cents,
    })),
    groups: mine.map((group) => ({
      group_id: group.groupId,
      group_name: group.name,
      currency: group.currency,
      net_cents: Number(group.net ?? 0),
    })),
  };
}
